// Writes the command reference, docs/commands/, from the built command tree (npm run docs
// builds first): one page per command, the help topics and an index. Pages of commands that
// no longer exist are removed. `--check` exits 1 when the committed pages differ, without
// writing (test/ship/command-docs.test.ts checks the same from the sources).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const root = new URL('../', import.meta.url);
const dir = new URL('docs/commands/', root);
const { commandDocs } = createRequire(import.meta.url)(new URL('dist/cli/main.cjs', root).pathname);
const pages = await commandDocs();

const committed = (() => {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.md'));
  } catch {
    return [];
  }
})();
const stale = committed.filter((f) => !(f in pages));
const changed = Object.keys(pages).filter((f) => !committed.includes(f) || readFileSync(new URL(f, dir), 'utf8') !== pages[f]);

if (process.argv.includes('--check')) {
  if (stale.length || changed.length) {
    console.error(`docs/commands/ is out of date (${changed.length} changed, ${stale.length} stale): run npm run docs`);
    process.exitCode = 1;
  }
} else {
  mkdirSync(dir, { recursive: true });
  for (const f of stale) rmSync(new URL(f, dir));
  for (const f of changed) writeFileSync(new URL(f, dir), pages[f]);
  console.log(`docs/commands/: ${Object.keys(pages).length} pages (${changed.length} written, ${stale.length} removed)`);
}
