// Bundles the CLI into dist/ with code splitting: each command's module becomes a chunk
// loaded on demand, so start-up pays only for what the command uses. The bundle is built
// beside dist/ and swapped in, so a failed build leaves the previous one usable.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, renameSync, writeFileSync } from 'node:fs';

const root = new URL('../', import.meta.url);

// undici's Client requires its HTTP/2 half (and with it node:http2, ~20 ms) at load time,
// although HTTP/2 is only used when a server negotiates it and this client never asks.
// Requiring it on first use keeps it bundled and correct, and off the start-up path.
const EAGER_H2 = "const connectH2 = require('./client-h2.js')";
const deferHttp2 = {
  name: 'defer-undici-http2',
  setup(b) {
    b.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes(EAGER_H2)) throw new Error(`defer-undici-http2: "${EAGER_H2}" not found in ${args.path}; review the plugin for this undici version`);
      return { contents: source.replace(EAGER_H2, "const connectH2 = (...args) => require('./client-h2.js')(...args)"), loader: 'js' };
    });
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
    plugins: [deferHttp2],
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
