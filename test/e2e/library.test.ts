// The client as a library, the way a user's script imports it: `import { Client } from 'infra-cli'`
// (the package resolves itself through its exports map, from the built dist/).
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { SEED_IDS, useSimulator, type Simulator } from '../helpers/sim.js';
import { ROOT } from '../helpers/cli.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

it('import { Client } from "infra-cli" lists, resolves names and raises typed errors', async () => {
  const script = join(ROOT, `.lib-test-${process.pid}.mjs`);
  writeFileSync(
    script,
    `import { Client, NotFoundError, AmbiguousNameError } from 'infra-cli';
const client = new Client({ apiUrl: process.argv[2], token: process.argv[3], project: 'main' });
let count = 0;
for await (const page of client.vps.pages({ all: true })) count += page.items.length;
const id = await client.serverless.resolveId('web');
const web = await client.serverless.get(id);
let notFound = false;
try { await client.serverless.get('00000000-0000-4000-8000-000000000000'); } catch (e) { notFound = e instanceof NotFoundError && e.status === 404; }
let unknownName = false;
try { await client.serverless.resolveId('no-such-container'); } catch (e) { unknownName = e instanceof NotFoundError; }
await client.close();
console.log(JSON.stringify({ count, id, summary: web.container.status_details?.summary, url: typeof web.raw.url, notFound, unknownName, ambiguous: typeof AmbiguousNameError }));
`,
  );
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script, sim.url, sim.tokens.admin], { cwd: ROOT });
    expect(JSON.parse(stdout)).toEqual({ count: 45, id: SEED_IDS.web, summary: 'ready', url: 'string', notFound: true, unknownName: true, ambiguous: 'function' });
    // The project name is looked up once, then every request carries its integer id.
    const [lookup, ...rest] = sim.requests;
    expect(`${lookup!.method} ${lookup!.path}`).toBe('GET /api/v1/user/teams');
    expect(lookup!.headers['x-team-id']).toBeUndefined();
    expect(rest.map((r) => `${r.path}?${new URLSearchParams(r.query).toString()}`)).toEqual([
      '/api/v1/vps?page=1&per_page=200',
      '/api/v1/serverless?page=1&per_page=200',
      `/api/v1/serverless/${SEED_IDS.web}?`,
      '/api/v1/serverless/00000000-0000-4000-8000-000000000000?',
      '/api/v1/serverless?page=1&per_page=200',
      // A name no container has: one search, so the error can say which product has it.
      '/api/v1/resources/search?q=no-such-container',
    ]);
    expect(rest.every((r) => r.headers['x-team-id'] === String(SEED_IDS.teams.main))).toBe(true);
  } finally {
    (await import('node:fs')).rmSync(script, { force: true });
  }
});
