// Bundles the CLI into dist/ with code splitting: each command's module becomes a chunk
// loaded on demand, so start-up pays only for what the command uses.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { main: 'src/cli/main.ts', lib: 'src/lib.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  chunkNames: 'chunks/[name]-[hash]',
  minifySyntax: true,
  legalComments: 'none',
  define: { __INFRA_VERSION__: JSON.stringify(pkg.version) },
  // CommonJS dependencies (cli-table3) call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __infraCreateRequire } from 'node:module'; const require = __infraCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
