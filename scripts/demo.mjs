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

const steps = [
  ['What is deployed, with the status the platform reports (not the legacy status string)', ['serverless', 'list']],
  ['Roll out a new image and wait for it, as CI would', ['serverless', 'update', 'web', '--image', 'registry.example.com/acme/web:v2', '--wait', '--interval', '1s']],
  ['Roll out an image that does not exist: the old revision keeps serving (exit 3)', ['serverless', 'update', 'web', '--image', 'registry.example.com/acme/web:missing', '--wait', '--interval', '1s']],
  ['Ask why', ['serverless', 'diagnose', 'web']],
  ['The same, correlated by the client itself', ['serverless', 'diagnose', 'worker', '--local']],
  ['Every revision and its conditions', ['serverless', 'revisions', 'web']],
  ['Recent logs of the serving revision', ['serverless', 'logs', 'web', '--since', '2m']],
  ['A database: the endpoint to use now, the password masked', ['database', 'credentials', '301']],
];

console.log(`simulator at ${url} (clock 20x)\n`);
for (const [title, argv] of steps) {
  console.log(bold(`# ${title}`));
  console.log(bold(`$ infra ${argv.join(' ')}`));
  const r = spawnSync(process.execPath, [bin, ...argv], { env, stdio: 'inherit' });
  console.log(`(exit ${r.status})\n`);
}
sim.kill('SIGINT');
