// Bundles the CLI into dist/ with code splitting: each command's module becomes a chunk
// loaded on demand, so start-up pays only for what the command uses. The bundle is built
// beside dist/ and swapped in, so a failed build leaves the previous one usable.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, renameSync, writeFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);

// The simulator serves REST only (msw `http` handlers), but msw reaches its GraphQL parser
// through a dynamic import('graphql'), so esbuild shipped graphql as a 690 KB chunk nothing
// runs. It resolves to an empty module instead: a GraphQL handler, were one ever added, gets
// msw's own "cannot import the graphql module" error.
const noGraphql = {
  name: 'no-graphql',
  setup(b) {
    b.onResolve({ filter: /^graphql(\/.*)?$/ }, (args) => ({ path: args.path, namespace: 'no-graphql' }));
    b.onLoad({ filter: /.*/, namespace: 'no-graphql' }, () => ({ contents: 'throw new Error("graphql is not bundled with infra");', loader: 'js' }));
  },
};

const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const next = new URL(`dist.next-${process.pid}/`, root);
const old = new URL(`dist.old-${process.pid}/`, root);

try {
  await build({
    entryPoints: { main: 'src/cli/main.ts', lib: 'src/lib.ts' },
    outdir: next.pathname,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    chunkNames: 'chunks/[name]-[hash]',
    minifySyntax: true,
    legalComments: 'none',
    define: { __INFRA_VERSION__: JSON.stringify(pkg.version) },
    // CommonJS dependencies (cli-table3, undici) call require(); give the ESM bundle one.
    banner: { js: "import { createRequire as __infraCreateRequire } from 'node:module'; const require = __infraCreateRequire(import.meta.url);" },
    logLevel: 'warning',
    plugins: [noGraphql],
  });
  // Type declarations for library users (`import { Client } from 'infra-cli'`).
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.lib.json', '--outDir', new URL('types', next).pathname], { cwd: root, stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error('declarations failed');
  // Every command's --help, rendered by the real help path, for bin/infra's fast path.
  const { helpTexts } = await import(new URL('main.js', next).href);
  writeFileSync(new URL('help.json', next), JSON.stringify(await helpTexts()));
} catch {
  rmSync(next, { recursive: true, force: true });
  process.exitCode = 1;
}
if (!process.exitCode) {
  try {
    renameSync(new URL('dist/', root), old);
  } catch {
    // no previous build
  }
  renameSync(next, new URL('dist/', root));
  rmSync(old, { recursive: true, force: true });
}
