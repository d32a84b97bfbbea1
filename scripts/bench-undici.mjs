// What the client's two imports of undici internals (src/client/undici.ts) save at start-up,
// measured in every `npm run bench`: the rule is to use undici's public index unless the
// internal path saves at least 30 ms. Each variant is bundled by esbuild as the CLI is, then
// run as a process that creates its agent, makes one request to a local server and exits
// (interleaved repetitions, medians). Also shown: what deferring undici's HTTP/2 client
// (a rewrite of undici's source at build time, no longer done) would add on top.
// Usage: node scripts/bench-undici.mjs [--runs N]
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 30;
const RULE_MS = 30;

const work = mkdtempSync(join(tmpdir(), 'infra-bench-undici-'));
const entries = {
  // What src/client/undici.ts does.
  internal: `import { createAgent, send } from ${JSON.stringify(join(ROOT, 'src/client/undici.ts'))};
const agent = await createAgent({ keepAliveTimeout: 4000 }, {});
const res = await send(agent, new URL(process.argv[2]), { method: 'GET' });
await res.body.text();
await agent.close();`,
  // The same through undici's index.
  public: `import { Agent, request } from 'undici';
const agent = new Agent({ keepAliveTimeout: 4000 });
const res = await request(new URL(process.argv[2]), { method: 'GET', dispatcher: agent });
await res.body.text();
await agent.close();`,
};
const EAGER_H2 = "const connectH2 = require('./client-h2.js')";
const deferHttp2 = {
  name: 'defer-undici-http2',
  setup(b) {
    b.onLoad({ filter: /undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      return { contents: source.replace(EAGER_H2, "const connectH2 = (...args) => require('./client-h2.js')(...args)"), loader: 'js' };
    });
  },
};

async function bundle(name, source, plugins = []) {
  const entry = join(work, `${name}-entry.mjs`);
  writeFileSync(entry, source);
  const outfile = join(work, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    minifySyntax: true,
    nodePaths: [join(ROOT, 'node_modules')],
    banner: { js: "import { createRequire as __infraCreateRequire } from 'node:module'; const require = __infraCreateRequire(import.meta.url);" },
    logLevel: 'error',
    plugins,
  });
  return outfile;
}

const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}'));
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/api/v1/vps`;
// As bin/infra: on Node 20 V8 keeps to Liftoff for undici's WebAssembly parser.
const flags = Number(process.versions.node.split('.')[0]) < 22 ? ['--liftoff-only'] : [];
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

try {
  const cases = [
    { name: 'node -e 0', args: ['-e', '0'] },
    { name: 'internal (src/client/undici.ts)', args: [...flags, await bundle('internal', entries.internal), url] },
    { name: 'public index', args: [...flags, await bundle('public', entries.public), url] },
    { name: 'internal + HTTP/2 deferred', args: [...flags, await bundle('internal-h2', entries.internal, [deferHttp2]), url] },
  ];
  const times = cases.map(() => []);
  // Not spawnSync: the server runs in this process.
  const once = (c) =>
    new Promise((resolve, reject) => {
      const t0 = process.hrtime.bigint();
      const child = spawn(process.execPath, c.args, { stdio: ['ignore', 'ignore', 'pipe'], env: process.env });
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      child.once('close', (code) => (code === 0 ? resolve(Number(process.hrtime.bigint() - t0) / 1e6) : reject(new Error(`${c.name}: exit ${code} ${err}`))));
    });
  for (const c of cases) await once(c);
  for (let i = 0; i < RUNS; i++) for (const [k, c] of cases.entries()) times[k].push(await once(c));
  const med = times.map(median);
  console.log(`undici start-up (node ${process.version}, ${RUNS} runs, median; NODE_EXTRA_CA_CERTS ${process.env.NODE_EXTRA_CA_CERTS ? 'set' : 'unset'}): create an agent, one request, exit`);
  for (const [k, c] of cases.entries()) console.log(`  ${c.name.padEnd(34)} ${med[k].toFixed(1).padStart(7)} ms`);
  const saved = med[2] - med[1];
  console.log(`  the internal path saves ${saved.toFixed(1)} ms over the public index (rule: keep it only if >= ${RULE_MS} ms): ${saved >= RULE_MS ? 'kept' : 'NOT WORTH IT: use the public index'}`);
  const h2 = med[1] - med[3];
  // Deferring it means rewriting undici's source at build time, which the build no longer does.
  console.log(`  deferring the HTTP/2 client would save ${h2.toFixed(1)} ms more (not done: ${h2 >= RULE_MS ? "it needs a build-time rewrite of undici's source" : `under ${RULE_MS} ms`})`);
} finally {
  server.close();
  rmSync(work, { recursive: true, force: true });
}
