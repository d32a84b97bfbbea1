// Writes man/infra.1 from the built command tree (npm run man builds first).
// `--check` exits 1 when the committed page differs, without writing.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const { manPage } = await import(new URL('dist/main.js', root).href);
const page = await manPage(pkg.version);
const target = new URL('man/infra.1', root);

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing counts as out of date
  }
  if (current !== page) {
    console.error('man/infra.1 is out of date: run npm run man');
    process.exitCode = 1;
  }
} else {
  mkdirSync(new URL('man/', root), { recursive: true });
  writeFileSync(target, page);
  console.log(`wrote man/infra.1 (${page.length} bytes)`);
}
