// Logs, events and diagnose of containers (spec 2.4, 4.1, 4.2; contract 7, 8).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DiagnoseData, envelopeOf, EventsData, LogsAnswer, ValidationErrorBody } from '../../src/client/schemas.js';
import { body, startApi, type Api } from './helpers.js';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sim.close());
beforeEach(() => api.sim.world.reset());

const ago = (minutes: number) => new Date(api.sim.world.now() - minutes * 60_000).toISOString();
const logs = async (id: number, query: string) => {
  const res = await api.get(`/api/v1/serverless/${id}/logs?${query}`);
  expect(res.status).toBe(200);
  return LogsAnswer.parse(await body(res));
};
const findings = async (id: number) =>
  envelopeOf(DiagnoseData).parse(await body(await api.get(`/api/v1/serverless/${id}/diagnose`))).data.findings;

describe('logs', () => {
  test('window, paging with cursors to the end: truncated until the last page', async () => {
    const first = await logs(101, `since=${encodeURIComponent(ago(10))}&limit=15`);
    expect(first.data.available).toBe(true);
    expect(first.data.entries).toHaveLength(15);
    expect(first.meta).toMatchObject({ truncated: true });
    expect(first.data.entries[0]).toMatchObject({ container: 'user-container', revision: 'web-00003' });
    let cursor = first.meta.next_cursor;
    const seen = first.data.entries.map((e) => e.timestamp);
    for (let i = 0; i < 10 && cursor; i++) {
      const page = await logs(101, `since=${encodeURIComponent(ago(10))}&limit=15&cursor=${cursor}`);
      seen.push(...page.data.entries.map((e) => e.timestamp));
      cursor = page.meta.next_cursor;
      if (!cursor) expect(page.meta.truncated).toBe(false);
    }
    expect(cursor).toBeNull();
    expect(seen).toHaveLength(40); // one line every 15 s for 10 minutes
    expect([...seen].sort()).toEqual(seen);
    expect(new Set(seen).size).toBe(seen.length);
  });

  test('without since: the last 30 minutes; since beyond the 10-day retention is 422', async () => {
    const page = await logs(101, 'limit=1000');
    expect(page.data.entries).toHaveLength(120);
    expect(Date.parse(page.data.entries[0]?.timestamp ?? '')).toBeGreaterThanOrEqual(api.sim.world.now() - 30 * 60_000);
    const old = await api.get(`/api/v1/serverless/101/logs?since=${encodeURIComponent(ago(11 * 24 * 60))}`);
    expect(old.status).toBe(422);
    expect(ValidationErrorBody.parse(await body(old)).errors?.since?.length).toBe(1);
  });

  test('bad limit, level, container, since are 422 with the field named', async () => {
    for (const [q, field] of [['limit=0', 'limit'], ['limit=1001', 'limit'], ['level=fatal', 'level'], ['container=sidecar', 'container'], ['since=yesterday', 'since'], ['cursor=@@', 'cursor']]) {
      const res = await api.get(`/api/v1/serverless/101/logs?${q}`);
      expect(res.status, q).toBe(422);
      expect(Object.keys(ValidationErrorBody.parse(await body(res)).errors ?? {})).toEqual([field]);
    }
  });

  test('level is a case-insensitive text match (so an INFO line mentioning "error" matches)', async () => {
    const page = await logs(101, `since=${encodeURIComponent(ago(60))}&level=ERROR&limit=1000`);
    expect(page.data.entries.length).toBeGreaterThan(0);
    expect(page.data.entries.every((e) => e.message.toLowerCase().includes('error'))).toBe(true);
    expect(page.data.entries.some((e) => e.level === 'info')).toBe(true);
  });

  test('container selects user-container (default), queue-proxy or all', async () => {
    const q = `since=${encodeURIComponent(ago(5))}&limit=1000`;
    const user = await logs(101, q);
    const proxy = await logs(101, `${q}&container=queue-proxy`);
    const all = await logs(101, `${q}&container=all`);
    expect(new Set(user.data.entries.map((e) => e.container))).toEqual(new Set(['user-container']));
    expect(new Set(proxy.data.entries.map((e) => e.container))).toEqual(new Set(['queue-proxy']));
    expect(all.data.entries).toHaveLength(user.data.entries.length + proxy.data.entries.length);
  });

  test('a :missing revision printed nothing: available true, no entries, end of stream', async () => {
    const page = await logs(103, `since=${encodeURIComponent(ago(600))}&container=all`);
    expect(page).toMatchObject({ data: { available: true, entries: [] }, meta: { next_cursor: null, truncated: false } });
  });

  test('200,000 lines: pages stay cheap and every line is reached exactly once', async () => {
    const ctl = await api.control('/_sim/logs', { container_id: 101, count: 200_000 });
    expect(ctl.status).toBe(200);
    const q = `since=${encodeURIComponent(ago(25))}&limit=1000`;
    let cursor: string | null = null;
    let total = 0;
    let pages = 0;
    const t0 = performance.now();
    do {
      const page = await logs(101, cursor ? `${q}&cursor=${cursor}` : q);
      total += page.data.entries.length;
      cursor = page.meta.next_cursor;
      pages++;
    } while (cursor && pages < 300);
    const ms = performance.now() - t0;
    console.log(`paged ${total} log lines in ${pages} pages: ${ms.toFixed(0)} ms (${(ms / pages).toFixed(2)} ms/page)`);
    expect(total).toBe(200_000 + 100); // plus the regular stream, one line every 15 s
    expect(pages).toBe(201);
  });

  test('log store down: 503 with available false and the envelope', async () => {
    await api.control('/_sim/faults', { logs_unavailable: true });
    const res = await api.get('/api/v1/serverless/101/logs');
    expect(res.status).toBe(503);
    const b = LogsAnswer.parse(await body(res));
    expect(b).toMatchObject({ success: false, data: { available: false, entries: [] }, meta: { next_cursor: null, truncated: false } });
    expect(b.error).toBeTruthy();
  });
});

