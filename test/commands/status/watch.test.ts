// `infra status --watch` in virtual time: one board per interval, each one list request per
// product, a server's Retry-After stretching the pause, --fail-fast ending at the first
// unhealthy board; and the number of requests a minute of watching costs.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createBody, ok, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const STAGING = ['--project', String(SEED_IDS.teams.staging)];
const PRODUCTS = 11;
const boardsOf = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { healthy: boolean; counts: { total: number } });

describe('infra status --watch', () => {
  it('reads one board per interval, each product once, until --fail-fast sees something unhealthy', async () => {
    const t0 = h.sim.world.now();
    const times: number[] = [];
    let boards = 0;
    const r = await h.cli(['status', '--watch', '--fail-fast', '--interval', '10s', '--json', ...STAGING], {
      onIdle: async () => {
        const n = h.sim.requests.filter((q) => q.path === '/api/v1/serverless').length;
        if (n > boards) {
          boards = n;
          times.push(h.sim.world.now() - t0);
          // After the third board, a change that degrades a container.
          if (n === 3) await ok(await h.api.send('PUT', `/api/v1/serverless/${SEED_IDS.stagingApi}`, createBody('api', 'crash'), { team: SEED_IDS.teams.staging }));
        }
      },
    });
    // The failure is said as every failure under --json is: one JSON object on stderr.
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { code: 'unhealthy', exit_code: 9, message: 'unhealthy: api (containers)' } });
    expect(r.code).toBe(9);
    const out = boardsOf(r.stdout);
    expect(out.slice(0, 3).every((b) => b.healthy)).toBe(true);
    expect(out.at(-1)!.healthy).toBe(false);
    // The rollout takes 12 s of sim time: the fifth board (at 40 s) sees it degraded.
    expect(out.length).toBe(5);
    expect(times.slice(0, 4)).toEqual([0, 10_000, 20_000, 30_000]);
    // Every board is one list request per product (the lists fit one page).
    const lists = h.sim.requests.filter((q) => q.method === 'GET' && q.path.startsWith('/api/v1/') && !q.path.startsWith('/api/v1/user'));
    expect(lists.length).toBe(PRODUCTS * out.length);
  });

  it("a refusal's Retry-After stretches the pause before the next board (held to a minute)", async () => {
    h.sim.use(http.get('*/api/v1/apps', () => HttpResponse.json({ message: 'Too Many Attempts.' }, { status: 429, headers: { 'retry-after': '45' } })));
    const { InterruptedError } = await import('../../../src/cli/errors.js');
    const controller = new AbortController();
    const t0 = h.sim.world.now();
    const at: number[] = [];
    let seen = 0;
    const r = await h.cli(['status', '--watch', '--json', '--interval', '5s', ...STAGING], {
      env: { INFRA_MAX_RETRIES: '0' },
      signal: controller.signal,
      onIdle: () => {
        const n = h.sim.requests.filter((q) => q.path === '/api/v1/serverless').length;
        if (n > seen) {
          seen = n;
          at.push(h.sim.world.now() - t0);
        }
        if (n === 3) controller.abort(new InterruptedError());
      },
    });
    expect(r.code).toBe(130);
    expect(at).toEqual([0, 45_000, 90_000]);
    const first = boardsOf(r.stdout)[0] as unknown as { products: Record<string, { read: string }> };
    expect(first.products.apps!.read).toBe('failed');
  });
});
