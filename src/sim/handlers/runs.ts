// Runs and schedules of a container (real-api "Runs and schedules"), every answer in the
// envelope. A container whose name contains `norun` answers 404 `serverless.runs_not_enabled`
// on all of them (an account without runs). State: src/sim/state/runs.ts.
import { http } from 'msw';
import { canonicalTimeZone, parseCron, CronError } from '../../shared/cron.js';
import { imageRef, type ContainerRecord } from '../state/containers.js';
import { DEFAULT_RUN_TIMEOUT_SECONDS, planOf, runAt, runJson, runLogsJson, runStoreOf, scheduleJson, type ScheduleRecord } from '../state/runs.js';
import type { World } from '../state/world.js';
import { API, envelope, guarded, invalid, json, notFound, readJson, type Ctx } from '../http/common.js';
import { containerMissing, findContainer } from './serverless.js';

const MAX_TIMEOUT_SECONDS = 86_400;

function envelopeFailure(status: number, code: string, text: string, meta: Record<string, unknown> = {}): Response {
  return json({ success: false, data: null, error: { code, message: text, retryable: false }, meta }, status);
}

/** The container of the route, or the answer that ends the request (404, runs not enabled). */
function containerOf(ctx: Ctx): { c: ContainerRecord } | { response: Response } {
  const c = findContainer(ctx);
  if (!c) return { response: containerMissing(ctx) };
  if (c.name.includes('norun')) return { response: envelopeFailure(404, 'serverless.runs_not_enabled', 'Runs are not enabled for this account.') };
  return { c };
}

function stringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

function timeoutOf(v: unknown, errors: Record<string, string[]>): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_TIMEOUT_SECONDS) {
    errors.timeout_seconds = [`The timeout seconds field must be an integer between 1 and ${MAX_TIMEOUT_SECONDS}.`];
    return undefined;
  }
  return v;
}

function commandOf(v: unknown, errors: Record<string, string[]>): string[] | null {
  if (v === undefined || v === null) return null;
  if (!stringList(v) || v.length === 0) {
    errors.command = ['The command field must be a non-empty array of strings.'];
    return null;
  }
  return v;
}

