// Benchmark of `serverless update --wait` against `infra sim` (run `npm run build` first;
// `npm run bench` does). For a rollout of T seconds it counts the status reads the client
// makes and how long after the terminal state it noticed, against the bound T/cap + 5 reads
// (contract 6.6: short first interval, backing off to the cap). Prints numbers; asserts nothing.
//  A. real time (sim speed 1), default cap 5 s, a normal rollout (2 s queued + 10 s).
//  B. sim speed 10, --interval 500ms, a slow rollout (2 s + 60 sim-s = 6.2 s real): same T/cap shape, 10× faster.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = `${ROOT}bin/infra`;
const QUEUE_S = 2;

/** The id of the seeded container `web` (ids are opaque UUIDs, as on the real service). */
async function webId(sim) {
  const res = await fetch(`${sim.url}/api/v1/serverless?per_page=200`, { headers: { authorization: `Bearer ${sim.tokens.admin}` } });
  return (await res.json()).data.find((c) => c.name === 'web').id;
}

function startSim(speed) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'sim', '--port', '0', '--json', '--speed', String(speed)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const rl = createInterface({ input: child.stdout });
    rl.once('line', (line) => resolve({ child, ...JSON.parse(line) }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`infra sim exited with ${code}`)));
  });
}

async function sim(s, method, path, body) {
  const res = await fetch(`${s.url}/_sim/${path}`, { method, headers: { 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
  if (!res.ok) throw new Error(`${method} /_sim/${path}: ${res.status}`);
  return res.json();
}

function cli(s, argv) {
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', INFRA_API_URL: s.url, INFRA_TOKEN: s.tokens.admin, INFRA_CONFIG_DIR: '/tmp/infra-bench-config' };
    const child = spawn(process.execPath, [BIN, ...argv], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.resume();
    const started = performance.now();
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, wallMs: performance.now() - started }));
  });
}

async function scenario(label, { speed, image, rolloutSimS, intervalArgs, capS }) {
  const s = await startSim(speed);
  const CONTAINER = await webId(s);
  try {
    await sim(s, 'DELETE', 'requests');
    const r = await cli(s, ['serverless', 'update', String(CONTAINER), '--image', image, '--wait', ...intervalArgs, '--json']);
    const out = JSON.parse(r.stdout);
    const { requests } = await sim(s, 'GET', 'requests');
    // Status reads after the change (the read just before it is the baseline of a wait without generations).
    const afterPut = requests.slice(requests.findIndex((q) => q.method === 'PUT'));
    const reads = afterPut.filter((q) => q.method === 'GET' && q.path === `/api/v1/serverless/${CONTAINER}`).length;
    const T = (QUEUE_S + rolloutSimS) / speed;
    const bound = T / capS + 5;
    const latency = out.elapsed_seconds - T;
    console.log(`${label}`);
    console.log(`  outcome ${out.outcome} (exit ${r.code}), rollout T = ${T.toFixed(1)} s, cap ${capS} s`);
    console.log(`  status reads: ${reads}   bound T/cap + 5 = ${bound.toFixed(1)}   ratio ${(reads / bound).toFixed(2)} (<= 1 is within the bound)`);
    console.log(`  detection latency: ${latency.toFixed(2)} s after the terminal state (cap ${capS} s; ratio ${(latency / capS).toFixed(2)})`);
    console.log(`  wall time of the process: ${(r.wallMs / 1000).toFixed(2)} s`);
  } finally {
    s.child.kill();
  }
}

await scenario('A. normal rollout, real time, default interval cap', { speed: 1, image: 'registry.sim.local/acme/web:2.0.0', rolloutSimS: 10, intervalArgs: [], capS: 5 });
await scenario('B. slow rollout (fails after 60 sim-s), sim speed 10, --interval 500ms', {
  speed: 10,
  image: 'registry.sim.local/acme/web:slow',
  rolloutSimS: 60,
  intervalArgs: ['--interval', '500ms'],
  capS: 0.5,
});
