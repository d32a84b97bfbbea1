// Logs, events and diagnose of containers (spec 2.4, 4.1, 4.2; contract 7, 8; real-api shapes).
import { describe, expect, test } from 'vitest';
import * as S from './shapes.js';
import { createBody, parsed, SEED_IDS, simApi, useSimulator, type SimApi } from '../helpers/sim.js';

let api: SimApi;
useSimulator((sim) => (api = simApi(sim)));

const WEB = SEED_IDS.web;
const ago = (minutes: number) => new Date(api.sim.world.now() - minutes * 60_000).toISOString();
const logs = async (id: string, query: string) => parsed(await api.get(`/api/v1/serverless/${id}/logs?${query}`), S.LogsAnswer);
const diagnose = async (id: string) => (await parsed(await api.get(`/api/v1/serverless/${id}/diagnose`), S.envelopeOf(S.DiagnoseData))).data;
const codes = async (id: string) => (await diagnose(id)).findings.map((f) => [f.code, f.severity]);
const events = async (id: string) => (await parsed(await api.get(`/api/v1/serverless/${id}/events`), S.envelopeOf(S.EventsData))).data;

describe('logs', () => {
  test('entries carry level, pod, container, stream; cursors are digits; truncated until the last page', async () => {
    const first = await logs(WEB, `since=${encodeURIComponent(ago(10))}&limit=15`);
    expect(first.data.entries).toHaveLength(15);
    expect(first.meta).toMatchObject({ truncated: true, retention_days: 10 });
    expect(first.meta.next_cursor).toMatch(/^[0-9]+$/);
    expect(first.data.entries[0]).toMatchObject({ container: 'user-container', stream: 'stdout', level: 'info', pod: expect.stringMatching(/^web-00003-deployment-/) });
    let cursor = first.meta.next_cursor;
    const seen = first.data.entries.map((e) => e.timestamp);
    for (let i = 0; i < 10 && cursor; i++) {
      const page = await logs(WEB, `since=${encodeURIComponent(ago(10))}&limit=15&cursor=${cursor}`);
      seen.push(...page.data.entries.map((e) => e.timestamp));
      cursor = page.meta.next_cursor;
      if (!cursor) expect(page.meta.truncated).toBe(false);
    }
    expect(cursor).toBeNull();
    expect(seen).toHaveLength(40); // one line every 15 s for 10 minutes
    expect([...seen].sort()).toEqual(seen);
    expect(new Set(seen).size).toBe(seen.length);
  });

  test('without since: the last 30 minutes; since beyond the 10-day retention is 422 {message, errors.since}', async () => {
    const page = await logs(WEB, 'limit=1000');
    expect(page.data.entries).toHaveLength(120);
    expect(Date.parse(page.data.entries[0]?.timestamp ?? '')).toBeGreaterThanOrEqual(api.sim.world.now() - 30 * 60_000);
    const old = await parsed(await api.get(`/api/v1/serverless/${WEB}/logs?since=${encodeURIComponent(ago(11 * 24 * 60))}`), S.ValidationBody, 422);
    expect(Object.keys(old.errors)).toEqual(['since']);
    expect((await api.get(`/api/v1/serverless/${WEB}/logs?since=${encodeURIComponent(ago(9 * 24 * 60))}`)).status).toBe(200);
  });

  test('bad limit, level, container, since, cursor are 422 with the field named', async () => {
    for (const [q, field] of [
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['level=fatal', 'level'],
      ['container=sidecar', 'container'],
      ['since=yesterday', 'since'],
      ['cursor=abc', 'cursor'],
    ]) {
      const b = await parsed(await api.get(`/api/v1/serverless/${WEB}/logs?${q}`), S.ValidationBody, 422);
      expect(Object.keys(b.errors), q).toEqual([field]);
    }
  });

  test('level is a case-insensitive text match (so an INFO line mentioning "error" matches)', async () => {
    const page = await logs(WEB, `since=${encodeURIComponent(ago(60))}&level=ERROR&limit=1000`);
    expect(page.data.entries.length).toBeGreaterThan(0);
    expect(page.data.entries.every((e) => e.message.toLowerCase().includes('error'))).toBe(true);
    expect(page.data.entries.some((e) => e.level === 'info')).toBe(true);
    expect(page.data.entries.some((e) => e.level === 'error' && e.stream === 'stderr')).toBe(true);
  });

  test('container selects user-container (default), queue-proxy or all', async () => {
    const q = `since=${encodeURIComponent(ago(5))}&limit=1000`;
    const user = await logs(WEB, q);
    const proxy = await logs(WEB, `${q}&container=queue-proxy`);
    const all = await logs(WEB, `${q}&container=all`);
    expect(new Set(user.data.entries.map((e) => e.container))).toEqual(new Set(['user-container']));
    expect(new Set(proxy.data.entries.map((e) => e.container))).toEqual(new Set(['queue-proxy']));
    expect(all.data.entries).toHaveLength(user.data.entries.length + proxy.data.entries.length);
  });

  test('a :missing revision printed nothing: available true, no entries, end of stream', async () => {
    const page = await logs(SEED_IDS.worker, `since=${encodeURIComponent(ago(600))}&container=all`);
    expect(page).toMatchObject({ data: { available: true, entries: [] }, meta: { next_cursor: null, truncated: false } });
  });

  test('200,000 lines: pages stay cheap and every line is reached exactly once', async () => {
    expect((await api.control('/_sim/logs', { container_id: WEB, count: 200_000 })).status).toBe(200);
    const q = `since=${encodeURIComponent(ago(25))}&limit=1000`;
    let cursor: string | null = null;
    let total = 0;
    let pages = 0;
    const t0 = performance.now();
    do {
      const page: Awaited<ReturnType<typeof logs>> = await logs(WEB, cursor ? `${q}&cursor=${cursor}` : q);
      total += page.data.entries.length;
      cursor = page.meta.next_cursor;
      pages++;
    } while (cursor && pages < 300);
    const ms = performance.now() - t0;
    console.log(`paged ${total} log lines in ${pages} pages: ${ms.toFixed(0)} ms (${(ms / pages).toFixed(2)} ms/page)`);
    expect(total).toBe(200_000 + 100); // plus the regular stream, one line every 15 s
    expect(pages).toBe(201);
  });

  test('log store down: 503 envelope with serverless.logs_unavailable, retryable', async () => {
    await api.control('/_sim/faults', { logs_unavailable: true });
    const b = await parsed(await api.get(`/api/v1/serverless/${WEB}/logs`), S.EnvelopeError, 503);
    expect(b).toMatchObject({ success: false, data: { available: false, entries: [] }, error: { code: 'serverless.logs_unavailable', retryable: true }, meta: {} });
    const d = await diagnose(WEB);
    expect(d.sections.logs).toEqual({ available: false, sampled_lines: 0 });
  });
});

