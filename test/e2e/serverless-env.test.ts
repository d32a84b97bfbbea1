// `serverless env` through bin/infra against the simulator: a batch is one PUT, a file round
// trips, a bad file is refused before any request, values never show unless asked.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { spawnCli as spawnInfra, type SpawnOptions } from '../helpers/cli.js';
import { resetSim, SEED_IDS, simApi, simEnv, startSim, type Simulator } from '../helpers/sim.js';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(async () => {
  await sim.close();
});
// The seed's web has LOG_LEVEL=info; a secret beside it, so a leak of a value would show.
beforeEach(async () => {
  resetSim(sim);
  const res = await simApi(sim).send('PUT', `/api/v1/serverless/${SEED_IDS.web}`, { environment_variables: { LOG_LEVEL: 'info', NEW_SECRET: 'hunter2' } }, { record: false });
  expect(res.status).toBe(200);
});

const spawnCli = (argv: string[], opts: SpawnOptions = {}) => spawnInfra(argv, { timeoutMs: 60_000, ...opts, env: { ...simEnv(sim), ...opts.env } });
const requests = () => sim.requests.map((q) => `${q.method} ${q.path}`);
const writes = () => sim.requests.filter((q) => q.method !== 'GET');
const dir = () => mkdtempSync(join(tmpdir(), 'infra-env-'));

describe('serverless env', () => {
  it('set of 3 keys is ONE PUT carrying the whole environment; unset of 2 is one more', async () => {
    const r = await spawnCli(['serverless', 'env', 'set', 'web', 'A=1', 'B=two words', 'C=$HOME#x']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('web: set A, B, C');
    expect(r.stdout + r.stderr).not.toContain('two words');
    const put = writes();
    expect(put.map((q) => `${q.method} ${q.path}`)).toEqual([expect.stringMatching(/^PUT \/api\/v1\/serverless\/[0-9a-f-]+$/)]);
    expect(put[0]!.body).toEqual({ environment_variables: { LOG_LEVEL: 'info', NEW_SECRET: 'hunter2', A: '1', B: 'two words', C: '$HOME#x' } });
    sim.requests.length = 0;
    const u = await spawnCli(['serverless', 'env', 'unset', 'web', 'A', 'NEW_SECRET']);
    expect(u.code, u.stderr).toBe(0);
    expect(writes().map((q) => q.body)).toEqual([{ environment_variables: { LOG_LEVEL: 'info', B: 'two words', C: '$HOME#x' } }]);
  });

  it('export -> import -> diff: the file round trips (newlines, quotes, $, #, unicode) and diff exits 0', async () => {
    const awkward = { LINES: 'a\nb', QUOTES: `it's "q" \\`, DOLLAR: '$PATH', HASH: 'x #y', UNI: 'Grüße 🚀' };
    const d = dir();
    writeFileSync(join(d, 'in.json'), JSON.stringify(awkward));
    expect((await spawnCli(['serverless', 'env', 'import', 'web', join(d, 'in.json'), '--replace'])).code).toBe(0);
    // Each format into a container of its own (a second import of the same values would send nothing).
    for (const [format, into] of [
      ['dotenv', 'api'],
      ['json', 'worker'],
    ] as const) {
      const file = join(d, `web.${format}`);
      const out = await spawnCli(['serverless', 'env', 'export', 'web', '--format', format]);
      expect(out.code, out.stderr).toBe(0);
      writeFileSync(file, out.stdout);
      // Into another container, then the file against both: equal.
      sim.requests.length = 0;
      const imp = await spawnCli(['serverless', 'env', 'import', into, file, '--replace']);
      expect(imp.code, imp.stderr).toBe(0);
      expect(writes().map((q) => q.body)).toEqual([{ environment_variables: awkward }]);
      for (const ref of ['web', into]) {
        const diff = await spawnCli(['serverless', 'env', 'diff', file, ref]);
        expect([diff.code, diff.stdout]).toEqual([0, '']);
      }
    }
    // --output writes the file 0600.
    const file = join(d, 'out.env');
    expect((await spawnCli(['serverless', 'env', 'export', 'web', '-o', file])).code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('DOLLAR="\\$PATH"\n');
  });

  it('diff exits 1 on a difference, values masked unless --show-secrets', async () => {
    const file = join(dir(), 'x.env');
    writeFileSync(file, 'LOG_LEVEL=debug\nONLY_HERE=1\n');
    const r = await spawnCli(['serverless', 'env', 'diff', file, 'web']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(`--- ${file}\n+++ web\n- ONLY_HERE=********\n+ NEW_SECRET=********\n~ LOG_LEVEL: ******** -> ********\n`);
    const shown = await spawnCli(['serverless', 'env', 'diff', file, 'web', '--show-secrets', '--json']);
    expect(shown.code).toBe(1);
    expect(JSON.parse(shown.stdout)).toEqual({ equal: false, only_in_file: ['ONLY_HERE'], only_on_container: ['NEW_SECRET'], changed: ['LOG_LEVEL'] });
  });

  it('import of a bad file names the line, exit 2, and sends no request', async () => {
    const file = join(dir(), 'bad.env');
    writeFileSync(file, '# ok\nA=1\nB="never closed\n');
    const r = await spawnCli(['serverless', 'env', 'import', 'web', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${file}: line 3: the double quote opened here is never closed; nothing was sent\n`);
    writeFileSync(file, 'A=1\nbad-name=2\n');
    const named = await spawnCli(['serverless', 'env', 'import', 'web', file]);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('line 2: "bad-name" is not a valid variable name');
    expect(requests()).toEqual([]);
  });

  it('list is masked piped and in --json; --show-secrets shows; nothing to change sends nothing', async () => {
    const piped = await spawnCli(['serverless', 'env', 'list', 'web']);
    expect(piped.stdout).toBe('NAME\tVALUE\nLOG_LEVEL\t********\nNEW_SECRET\t********\n');
    const json = await spawnCli(['serverless', 'env', 'list', 'web', '--json']);
    expect(json.stdout).not.toContain('hunter2');
    const shown = await spawnCli(['serverless', 'env', 'list', 'web', '--show-secrets', '--json']);
    expect(JSON.parse(shown.stdout)).toEqual([
      { name: 'LOG_LEVEL', value: 'info' },
      { name: 'NEW_SECRET', value: 'hunter2' },
    ]);
    sim.requests.length = 0;
    const same = await spawnCli(['serverless', 'env', 'set', 'web', 'LOG_LEVEL=info', '--json']);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stderr).toContain('already is as asked; nothing was sent');
    expect(writes()).toEqual([]);
    // The answer of a write printed with --json masks its values too.
    const set = await spawnCli(['serverless', 'env', 'set', 'web', 'LOG_LEVEL=debug', '--json']);
    expect(JSON.parse(set.stdout).environment_variables).toEqual({ LOG_LEVEL: '********', NEW_SECRET: '********' });
  });
});
