// The simulator's runs and schedules: the shapes of real-api "Runs and schedules" (every field
// of ServerlessRun, ServerlessRunSchedule, ServerlessRunLogs, in the envelope), a run's fate
// chosen by its command, the log growing with the clock, one active run per container,
// cancel, runs not enabled, and schedules with next_run_at from the cron module.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { Simulator } from '../../src/sim/server.js';
import { body, createBody, parsed, SEED_IDS, simApi, useSimulator } from '../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

const base = `/api/v1/serverless/${SEED_IDS.web}`;
const envelope = <T extends z.ZodType>(data: T) => z.strictObject({ success: z.literal(true), data, error: z.null(), meta: z.record(z.string(), z.unknown()) });
const iso = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
const Run = z.strictObject({
  id: z.string(),
  container_id: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled', 'timed_out']),
  terminal: z.boolean(),
  command: z.array(z.string()).nullable(),
  image: z.string(),
  env_keys: z.array(z.string()),
  timeout_seconds: z.number(),
  exit_code: z.number().nullable(),
  message: z.string().nullable(),
  created_at: iso,
  started_at: iso.nullable(),
  finished_at: iso.nullable(),
  duration_seconds: z.number().nullable(),
});
const Logs = z.strictObject({ run_id: z.string(), source: z.enum(['live', 'stored', 'none']), logs: z.string() });
const Schedule = z.strictObject({
  id: z.string(),
  name: z.string(),
  cron_expression: z.string(),
  timezone: z.string(),
  command: z.array(z.string()).nullable(),
  image_tag: z.string().nullable(),
  timeout_seconds: z.number(),
  enabled: z.boolean(),
  next_run_at: iso.nullable(),
  last_run_at: iso.nullable(),
  last_skipped_at: iso.nullable(),
  last_skip_reason: z.string().nullable(),
  created_at: iso.nullable(),
  updated_at: iso.nullable(),
});

async function start(command: string[], extra: Record<string, unknown> = {}) {
  return (await parsed(await simApi(sim).send('POST', `${base}/runs`, { command, ...extra }), envelope(Run), 201)).data;
}
const read = async (id: string) => (await parsed(await simApi(sim).get(`${base}/runs/${id}`), envelope(Run))).data;
const logs = async (id: string) => (await parsed(await simApi(sim).get(`${base}/runs/${id}/logs`), envelope(Logs))).data;