describe('events', () => {
  test('recent events carry resource {kind, name}, counts and times; they are garbage-collected after an hour', async () => {
    const apiEvents = await events(SEED_IDS.api);
    expect(apiEvents.available).toBe(true);
    const backoff = apiEvents.events.find((e) => e.reason === 'BackOff');
    expect(backoff).toMatchObject({ type: 'Warning', resource: { kind: 'Pod' } });
    expect(backoff?.count).toBeGreaterThan(10);
    expect((await events(SEED_IDS.worker)).events).toEqual([]); // failed 2 h ago: gone
    await api.send('PUT', `/api/v1/serverless/${WEB}`, { image_tag: '2.0' });
    api.advance(12);
    const web = await events(WEB);
    expect(web.events.map((e) => [e.reason, e.resource])).toEqual([
      ['RevisionReady', { kind: 'Revision', name: 'web-00004' }],
      ['Created', { kind: 'Revision', name: 'web-00004' }],
    ]);
    api.advance(61 * 60);
    expect((await events(WEB)).events).toEqual([]);
  });
});

describe('diagnose', () => {
  test('worker: image_not_found (fatal) first, then no_pod_scheduled explaining the empty log', async () => {
    const d = await diagnose(SEED_IDS.worker);
    expect(d.verdict).toBe('failed');
    expect(d.status).toMatchObject({ summary: 'failed', error: { code: 'serverless.image_not_found' } });
    expect(d.findings.map((f) => [f.code, f.severity])).toEqual([
      ['serverless.image_not_found', 'fatal'],
      ['serverless.no_pod_scheduled', 'informational'],
    ]);
    expect(d.findings[0]).toMatchObject({ retryable: false, remediation: expect.stringMatching(/image reference/) });
    expect(d.findings[1]?.summary).toMatch(/empty log is expected/);
    expect(d.sections).toEqual({ events: { available: true, count: 0, truncated: false }, logs: { available: true, sampled_lines: 0 } });
  });

  test('edge: ingress_not_ready; api: crash_loop (degraded); web: healthy with sampled logs', async () => {
    expect(await codes(SEED_IDS.edge)).toEqual([['serverless.ingress_not_ready', 'action_required']]);
    expect((await diagnose(SEED_IDS.edge)).verdict).toBe('unhealthy');
    const apiD = await diagnose(SEED_IDS.api);
    expect([apiD.verdict, apiD.findings.map((f) => [f.code, f.severity])]).toEqual(['degraded', [['serverless.crash_loop', 'fatal']]]);
    const web = await diagnose(WEB);
    expect([web.verdict, web.findings]).toEqual(['healthy', []]);
    expect(web.sections.logs?.sampled_lines).toBe(60);
  });

  test('revision checks are skipped while an operation is in flight and for a stopped container', async () => {
    const batch = await diagnose(SEED_IDS.batch);
    expect([batch.verdict, batch.findings.map((f) => [f.code, f.severity])]).toEqual(['in_progress', [['serverless.checks_skipped', 'informational']]]);
    expect(batch.findings[0]?.summary).toMatch(/in flight/);
    const cron = await diagnose(SEED_IDS.cron);
    expect([cron.verdict, cron.findings.map((f) => f.code)]).toEqual(['stopped', ['serverless.checks_skipped']]);
    expect(cron.findings[0]?.summary).toMatch(/stopped/);
    await api.send('PUT', `/api/v1/serverless/${SEED_IDS.worker}`, { image_tag: '1.0' });
    expect(await codes(SEED_IDS.worker)).toEqual([
      ['serverless.image_not_found', 'fatal'],
      ['serverless.checks_skipped', 'informational'],
    ]);
  });

  test('a retryable failure with nothing serving is fatal; once a later rollout succeeds it is transient_recovered', async () => {
    const c = (await parsed(await api.send('POST', '/api/v1/serverless', createBody('wobbly', 'flaky')), S.ContainerCreated, 201)).container;
    api.advance(12);
    expect(await codes(c.id)).toEqual([
      ['serverless.image_pull_unknown', 'fatal'],
      ['serverless.no_pod_scheduled', 'informational'],
    ]);
    await api.send('PUT', `/api/v1/serverless/${c.id}`, { image_tag: '1.0' });
    api.advance(12);
    const d = await diagnose(c.id);
    expect([d.verdict, d.findings.map((f) => [f.code, f.severity])]).toEqual(['healthy', [['serverless.image_pull_unknown', 'transient_recovered']]]);
    api.advance(3600);
    expect((await diagnose(c.id)).findings).toEqual([]);
  });
});
