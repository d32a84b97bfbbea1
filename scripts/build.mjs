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
import { dirname, relative, resolve, sep } from 'node:path';
import { deferredBuiltins } from './deferred-builtins.mjs';

const root = new URL('../', import.meta.url);

// The simulator serves REST only (msw `http` handlers), but msw reaches its GraphQL parser
// through a dynamic import('graphql'), so esbuild shipped graphql as a 690 KB chunk nothing
// runs. It resolves to an empty module instead, in both bundles (the CLI's holds `infra sim`): a GraphQL handler, were one ever added, gets
// msw's own "cannot import the graphql module" error.
const noGraphql = {
  name: 'no-graphql',
  setup(b) {
    // The stub's chunk takes its name from this path: not `graphql-*.cjs`, so a chunk of that
    // name in dist/ always means the real parser came back (test/ship/no-graphql.test.ts).
    b.onResolve({ filter: /^graphql(\/.*)?$/ }, () => ({ path: 'left-out', namespace: 'no-graphql' }));
    b.onLoad({ filter: /.*/, namespace: 'no-graphql' }, () => ({ contents: 'throw new Error("graphql is not bundled with infra");', loader: 'js' }));
  },
};

// undici's HTTP parser (llhttp) is WebAssembly kept as base64 text in a JS module, ~72 KB each
// (SIMD, and a plain one for a Node without SIMD). In the pack, that text was read and held as
// part of the pack's source on every run, the SIMD one kept a second time in the pack's cache
// entry (its module runs at the first request) and decoded again. The CLI ships both as .wasm
// files beside its chunks instead (dist/cli/wasm/), read when undici first asks for one. The
// stand-in's path to them is relative to its chunk: a placeholder, filled in per output file.
const LLHTTP_WASM = [
  { module: 'undici/lib/llhttp/llhttp_simd-wasm.js', file: 'llhttp_simd.wasm' },
  { module: 'undici/lib/llhttp/llhttp-wasm.js', file: 'llhttp.wasm' },
];
const WASM_DIR = 'wasm';
const WASM_DIR_MARK = '"@infra-wasm-dir"';
const wasmAsFiles = {
  name: 'wasm-as-files',
  setup(b) {
    b.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]llhttp[\\/]llhttp(_simd)?-wasm\.js$/ }, (args) => {
      const { file } = LLHTTP_WASM.find((w) => args.path.replaceAll('\\', '/').endsWith(`/node_modules/${w.module}`));
      return {
        loader: 'js',
        contents: `"use strict";
let wasm;
Object.defineProperty(module, "exports", { get: () => (wasm ??= require("node:fs").readFileSync(require("node:path").join(__dirname, ${WASM_DIR_MARK}, ${JSON.stringify(file)}))) });
`,
      };
    });
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

// The pack (dist/cli/pack.cjs): the chunks nearly every command loads, which
// bin/code-cache.cjs reads as one file with one cache entry (a chunk file costs ~0.3 ms to
// resolve, read and compile from its cache even when tiny). Its members: the chunks of the
// modules below (main, the command index and tree, the API client) and the shared chunks that
// at least a quarter of the commands import; with everything each of those imports statically.
// Each chunk is still a file of its own as well, for Node's plain loader (no cache directory)
// and for the chunks outside the pack.
const PACK_ROOTS = ['src/program/main.ts', 'src/cli/program.ts', 'src/cli/tree.ts', 'src/commands/index.ts', 'src/client/index.ts'];
const PACK_SHARED_BY = 0.25;

/** The output files (relative to outdir, sorted) that make the pack. */
function packMembers(metafile, outdir) {
  const rel = (p) => relative(outdir, resolve(p)).split(sep).join('/');
  const outputs = new Map(Object.entries(metafile.outputs).map(([p, o]) => [rel(p), o]));
  const closure = (name, into = new Set()) => {
    if (into.has(name) || !outputs.has(name)) return into;
    into.add(name);
    for (const i of outputs.get(name).imports) if (i.kind === 'import-statement' && !i.external) closure(rel(i.path), into);
    return into;
  };
  const members = new Set();
  for (const root of PACK_ROOTS) {
    const found = [...outputs].find(([, o]) => o.entryPoint === root);
    if (!found) throw new Error(`pack: no chunk for ${root} (scripts/build.mjs PACK_ROOTS)`);
    closure(found[0], members);
  }
  const commands = [...outputs].filter(([, o]) => o.entryPoint?.startsWith('src/commands/') && o.entryPoint !== 'src/commands/index.ts').map(([name]) => name);
  const importers = new Map();
  for (const command of commands) for (const name of closure(command)) if (name !== command) importers.set(name, (importers.get(name) ?? 0) + 1);
  for (const [name, count] of importers) if (count >= PACK_SHARED_BY * commands.length) closure(name, members);
  return [...members].sort();
}

