// Revisions, events, logs and diagnose of a container: the envelope endpoints (docs/behaviour.md#api-observability,
// 4.1, 4.2; real-api shapes).
import { http } from 'msw';
import { DAY, MINUTE } from '../clock.js';
import { containerUrl } from '../state/container-views.js';
import type { ContainerRecord } from '../state/containers.js';
import { diagnose } from '../state/diagnose.js';
import { eventsFor } from '../state/events.js';
import { decodeCursor, encodeCursor, readLogs, type LogContainer } from '../state/logs.js';
import { revisionsView } from '../state/revisions.js';
import type { World } from '../state/world.js';
import { API, envelope, envelopeError, guarded, intParam, invalid, json, type Ctx } from '../http/common.js';
import { containerMissing, findContainer } from './serverless.js';

export const RETENTION_DAYS = 10;
export const LOG_RETENTION_MS = RETENTION_DAYS * DAY;
/** Events returned per call; more are cut and reported as `truncated` by diagnose. */
const EVENTS_CAP = 50;
const LEVELS = ['debug', 'info', 'warn', 'error'];
const CONTAINERS = ['user-container', 'queue-proxy', 'all'];

function parseTime(raw: string | null, field: string, errors: Record<string, string[]>): number | null {
  if (raw === null || raw === '') return null;
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(ms)) {
    errors[field] = [`The ${field} field must be a valid date (ISO 8601).`];
    return null;
  }
  return ms;
}

const LOGS_DOWN = 'The log store did not respond. This says nothing about the container itself — retry shortly.';

function logs(world: World, ctx: Ctx): Response {
  const c = findContainer(ctx);
  if (!c) return containerMissing(ctx);
  const q = ctx.url.searchParams;
  const errors: Record<string, string[]> = {};
  const since = parseTime(q.get('since'), 'since', errors) ?? ctx.now - 30 * MINUTE;
  const until = parseTime(q.get('until'), 'until', errors) ?? ctx.now;
  if (!errors.since && since < ctx.now - LOG_RETENTION_MS) {
    errors.since = [`The since field must be within the ${RETENTION_DAYS}-day log retention; older values are rejected, not clamped.`];
  }
  if (!errors.since && !errors.until && until < since) errors.until = ['The until field must be a date after or equal to since.'];
  const limit = intParam(ctx.url, 'limit', 100, 1, 1000, errors);
  const level = q.get('level');
  if (level !== null && !LEVELS.includes(level.toLowerCase())) errors.level = ['The selected level is invalid.'];
  const container = q.get('container') ?? 'user-container';
  if (!CONTAINERS.includes(container)) errors.container = ['The selected container is invalid.'];
  const rawCursor = q.get('cursor');
  const cursor = rawCursor ? decodeCursor(rawCursor) : null;
  if (rawCursor && !cursor) errors.cursor = ['The cursor field format is invalid.'];
  if (Object.keys(errors).length) return invalid(errors);
  if (world.faults.logs_unavailable) {
    return envelopeError(503, { available: false, entries: [] }, 'serverless.logs_unavailable', LOGS_DOWN, true);
  }
  const page = readLogs(c, { since, until, cursor, limit, level, container: container as LogContainer | 'all' }, ctx.now);
  return json(
    envelope({ available: true, entries: page.entries }, { next_cursor: page.nextCursor ? encodeCursor(page.nextCursor) : null, truncated: page.nextCursor !== null, retention_days: RETENTION_DAYS }),
  );
}

/** How many lines diagnose samples: the user container's last 15 minutes, at most 200. */
function sampledLines(c: ContainerRecord, now: number): number {
  return readLogs(c, { since: now - 15 * MINUTE, until: now, cursor: null, limit: 200, level: null, container: 'user-container' }, now).entries.length;
}

export function diagnosticsHandlers(world: World) {
  return [
    http.get(
      `${API}/serverless/:id/revisions`,
      guarded(world, 'serverless:read', (ctx) => {
        const c = findContainer(ctx);
        return c ? json(envelope(revisionsView(c, ctx.now, containerUrl(c, ctx.team, ctx.url.origin)))) : containerMissing(ctx);
      }),
    ),
    http.get(
      `${API}/serverless/:id/events`,
      guarded(world, 'serverless:diagnostics', (ctx) => {
        const c = findContainer(ctx);
        return c ? json(envelope({ available: true, events: eventsFor(c, ctx.now).slice(0, EVENTS_CAP) })) : containerMissing(ctx);
      }),
    ),
    http.get(
      `${API}/serverless/:id/logs`,
      guarded(world, 'serverless:diagnostics', (ctx) => logs(world, ctx)),
    ),
    http.get(
      `${API}/serverless/:id/diagnose`,
      guarded(world, 'serverless:read', (ctx) => {
        const c = findContainer(ctx);
        if (!c) return containerMissing(ctx);
        const status = world.status(c).details;
        const { verdict, findings } = diagnose(c, status, revisionsView(c, ctx.now, containerUrl(c, ctx.team, ctx.url.origin)), ctx.now);
        // Events and logs are consulted only with serverless:diagnostics; without it they are null.
        const may = ctx.token.permissions.has('serverless:diagnostics');
        const events = may ? eventsFor(c, ctx.now) : null;
        const sections = {
          events: events ? { available: true, count: Math.min(events.length, EVENTS_CAP), truncated: events.length > EVENTS_CAP } : null,
          logs: may ? (world.faults.logs_unavailable ? { available: false, sampled_lines: 0 } : { available: true, sampled_lines: sampledLines(c, ctx.now) }) : null,
        };
        return json(envelope({ verdict, status, findings, sections }));
      }),
    ),
  ];
}