/** `env` as the provider's client sends it (a map); the generated type's `KEY=VALUE` list is accepted too. */
function envKeysOf(v: unknown, errors: Record<string, string[]>): string[] {
  if (v === undefined || v === null) return [];
  if (stringList(v)) return v.map((p) => p.split('=')[0]!);
  if (typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string')) return Object.keys(v);
  errors.env = ['The env field must be a map of strings.'];
  return [];
}

function scheduleOf(ctx: Ctx, c: ContainerRecord): ScheduleRecord | undefined {
  const ref = ctx.params.schedule;
  return runStoreOf(ctx.world.containers)
    .schedulesOf(c.id)
    .find((s) => s.id === ref);
}

/** The fields of a schedule's create (all required there) or update (any of them). */
function scheduleFields(b: Record<string, unknown>, create: boolean, errors: Record<string, string[]>): Partial<ScheduleRecord> {
  const out: Partial<ScheduleRecord> = {};
  const need = (k: string) => create && b[k] === undefined && (errors[k] = [`The ${k.replace(/_/g, ' ')} field is required.`]);
  for (const k of ['name', 'cron_expression', 'timezone']) need(k);
  if (b.name !== undefined) {
    if (typeof b.name !== 'string' || b.name.trim() === '') errors.name = ['The name field must be a string.'];
    else out.name = b.name;
  }
  if (b.cron_expression !== undefined) {
    try {
      if (typeof b.cron_expression !== 'string') throw new CronError('not a string');
      parseCron(b.cron_expression);
      out.cronExpression = b.cron_expression.trim();
    } catch (err) {
      errors.cron_expression = [`The cron expression is invalid: ${(err as Error).message}.`];
    }
  }
  if (b.timezone !== undefined) {
    const tz = typeof b.timezone === 'string' ? canonicalTimeZone(b.timezone) : undefined;
    if (!tz) errors.timezone = ['The timezone field must be a valid timezone.'];
    else out.timezone = tz;
  }
  const timeout = timeoutOf(b.timeout_seconds, errors);
  if (timeout !== undefined) out.timeoutSeconds = timeout;
  if (b.command !== undefined) out.command = commandOf(b.command, errors);
  if (b.image_tag !== undefined) {
    if (b.image_tag !== null && typeof b.image_tag !== 'string') errors.image_tag = ['The image tag field must be a string.'];
    else out.imageTag = b.image_tag;
  }
  if (b.enabled !== undefined) {
    if (typeof b.enabled !== 'boolean') errors.enabled = ['The enabled field must be true or false.'];
    else out.enabled = b.enabled;
  }
  return out;
}

export function runHandlers(world: World) {
  const store = () => runStoreOf(world.containers);
  const updateSchedule = guarded(world, 'serverless:write', async (ctx) => {
    const found = containerOf(ctx);
    if ('response' in found) return found.response;
    const s = scheduleOf(ctx, found.c);
    if (!s) return notFound('ServerlessRunSchedule', ctx.params.schedule);
    const body = await readJson(ctx.request);
    if (!body.ok) return body.response;
    const errors: Record<string, string[]> = {};
    const patch = scheduleFields(body.body, false, errors);
    if (
      patch.name &&
      store()
        .schedulesOf(found.c.id)
        .some((o) => o !== s && o.name === patch.name)
    )
      errors.name = ['The name has already been taken.'];
    if (Object.keys(errors).length) return invalid(errors);
    Object.assign(s, patch, { updatedAt: ctx.now });
    return json(envelope(scheduleJson(s, ctx.now)));
  });

  return [
    http.get(
      `${API}/serverless/:id/runs`,
      guarded(world, 'serverless:read', (ctx) => {
        const found = containerOf(ctx);
        if ('response' in found) return found.response;
        const runs = store().runsOf(found.c.id).slice().reverse();
        return json(
          envelope(
            runs.map((r) => runJson(r, ctx.now)),
            { total: runs.length },
          ),
        );
      }),
    ),
    http.post(
      `${API}/serverless/:id/runs`,
      guarded(world, 'serverless:write', async (ctx) => {
        const found = containerOf(ctx);
        if ('response' in found) return found.response;
        const c = found.c;
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        const b = body.body;
        const errors: Record<string, string[]> = {};
        const command = commandOf(b.command, errors);
        const envKeys = envKeysOf(b.env, errors);
        const timeout = timeoutOf(b.timeout_seconds, errors) ?? DEFAULT_RUN_TIMEOUT_SECONDS;
        if (b.image_tag !== undefined && b.image_tag !== null && (typeof b.image_tag !== 'string' || b.image_tag === '')) errors.image_tag = ['The image tag field must be a string.'];
        if (Object.keys(errors).length) return invalid(errors);
        const active = store()
          .runsOf(c.id)
          .find((r) => !runAt(r, ctx.now).terminal);
        if (active) return envelopeFailure(409, 'serverless.run_in_progress', 'Another run of this container is still active.', { active_run_id: active.id });
        const image = typeof b.image_tag === 'string' ? `${c.spec.image ?? c.slug}:${b.image_tag}` : (imageRef(c.spec) ?? c.slug);
        const plan = planOf(command);
        const run = {
          id: world.ids.uuid('run'),
          containerId: c.id,
          command,
          image,
          envKeys,
          timeoutSeconds: timeout,
          createdAt: ctx.now,
          plannedMs: plan.ms,
          plannedExit: plan.exit,
          cancelledAt: null,
        };
        store().runs.push(run);
        return json(envelope(runJson(run, ctx.now)), 201);
      }),
    ),
    http.get(
      `${API}/serverless/:id/runs/:run`,
      guarded(world, 'serverless:read', (ctx) => {
        const found = containerOf(ctx);
        if ('response' in found) return found.response;
        const r = store()
          .runsOf(found.c.id)
          .find((x) => x.id === ctx.params.run);
        if (!r) return notFound('ServerlessRun', ctx.params.run);
        return json(envelope(runJson(r, ctx.now)));
      }),
    ),
    http.get(
      `${API}/serverless/:id/runs/:run/logs`,
      guarded(world, 'serverless:read', (ctx) => {
        const found = containerOf(ctx);
        if ('response' in found) return found.response;
        const r = store()
          .runsOf(found.c.id)
          .find((x) => x.id === ctx.params.run);
        if (!r) return notFound('ServerlessRun', ctx.params.run);
        return json(envelope(runLogsJson(r, ctx.now)));
      }),
    ),
    http.post(
      `${API}/serverless/:id/runs/:run/cancel`,
      guarded(world, 'serverless:write', (ctx) => {
        const found = containerOf(ctx);
        if ('response' in found) return found.response;
        const r = store()
          .runsOf(found.c.id)
          .find((x) => x.id === ctx.params.run);
        if (!r) return notFound('ServerlessRun', ctx.params.run);
        if (runAt(r, ctx.now).terminal) return envelopeFailure(409, 'serverless.run_not_active', 'The run is no longer active.');
        r.cancelledAt = ctx.now;
        return json(envelope(runJson(r, ctx.now)));
      }),
    ),
    http.get(
      `${API}/serverless/:id/schedules`,
      guarded(world, 'serverless:read', (ctx) => {
        const found = containerOf(ctx);
        if ('response' in found) return found.response;
        return json(
          envelope(
            store()
              .schedulesOf(found.c.id)
              .map((s) => scheduleJson(s, ctx.now)),
          ),
        );
      }),
    ),
    http.post(
      `${API}/serverless/:id/schedules`,
      guarded(world, 'serverless:write', async (ctx) => {
        const found = containerOf(ctx);
        if ('response' in found) return found.response;
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        const errors: Record<string, string[]> = {};
        const f = scheduleFields(body.body, true, errors);
        if (
          f.name &&
          store()
            .schedulesOf(found.c.id)
            .some((o) => o.name === f.name)
        )
          errors.name = ['The name has already been taken.'];
        if (Object.keys(errors).length) return invalid(errors);
        const s: ScheduleRecord = {
          id: world.ids.uuid('schedule'),
          containerId: found.c.id,
          name: f.name!,
          cronExpression: f.cronExpression!,
          timezone: f.timezone!,
          command: f.command ?? null,
          imageTag: f.imageTag ?? null,
          timeoutSeconds: f.timeoutSeconds ?? DEFAULT_RUN_TIMEOUT_SECONDS,
          enabled: f.enabled ?? true,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        };
        store().schedules.push(s);
        return json(envelope(scheduleJson(s, ctx.now)), 201);
      }),
    ),
    http.get(
      `${API}/serverless/:id/schedules/:schedule`,
      guarded(world, 'serverless:read', (ctx) => {
        const found = containerOf(ctx);
        if ('response' in found) return found.response;
        const s = scheduleOf(ctx, found.c);
        if (!s) return notFound('ServerlessRunSchedule', ctx.params.schedule);
        return json(envelope(scheduleJson(s, ctx.now)));
      }),
    ),
    // The provider's client sends PATCH; the generated paths list PUT: both update.
    http.patch(`${API}/serverless/:id/schedules/:schedule`, updateSchedule),
    http.put(`${API}/serverless/:id/schedules/:schedule`, updateSchedule),
    http.delete(
      `${API}/serverless/:id/schedules/:schedule`,
      guarded(world, 'serverless:delete', (ctx) => {
        const found = containerOf(ctx);
        if ('response' in found) return found.response;
        const s = scheduleOf(ctx, found.c);
        if (!s) return notFound('ServerlessRunSchedule', ctx.params.schedule);
        const all = store().schedules;
        all.splice(all.indexOf(s), 1);
        return json(envelope(null));
      }),
    ),
  ];
}