/** The CLI: split as ESM (specifiers already ending in .cjs), then each file converted to CommonJS. */
async function buildCli(outdir) {
  const entryPoints = {
    main: 'src/program/main.ts',
    // `infra __complete` (a Tab in the shell): an entry of its own, so it loads no command tree.
    complete: 'src/commands/completion/entry.ts',
  };
  const { outputFiles, metafile } = await build({ ...common, entryPoints, outdir, outExtension: { '.js': '.cjs' }, write: false, metafile: true, plugins: [deferredBuiltins, noGraphql, wasmAsFiles] });
  const hash = createHash('sha256');
  const codes = new Map();
  mkdirSync(`${outdir}/${WASM_DIR}`, { recursive: true });
  for (const { module, file } of LLHTTP_WASM) {
    const bytes = createRequire(import.meta.url)(module);
    writeFileSync(`${outdir}/${WASM_DIR}/${file}`, bytes);
    hash.update(file).update('\0').update(bytes).update('\0');
  }
  for (const file of outputFiles) {
    // `import()` of a chunk becomes require() in a resolved promise: same laziness, no ESM loader.
    // Whitespace and comments go (the source V8 keeps for each chunk is a third smaller, and
    // ASCII only: bin/code-cache.cjs reads it as latin1); the `// <source path>` line esbuild puts
    // before each module stays as a `"@module <path>";` statement (a no-op) for
    // scripts/bench-startup-profile.mjs.
    const wasmDir = relative(dirname(file.path), `${outdir}/${WASM_DIR}`).split(sep).join('/');
    const marked = file.text.replace(/^\/\/ (\S+\.(?:ts|js|mjs|cjs|json))$/gm, '"@module $1";').replaceAll(WASM_DIR_MARK, JSON.stringify(wasmDir));
    const converted = await transform(marked, { format: 'cjs', supported: { 'dynamic-import': false }, target: 'node20.19', minifyWhitespace: true, logLevel: 'warning' });
    const code = converted.code;
    if (/[^\x00-\x7f]/.test(code)) throw new Error(`${file.path}: non-ASCII characters (bin/code-cache.cjs reads chunks as latin1)`);
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, code);
    codes.set(relative(outdir, file.path).split(sep).join('/'), code);
    hash.update(file.path.slice(outdir.length)).update('\0').update(code).update('\0');
  }
  // The pack: `({"chunks/x.cjs": function (exports, require, module, __filename, __dirname) {...}, ...})`,
  // each body the chunk's code as Node's loader would wrap it.
  const members = packMembers(metafile, outdir);
  const pack = `(\{\n${members.map((name) => `${JSON.stringify(name)}: function (exports, require, module, __filename, __dirname) {\n${codes.get(name)}\n}`).join(',\n')}\n})\n`;
  writeFileSync(`${outdir}/pack.cjs`, pack);
  hash.update('pack.cjs').update('\0').update(pack).update('\0');
  // The code cache is keyed by this: a chunk's cached code is used only by the build it came from.
  writeFileSync(`${outdir}/build-id`, hash.digest('hex').slice(0, 16));
}

/** One line per step on stderr: `npm test` and `npm run demo` start with a build, and silence for seconds reads as a hang. */
const step = (what) => console.error(`build: ${what}`);

try {
  step('bundling the CLI into dist/cli (CommonJS chunks and their pack)');
  await buildCli(new URL('cli', next).pathname);
  step('bundling the library into dist/lib.js');
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
  step('writing type declarations into dist/types (tsc)');
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.lib.json', '--outDir', new URL('types', next).pathname], { cwd: root, stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error('declarations failed');
  // Every command's --help, rendered by the real help path, for bin/infra's fast path.
  step("rendering every command's --help into dist/help.json");
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
  step('done: dist/ replaced');
}
