// The client as a library, the way a user's script imports it: `import { Client } from 'infra-cli'`
// (the package resolves itself through its exports map, from the built dist/).
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/server.js';
import { ROOT } from '../helpers/cli.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0, speed: 0 });
});
afterAll(() => sim.close());

it('import { Client } from "infra-cli" lists, resolves names and raises typed errors', async () => {
  const script = join(ROOT, `.lib-test-${process.pid}.mjs`);
  writeFileSync(
    script,
    `import { Client, NotFoundError } from 'infra-cli';
const client = new Client({ apiUrl: process.argv[2], token: process.argv[3], project: 'prj-main' });
let count = 0;
for await (const page of client.vps.pages({ all: true })) count += page.items.length;
const web = await client.serverless.get(await client.serverless.resolveId('web'));
let notFound = false;
try { await client.serverless.get('999999'); } catch (e) { notFound = e instanceof NotFoundError; }
await client.close();
console.log(JSON.stringify({ count, summary: web.status_details.summary, notFound }));
`,
  );
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script, sim.url, sim.tokens.admin], { cwd: ROOT });
    expect(JSON.parse(stdout)).toEqual({ count: 45, summary: 'ready', notFound: true });
    expect(sim.requests.every((r) => r.headers['x-team-id'] === 'prj-main')).toBe(true);
  } finally {
    (await import('node:fs')).rmSync(script, { force: true });
  }
});
