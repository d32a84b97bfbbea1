// The containers' own URLs: plain HTTP on the simulator's port, served by the revision that
// takes the traffic, with a cold start after scale to zero (measured in simulated time: the
// clock is frozen, so the simulated latency moves it). And idempotent creates.
import { describe, expect, it } from 'vitest';
import { COLD_START_MS, SCALE_TO_ZERO_AFTER_MS, SERVICE_MS } from '../../src/sim/handlers/container-traffic.js';
import { body, createBody, SEED_IDS, simApi, useSimulator, type SimApi, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
let api: SimApi;
useSimulator((s) => {
  sim = s;
  api = simApi(s);
});

const record = (id: string) => sim.world.containers.findAnyTeam(id)!;
/** One request to a container URL; how much simulated time it took. */
async function hit(url: string, method = 'GET') {
  const t0 = sim.world.now();
  const res = await fetch(url, { method });
  const text = await res.text();
  return { status: res.status, took: sim.world.now() - t0, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, headers: res.headers };
}
const urlOf = async (id: string) => await body<{ url: string; container: { url: string } }>(await api.get(`/api/v1/serverless/${id}`, { record: false }));

describe('container URLs', () => {
  it('the container and the show answer carry one URL on the simulator, not recorded as API traffic', async () => {
    const show = await urlOf(SEED_IDS.web);
    expect(show.url).toBe(`${sim.url}/containers/web-main`);
    expect(show.container.url).toBe(show.url);
    const r = await hit(`${show.url}/healthz`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ container: 'web', revision: 'web-00003', path: '/healthz', cold_start: false });
    expect(r.headers.get('x-sim-revision')).toBe('web-00003');
    expect(sim.requests).toEqual([]);
    expect(record(SEED_IDS.web).hits).toBe(1);
  });

  it('min_scale 1 is never cold: every answer takes the service time', async () => {
    const url = `${sim.url}/containers/web-main`;
    for (let i = 0; i < 3; i++) expect((await hit(url)).took).toBe(SERVICE_MS);
    api.advance(SCALE_TO_ZERO_AFTER_MS / 1000 + 60);
    expect((await hit(url)).took).toBe(SERVICE_MS);
  });

  it('min_scale 0: cold after idling past the scale-to-zero window, warm right after', async () => {
    const url = `${sim.url}/containers/api-main`;
    const first = await hit(url);
    expect(first).toMatchObject({ status: 200, took: COLD_START_MS + SERVICE_MS });
    expect(first.body?.cold_start).toBe(true);
    expect((await hit(url)).took).toBe(SERVICE_MS);
    api.advance(SCALE_TO_ZERO_AFTER_MS / 1000 - 1);
    expect((await hit(url)).took).toBe(SERVICE_MS);
    api.advance(SCALE_TO_ZERO_AFTER_MS / 1000 + 1);
    expect((await hit(url)).took).toBe(COLD_START_MS + SERVICE_MS);
  });

  it('a revision that just became ready is warm: it starts with a pod', async () => {
    const c = await body<{ container: { id: string; url: string } }>(await api.send('POST', '/api/v1/serverless', createBody('fresh', '1.0'), { record: false }));
    expect((await hit(c.container.url)).status).toBe(503);
    api.advance(12);
    expect((await hit(c.container.url)).took).toBe(SERVICE_MS);
  });

  it.each([
    ['worker', 'worker-main', 503, /No revision of worker is ready/],
    ['cron (stopped)', 'cron-main', 503, /cron is stopped/],
    ['edge (route not ready)', 'edge-main', 404, /route .* not ready/],
    ['nobody', 'nobody-main', 404, /No container/],
  ])('%s: %i', async (_what, host, status, message) => {
    const r = await hit(`${sim.url}/containers/${host}/`);
    expect(r.status).toBe(status);
    expect(String(r.body?.message)).toMatch(message);
  });

  it('/status/NNN answers that status; HEAD has no body', async () => {
    expect((await hit(`${sim.url}/containers/web-main/status/503`)).status).toBe(503);
    expect((await hit(`${sim.url}/containers/web-main/status/201`)).status).toBe(201);
    const head = await hit(`${sim.url}/containers/web-main/`, 'HEAD');
    expect(head).toMatchObject({ status: 200, body: null });
  });

  it('another team: its own URL', async () => {
    expect((await urlOf(SEED_IDS.web)).url).not.toBe(`${sim.url}/containers/web-staging`);
    expect((await hit(`${sim.url}/containers/web-staging`)).status).toBe(200);
  });
});

describe('idempotent creates', () => {
  const post = (b: Record<string, unknown>, key?: string) => api.send('POST', '/api/v1/serverless', b, key ? { headers: { 'idempotency-key': key } } : {});
  const count = (name: string) => sim.world.containers.all().filter((c) => c.name === name).length;

  it('the same request under the same key: the first answer again, one container', async () => {
    const first = await post(createBody('once', '1.0'), 'k-1');
    expect(first.status).toBe(201);
    const a = await body<{ container: { id: string } }>(first);
    // The same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(createBody('once', '1.0')).reverse());
    const again = await post(reordered, 'k-1');
    expect(again.status).toBe(201);
    expect((await body<{ container: { id: string } }>(again)).container.id).toBe(a.container.id);
    expect(count('once')).toBe(1);
  });

  it('another request under a used key: 409 {error}; without a key: a second create is refused for the slug', async () => {
    await post(createBody('once', '1.0'), 'k-2');
    const other = await post(createBody('once', '2.0'), 'k-2');
    expect(other.status).toBe(409);
    expect(await body(other)).toEqual({ error: 'This Idempotency-Key was already used with a different request; use a new key for a new request.' });
    expect((await post(createBody('once', '1.0'))).status).toBe(422);
    expect(count('once')).toBe(1);
  });

  it('keys are per team', async () => {
    await post(createBody('once', '1.0'), 'k-3');
    const staging = await api.send('POST', '/api/v1/serverless', createBody('once', '1.0'), { team: 2, headers: { 'idempotency-key': 'k-3' } });
    expect(staging.status).toBe(201);
    expect(count('once')).toBe(2);
  });
});
