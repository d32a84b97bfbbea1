// Revisions, events, logs and diagnose of a container: the envelope endpoints (spec 2.4, 4.1).
import { http } from 'msw';
import { DAY, MINUTE } from '../clock.js';
import { diagnose } from '../state/diagnose.js';
import { eventsFor } from '../state/events.js';
import { decodeCursor, encodeCursor, readLogs, type LogContainer } from '../state/logs.js';
import { revisionsView } from '../state/revisions.js';
import type { World } from '../state/world.js';
import { API, guarded, intParam, invalid, json, notFound, type Ctx } from './common.js';
import { findContainer } from './serverless.js';

const envelope = (data: unknown, meta: Record<string, unknown> = {}) => ({ success: true, data, error: null, meta });

export const LOG_RETENTION_MS = 10 * DAY;
const LEVELS = ['debug', 'info', 'warn', 'error'];
const CONTAINERS = ['user-container', 'queue-proxy', 'all'];

function parseTime(raw: string | null, field: string, errors: Record<string, string[]>): number | null {
  if (raw === null || raw === '') return null;
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(ms)) {
    errors[field] = [`The ${field} must be an ISO 8601 timestamp.`];
    return null;
  }
  return ms;
}

function logs(world: World, ctx: Ctx): Response {
  const c = findContainer(ctx);
  if (!c) return notFound('Container');
  const q = ctx.url.searchParams;
  const errors: Record<string, string[]> = {};
  const since = parseTime(q.get('since'), 'since', errors) ?? ctx.now - 30 * MINUTE;
  const until = parseTime(q.get('until'), 'until', errors) ?? ctx.now;
  if (!errors.since && since < ctx.now - LOG_RETENTION_MS) {
    errors.since = ['The since value is older than the 10-day log retention; it is rejected, not clamped.'];
  }
  if (!errors.since && !errors.until && until < since) errors.until = ['The until value must not be before since.'];
  const limit = intParam(ctx.url, 'limit', 100, 1, 1000, errors);
  const level = q.get('level');
  if (level !== null && !LEVELS.includes(level.toLowerCase())) errors.level = [`The level must be one of: ${LEVELS.join(', ')}.`];
  const container = q.get('container') ?? 'user-container';
  if (!CONTAINERS.includes(container)) errors.container = [`The container must be one of: ${CONTAINERS.join(', ')}.`];
  const rawCursor = q.get('cursor');
  const cursor = rawCursor ? decodeCursor(rawCursor) : null;
  if (rawCursor && !cursor) errors.cursor = ['The cursor is not valid.'];
  if (Object.keys(errors).length) return invalid(errors);
  if (world.faults.logs_unavailable) {
    return json(
      {
        success: false,
        data: { available: false, entries: [] },
        error: { code: 'logs.unavailable', message: 'The log store did not answer; this says nothing about the container. Retry later.' },
        meta: { next_cursor: null, truncated: false },
      },
      503,
    );
  }
  const page = readLogs(c, { since, until, cursor, limit, level, container: container as LogContainer | 'all' }, ctx.now);
  return json(
    envelope(
      { available: true, entries: page.entries },
      { next_cursor: page.nextCursor ? encodeCursor(page.nextCursor) : null, truncated: page.nextCursor !== null },
    ),
  );
}

export function diagnosticsHandlers(world: World) {
  return [
    http.get(`${API}/serverless/:id/revisions`, guarded(world, 'serverless:read', (ctx) => {
      const c = findContainer(ctx);
      return c ? json(envelope(revisionsView(c, ctx.now))) : notFound('Container');
    })),
    http.get(`${API}/serverless/:id/events`, guarded(world, 'serverless:diagnostics', (ctx) => {
      const c = findContainer(ctx);
      return c ? json(envelope({ events: eventsFor(c, ctx.now) }, { ephemeral: true, retention_minutes: 60 })) : notFound('Container');
    })),
    http.get(`${API}/serverless/:id/logs`, guarded(world, 'serverless:diagnostics', (ctx) => logs(world, ctx))),
    http.get(`${API}/serverless/:id/diagnose`, guarded(world, 'serverless:read', (ctx) => {
      const c = findContainer(ctx);
      if (!c) return notFound('Container');
      const status = world.status(c);
      const findings = diagnose(c, status, revisionsView(c, ctx.now));
      return json(envelope({ findings }, { source: 'api', summary: status.details.summary }));
    })),
  ];
}
