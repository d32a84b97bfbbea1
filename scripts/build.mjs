// Bundles dist/ with code splitting: each command's module becomes a chunk loaded on demand,
// so start-up pays only for what the command uses. Two bundles:
// - dist/cli/: the CLI, as CommonJS chunks (.cjs). Node's CommonJS loader reads a chunk in a
//   fraction of what its ESM loader costs (no resolve/link/instantiate pass over ~40 chunks),
//   and on Node 20 only CommonJS code can be given a V8 code cache (bin/code-cache.cjs).
//   esbuild splits only ESM, so the split ESM output is converted chunk by chunk.
//   Built-ins that undici and commander require at load but infra never uses get a stand-in
//   (./deferred-builtins.mjs): no node:http2, node:tls, node:crypto or node:child_process.
// - dist/lib.js + dist/chunks/: the library (`import { Client } from 'infra-cli'`), ESM as before.
// The bundle is built beside dist/ and swapped in, so a failed build leaves the previous one usable.
import { build, transform } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { deferredBuiltins } from './deferred-builtins.mjs';

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
const common = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  chunkNames: 'chunks/[name]-[hash]',
  minifySyntax: true,
  legalComments: 'none',
  define: { __INFRA_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
};

/** The CLI: split as ESM (specifiers already ending in .cjs), then each file converted to CommonJS. */
async function buildCli(outdir) {
  const entryPoints = {
    main: 'src/program/main.ts',
    // `infra __complete` (a Tab in the shell): an entry of its own, so it loads no command tree.
    complete: 'src/program/complete.ts',
  };
  const { outputFiles } = await build({ ...common, entryPoints, outdir, outExtension: { '.js': '.cjs' }, write: false, plugins: [deferredBuiltins] });
  const hash = createHash('sha256');
  for (const file of outputFiles) {
    // `import()` of a chunk becomes require() in a resolved promise: same laziness, no ESM loader.
    // The conversion drops comments; the `// <source path>` line esbuild puts before each module
    // is kept (through a string statement) for scripts/bench-startup-profile.mjs.
    const marked = file.text.replace(/^\/\/ (\S+\.(?:ts|js|mjs|cjs|json))$/gm, '"@module $1";');
    const converted = await transform(marked, { format: 'cjs', supported: { 'dynamic-import': false }, target: 'node20.19', logLevel: 'warning' });
    const code = converted.code.replace(/^(\s*)"@module (\S+)";$/gm, '$1// $2');
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, code);
    hash.update(file.path.slice(outdir.length)).update('\0').update(code).update('\0');
  }
  // The code cache is keyed by this: a chunk's cached code is used only by the build it came from.
  writeFileSync(`${outdir}/build-id`, hash.digest('hex').slice(0, 16));
}

try {
  await buildCli(new URL('cli', next).pathname);
  await build({
    ...common,
    entryPoints: { lib: 'src/lib.ts' },
    outdir: next.pathname,
    // CommonJS dependencies (undici) call require(); give the ESM bundle one.
    banner: { js: "import { createRequire as __infraCreateRequire } from 'node:module'; const require = __infraCreateRequire(import.meta.url);" },
    logLevel: 'warning',
    plugins: [noGraphql],
  });
  // Type declarations for library users (`import { Client } from 'infra-cli'`).
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.lib.json', '--outDir', new URL('types', next).pathname], { cwd: root, stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error('declarations failed');
  // Every command's --help, rendered by the real help path, for bin/infra's fast path.
  const { helpTexts } = createRequire(import.meta.url)(new URL('cli/main.cjs', next).pathname);
  writeFileSync(new URL('help.json', next), JSON.stringify(await helpTexts()));
} catch (err) {
  console.error(err);
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