describe('runs', () => {
  it.each([
    ['exit N fails with that code', ['sh', '-c', 'exit 3'], 10, { status: 'failed', exit_code: 3, terminal: true }],
    ['sleep S runs S seconds', ['sleep', '30'], 20, { status: 'running', exit_code: null, terminal: false }],
    ['sleep S then succeeds', ['sleep', '30'], 31, { status: 'succeeded', exit_code: 0, duration_seconds: 30 }],
    ['past timeout_seconds: timed_out', ['sleep', '600'], 62, { status: 'timed_out', exit_code: null, duration_seconds: 60 }],
    ['anything else succeeds after a few seconds', ['npm', 'run', 'migrate'], 5, { status: 'succeeded', exit_code: 0 }],
  ])('%s', async (_what, command, after, expected) => {
    const run = await start(command, command[1] === '600' ? { timeout_seconds: 60 } : {});
    expect(run).toMatchObject({ status: 'queued', terminal: false, started_at: null, container_id: SEED_IDS.web });
    sim.world.clock.advance(after);
    expect(await read(run.id)).toMatchObject(expected);
  });

  it('the log grows with the clock, whole text every time; live, then stored', async () => {
    const run = await start(['sleep', '10'], { env: { A: '1', B: '2' } });
    expect(run.env_keys).toEqual(['A', 'B']);
    expect(await logs(run.id)).toEqual({ run_id: run.id, source: 'none', logs: '' });
    sim.world.clock.advance(3);
    const early = await logs(run.id);
    expect(early.source).toBe('live');
    sim.world.clock.advance(3);
    const later = await logs(run.id);
    expect(later.logs.startsWith(early.logs)).toBe(true);
    expect(later.logs.split('\n').length).toBeGreaterThan(early.logs.split('\n').length + 4);
    sim.world.clock.advance(10);
    const done = await logs(run.id);
    expect(done.source).toBe('stored');
    expect(done.logs.endsWith('exited with code 0\n')).toBe(true);
  });

  it('one active run per container: 409 envelope naming it; cancel ends it, a second cancel is 409', async () => {
    const run = await start(['sleep', '100']);
    const refused = await simApi(sim).send('POST', `${base}/runs`, { command: ['ls'] });
    expect(refused.status).toBe(409);
    expect(await body(refused)).toMatchObject({ success: false, error: { code: expect.any(String) }, meta: { active_run_id: run.id } });
    sim.world.clock.advance(5);
    const cancelled = await parsed(await simApi(sim).send('POST', `${base}/runs/${run.id}/cancel`), envelope(Run));
    expect(cancelled.data).toMatchObject({ status: 'cancelled', terminal: true });
    const again = await simApi(sim).send('POST', `${base}/runs/${run.id}/cancel`);
    expect(again.status).toBe(409);
    expect(await body(again)).toMatchObject({ success: false, data: null });
    // The container is free again.
    await start(['ls']);
  });

  it('lists newest first with meta.total; an unknown run is a 404 without a code', async () => {
    const a = await start(['true']);
    sim.world.clock.advance(10);
    const b = await start(['true']);
    const list = await parsed(await simApi(sim).get(`${base}/runs`), envelope(z.array(Run)));
    expect(list.data.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(list.meta).toEqual({ total: 2 });
    const missing = await simApi(sim).get(`${base}/runs/nope`);
    expect(missing.status).toBe(404);
    expect(await body(missing)).not.toHaveProperty('error');
  });

  it('refuses a bad body with 422 field errors', async () => {
    const res = await simApi(sim).send('POST', `${base}/runs`, { command: 'ls', env: ['A'], timeout_seconds: 0 });
    expect(res.status).toBe(422);
    expect(Object.keys((await body<{ errors: object }>(res)).errors).sort()).toEqual(['command', 'timeout_seconds']);
  });

  it('a container named *norun*: 404 serverless.runs_not_enabled on runs and schedules', async () => {
    const created = await body<{ container: { id: string } }>(await simApi(sim).send('POST', '/api/v1/serverless', createBody('norun-api', '1.0.0')));
    for (const path of ['runs', 'schedules']) {
      const res = await simApi(sim).get(`/api/v1/serverless/${created.container.id}/${path}`);
      expect(res.status).toBe(404);
      expect(await body(res)).toMatchObject({ success: false, error: { code: 'serverless.runs_not_enabled' } });
    }
  });
});

describe('schedules', () => {
  it('create, show, PATCH and PUT {enabled}, delete; next_run_at from the cron in its timezone', async () => {
    const now = sim.world.now();
    const res = await simApi(sim).send('POST', `${base}/schedules`, { name: 'hourly', cron_expression: '0 * * * *', timezone: 'UTC', timeout_seconds: 60, command: ['./tick'] });
    const s = (await parsed(res, envelope(Schedule), 201)).data;
    const next = Date.parse(s.next_run_at!);
    expect(next).toBeGreaterThan(now);
    expect(next - now).toBeLessThanOrEqual(3_600_000);
    expect(new Date(next).getUTCMinutes()).toBe(0);
    const shown = (await parsed(await simApi(sim).get(`${base}/schedules/${s.id}`), envelope(Schedule))).data;
    expect(shown).toEqual(s);
    const paused = (await parsed(await simApi(sim).send('PATCH', `${base}/schedules/${s.id}`, { enabled: false }), envelope(Schedule))).data;
    expect(paused).toMatchObject({ enabled: false, next_run_at: null });
    const resumed = (await parsed(await simApi(sim).send('PUT', `${base}/schedules/${s.id}`, { enabled: true }), envelope(Schedule))).data;
    expect(resumed).toMatchObject({ enabled: true, next_run_at: s.next_run_at });
    const del = await parsed(await simApi(sim).send('DELETE', `${base}/schedules/${s.id}`), envelope(z.null()));
    expect(del.data).toBeNull();
    expect((await simApi(sim).get(`${base}/schedules/${s.id}`)).status).toBe(404);
  });

  it('refuses a 6-field cron, an unknown timezone and a taken name (422)', async () => {
    const ok = { name: 'a', cron_expression: '0 3 * * *', timezone: 'UTC', timeout_seconds: 60 };
    expect((await simApi(sim).send('POST', `${base}/schedules`, ok)).status).toBe(201);
    const res = await simApi(sim).send('POST', `${base}/schedules`, { ...ok, cron_expression: '0 0 3 * * *', timezone: 'Nowhere/Place' });
    expect(res.status).toBe(422);
    expect(Object.keys((await body<{ errors: object }>(res)).errors).sort()).toEqual(['cron_expression', 'name', 'timezone']);
  });
});
