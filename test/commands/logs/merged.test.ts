// `infra logs a b c`: several sources merged in timestamp order, against the simulator.
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../../src/sim/server.js';
import { InterruptedError } from '../../../src/cli/errors.js';
import { SEED_IDS } from '../../../src/sim/state/seed.js';
import { instantClock } from '../../helpers/clock.js';
import { apiRequests, cli, ok, peek, simApi, useSimulator } from '../../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

interface Line {
  source: string;
  timestamp: string;
  message: string;
}
const ndjson = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
const control = async (path: string, body: unknown) => ok(await simApi(sim).control(path, body));
const direct = async (id: string, since: string) =>
  (await peek<{ data: { entries: { timestamp: string }[] } }>(sim, `/api/v1/serverless/${id}/logs?${new URLSearchParams({ since, limit: '1000' })}`)).data.entries;

describe('infra logs: merged', () => {
  it('three containers, seeded with known lines, come out interleaved in timestamp order, each with its source', async () => {
    await control('/_sim/logs', { container_id: SEED_IDS.web, count: 30 });
    await control('/_sim/logs', { container_id: SEED_IDS.api, count: 70 });
    await control('/_sim/logs', { container_id: SEED_IDS.edge, count: 110 });
    const r = await cli(sim, ['logs', 'web', 'api', 'edge', '--since', '30m', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const lines = ndjson(r.stdout);
    const since = apiRequests(sim, '/logs')[0]!.query.since!;
    const held = { web: await direct(SEED_IDS.web, since), api: await direct(SEED_IDS.api, since), edge: await direct(SEED_IDS.edge, since) };
    for (const [name, entries] of Object.entries(held)) expect(lines.filter((l) => l.source === name).map((l) => l.timestamp)).toEqual(entries.map((e) => e.timestamp));
    const times = lines.map((l) => Date.parse(l.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // Interleaved, not one source after the other.
    const switches = lines.filter((l, i) => i > 0 && lines[i - 1]!.source !== l.source).length;
    expect(switches).toBeGreaterThan(20);
    // The largest page, one per source here.
    for (const q of apiRequests(sim, '/logs').map((x) => x.query)) expect(q.limit).toBe('1000');
  });

  it('prefixes each line with its source for a person', async () => {
    const r = await cli(sim, ['logs', 'web', 'api', '--since', '5m']);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trimEnd().split('\n');
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) expect(row).toMatch(/^(web|api) +\d{4}-\d\d-\d\dT/);
  });

  it('a name that two products share exits 2 listing the candidates; product/name picks one', async () => {
    const db = await peek<{ data: { name: string }[] }>(sim, '/api/v1/database');
    const name = db.data[0]!.name;
    // A container of the same name as a database makes the bare name ambiguous.
    await ok(
      await simApi(sim).send(
        'POST',
        '/api/v1/serverless',
        { name, slug: name, deployment_type: 'docker_image', image: 'registry.sim.local/acme/web', image_tag: '1.2.0', port: 8080, resource_profile: 'small', min_scale: 1, max_scale: 1 },
        { record: false },
      ),
    );
    const r = await cli(sim, ['logs', name, '--since', '5m']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`"${name}" names 2 things with logs: serverless/${name}, database/${name}`);
    const picked = await cli(sim, ['logs', `database/${name}`, '--since', '5m', '--json']);
    expect(picked.code, picked.stderr).toBe(0);
  });

  it('follows all of them with one scheduler; an idle source backs off and its silence is said once', async () => {
    const controller = new AbortController();
    let slept = 0;
    const clock = instantClock({
      sim,
      frozen: true,
      onSleep: (ms) => {
        slept += ms;
        sim.world.clock.advance(ms / 1000);
        if (slept >= 120_000) controller.abort(new InterruptedError());
      },
    });
    const r = await cli(sim, ['logs', 'web', 'database/orders-pg', '--since', '1m', '--follow', '--json'], { clock, signal: controller.signal });
    expect(r.code).toBe(130);
    const lines = ndjson(r.stdout);
    const times = lines.map((l) => Date.parse(l.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(lines.map((l) => JSON.stringify(l))).size).toBe(lines.length);
    expect(lines.filter((l) => l.source === 'web').length).toBeGreaterThan(8);
    // The database printed nothing: it is polled at the idle pace (2, 4, 8, then every 10 s) and its silence is said once.
    const dbPolls = apiRequests(sim, '/logs').filter((q) => q.path.startsWith('/api/v1/database/')).length;
    expect(dbPolls).toBeLessThanOrEqual(1 + 14);
    expect(r.stderr.match(/no lines from database\/orders-pg for \d+ s/g)).toHaveLength(1);
  });

  it('Ctrl-C ends a follow with 130 and only whole lines', async () => {
    const controller = new AbortController();
    let n = 0;
    const clock = instantClock({
      sim,
      frozen: true,
      onSleep: () => {
        n += 1;
        sim.world.clock.advance(7);
        if (n === 6) controller.abort(new InterruptedError());
      },
    });
    const r = await cli(sim, ['logs', 'web', 'api', '--since', '1m', '--follow'], { clock, signal: controller.signal });
    expect(r.code).toBe(130);
    expect(r.stdout.endsWith('\n')).toBe(true);
  });

  it('--since-deploy starts each container at its current deployment; another product is a usage error', async () => {
    const deployments = await peek<{ data: { is_current?: boolean; created_at?: string }[] }>(sim, `/api/v1/serverless/${SEED_IDS.web}/deployments`);
    const current = deployments.data.find((d) => d.is_current) ?? deployments.data[0]!;
    const r = await cli(sim, ['logs', 'web', '--since-deploy', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(apiRequests(sim, '/logs')[0]!.query.since).toBe(new Date(Date.parse(current.created_at!)).toISOString());
    const db = await cli(sim, ['logs', 'database/orders-pg', '--since-deploy']);
    expect(db.code).toBe(2);
    expect(db.stderr).toContain('--since-deploy applies to containers');
  });
});
