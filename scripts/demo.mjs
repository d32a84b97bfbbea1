// `npm run demo`: starts the built-in simulator and walks through the main job with the
// real client, as a user would type it. Each step prints the command, its output and its
// exit code.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/infra', import.meta.url));
const sim = spawn(process.execPath, [bin, 'sim', '--port', '0', '--speed', '20', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
const first = await new Promise((resolve, reject) => {
  createInterface({ input: sim.stdout }).once('line', resolve);
  sim.once('exit', (code) => reject(new Error(`the simulator exited (${code})`)));
});
const { url, tokens } = JSON.parse(first);
const env = { ...process.env, INFRA_API_URL: url, INFRA_TOKEN: tokens.admin, INFRA_CONFIG_DIR: fileURLToPath(new URL('../.demo-config', import.meta.url)) };
const bold = process.stdout.isTTY && !process.env.NO_COLOR ? (s) => `\u001b[1m${s}\u001b[22m` : (s) => s;

// Each step with the exit code it should end with: a demo that breaks says so (exit 1).
const steps = [
  ['What is deployed, with the status the platform reports (not the legacy status string)', ['serverless', 'list'], 0],
  ['Roll out a new image and wait for it, as CI would', ['serverless', 'update', 'web', '--image', 'registry.example.com/acme/web:v2', '--wait', '--interval', '1s'], 0],
  [
    'Roll out an image that does not exist: the old revision keeps serving (exit 3)',
    ['serverless', 'update', 'web', '--image', 'registry.example.com/acme/web:missing', '--wait', '--interval', '1s'],
    3,
  ],
  ['Ask why', ['serverless', 'diagnose', 'web'], 0],
  ['The same, correlated by the client itself', ['serverless', 'diagnose', 'worker', '--local'], 0],
  ['Every revision and its conditions', ['serverless', 'revisions', 'web'], 0],
  ['Recent logs of the serving revision', ['serverless', 'logs', 'web', '--since', '2m'], 0],
  ['What apply would change, without changing it', ['serverless', 'apply', '--name', 'web', '--image', 'registry.sim.local/acme/web:1.3.0', '--env', 'LOG_LEVEL=debug', '--dry-run'], 0],
  ['Every product has the same commands: the first five VPS', ['vps', 'list', '--limit', '5'], 0],
  ['A database: the endpoint to use now, the password masked', ['database', 'credentials', 'orders-pg'], 0],
];

/** What the demo suggests last: looking around (list), a failure explained (diagnose), and a change (update). */
const NEXT = ['infra serverless list', 'infra serverless diagnose api', 'infra serverless update web --image registry.sim.local/acme/web:v2 --wait'];

console.log(`simulator at ${url} (clock 20x)\n`);
const broken = [];
for (const [title, argv, expected] of steps) {
  console.log(bold(`# ${title}`));
  console.log(bold(`$ infra ${argv.join(' ')}`));
  const r = spawnSync(process.execPath, [bin, ...argv], { env, stdio: 'inherit' });
  console.log(`(exit ${r.status})\n`);
  if (r.status !== expected) broken.push(`infra ${argv.join(' ')}: exit ${r.status}, expected ${expected}`);
}
sim.kill('SIGINT');
// Where to go from here: the simulator at real speed on its default port, and the next three
// commands to type (`node bin/infra` until `infra` is on the PATH: see the README's top block).
console.log(bold('# Your turn: start the simulator, then try the next three commands'));
console.log(`infra sim &        # real speed, port 8787; \`node bin/infra\` works wherever infra is not on the PATH yet
export INFRA_API_URL=http://127.0.0.1:8787 INFRA_TOKEN=sim_admin_0a1b2c3d4e5f
${NEXT.join('\n')}
`);
if (broken.length) {
  console.error(`the demo is broken:\n  ${broken.join('\n  ')}`);
  process.exitCode = 1;
}
