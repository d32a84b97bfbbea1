// serverless usage and metrics against the simulator: the query sent, compact tables (a
// sparkline per series only on a terminal), --json as sent; and the simulator's GET /api/user.
import { describe, expect, it } from 'vitest';
import { Capture } from '../../helpers/cli.js';
import { cli, requestLines, SEED_IDS, simApi, useSimulator, type Simulator } from '../../helpers/sim.js';
import { sparkline } from '../../../src/output/sparkline.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

describe('sparkline (pure)', () => {
  it.each([
    [[1, 2, 3, 4, 5, 6, 7, 8], undefined, '▁▂▃▄▅▆▇█'],
    [[5, 5, 5], undefined, '▄▄▄'],
    [[], undefined, ''],
    [[0, 10, 0, 10], 2, '▄▄'],
    [[0, 0, 10, 10], 2, '▁█'],
  ] as const)('%j width %s', (values, width, expected) => {
    expect(sparkline([...values], width === undefined ? {} : { width })).toBe(expected);
  });
});

describe('serverless usage', () => {
  it('--period sent; totals, then one row per series (TSV when piped, no sparkline)', async () => {
    const r = await cli(sim, ['serverless', 'usage', 'web', '--period', '2026-10']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(sim).at(-1)).toBe(`GET /api/v1/serverless/${SEED_IDS.web}/usage`);
    expect(sim.requests.at(-1)?.query).toEqual({ period: '2026-10' });
    expect(r.stdout).toMatch(/^period:\s+2026-10$/m);
    expect(r.stdout).toMatch(/^requests:\s+4500$/m);
    expect(r.stdout).toContain('SERIES\tPOINTS\tMIN\tMAX\tLAST\nrequests\t3\t1200\t1800\t1800\n');
    expect(r.stdout).not.toMatch(/[▁▂▃▄▅▆▇█]/);
    expect((await cli(sim, ['serverless', 'usage', 'web', '--period', 'october'])).code).toBe(2);
  });

  it('on a terminal a TREND column; --json is the answer as sent', async () => {
    const out = new Capture(true, 120);
    await cli(sim, ['serverless', 'usage', 'web'], { stdout: out });
    expect(out.text).toMatch(/TREND/);
    const j = await cli(sim, ['serverless', 'usage', 'web', '--json']);
    expect(JSON.parse(j.stdout)).toMatchObject({ usage: expect.any(Array), summary: { total_requests: 4500 } });
  });
});

describe('serverless metrics', () => {
  it('--hours sent; the series as rows; current figures as lines', async () => {
    const r = await cli(sim, ['serverless', 'metrics', 'web', '--hours', '6']);
    expect(r.code, r.stderr).toBe(0);
    expect(sim.requests.at(-1)?.query).toEqual({ hours: '6' });
    expect(r.stdout).toMatch(/^current\.current_pods:\s+2$/m);
    for (const s of ['requests', 'latency', 'replicas', 'cpu', 'memory', 'errors']) expect(r.stdout).toMatch(new RegExp(`^${s}\\t72\\t`, 'm'));
    const out = new Capture(true, 120);
    await cli(sim, ['serverless', 'metrics', 'web'], { stdout: out });
    expect(out.text).toMatch(/[▁▂▃▄▅▆▇█]{20,}/);
    expect((await cli(sim, ['serverless', 'metrics', 'web', '--hours', '0'])).code).toBe(2);
    expect((await cli(sim, ['serverless', 'metrics', 'nope'])).code).toBe(5);
  });
});

describe('GET /api/user (the simulator)', () => {
  it("the token's user; 401 without a token", async () => {
    const api = simApi(sim);
    const res = await api.get('/api/user');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: expect.any(Number), name: expect.any(String), email: expect.stringContaining('@') });
    expect((await api.get('/api/user', { token: null })).status).toBe(401);
  });
});