describe('events', () => {
  test('recent events exist with kind/name, counts and times; events older than an hour are gone', async () => {
    const api102 = envelopeOf(EventsData).parse(await body(await api.get('/api/v1/serverless/102/events')));
    const backoff = api102.data.events.find((e) => e.reason === 'BackOff');
    expect(backoff).toMatchObject({ type: 'Warning', object: { kind: 'Pod' } });
    expect(backoff?.count).toBeGreaterThan(10);
    const worker = envelopeOf(EventsData).parse(await body(await api.get('/api/v1/serverless/103/events')));
    expect(worker.data.events).toEqual([]); // failed 2 h ago: garbage-collected
    const fresh = await api.send('PUT', '/api/v1/serverless/101', { image_url: 'registry.sim.local/acme/web:2.0' });
    expect(fresh.status).toBe(200);
    api.advance(12);
    const web = envelopeOf(EventsData).parse(await body(await api.get('/api/v1/serverless/101/events')));
    expect(web.data.events.map((e) => e.reason)).toEqual(['RevisionReady', 'Created']);
    api.advance(61 * 60);
    const later = envelopeOf(EventsData).parse(await body(await api.get('/api/v1/serverless/101/events')));
    expect(later.data.events).toEqual([]);
  });
});

describe('diagnose', () => {
  test('worker: image_not_found first, then no_pod_scheduled noting the empty log', async () => {
    const f = await findings(103);
    expect(f.map((x) => x.code)).toEqual(['serverless.image_not_found', 'serverless.no_pod_scheduled']);
    expect(f[0]).toMatchObject({ severity: 'error', retryable: false });
    expect(f[0]?.hint).toMatch(/image reference/);
    expect(f[1]?.message).toMatch(/empty log is expected/);
    expect(f[1]?.evidence).toMatchObject({ reason: 'ContainerMissing' });
  });

  test('edge: ingress_not_ready; api: crash_loop only; web: no findings', async () => {
    expect((await findings(104)).map((x) => x.code)).toEqual(['serverless.ingress_not_ready']);
    expect((await findings(102)).map((x) => x.code)).toEqual(['serverless.crash_loop']);
    expect(await findings(101)).toEqual([]);
  });

  test('revision checks are skipped while an operation is in flight and for a stopped container', async () => {
    const batch = await findings(105);
    expect(batch.map((x) => [x.code, x.severity])).toEqual([['serverless.checks_skipped', 'info']]);
    expect(batch[0]?.message).toMatch(/in flight/);
    const cron = await findings(106);
    expect(cron.map((x) => x.code)).toEqual(['serverless.checks_skipped']);
    expect(cron[0]?.message).toMatch(/stopped/);
    await api.send('POST', '/api/v1/serverless/103/redeploy');
    expect((await findings(103)).map((x) => x.code)).toEqual(['serverless.image_not_found', 'serverless.checks_skipped']);
  });
});
