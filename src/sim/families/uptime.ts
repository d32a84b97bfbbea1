// Uptime checks (real-api UptimeCheckResource and the /uptime-checks operations): the CRUD of
// the generic engine (synchronous: no operation to wait for), plus toggle (pause/resume),
// results, incidents, a one-off test and diagnose. What a check of a URL finds is decided by
// the URL, so the world is the same on every run: a host under `.invalid` does not resolve,
// a path with `/503` answers 503, a path with `/slow` times out; anything else answers 200.
import { http } from 'msw';
import { iso, DAY, MINUTE, SECOND } from '../clock.js';
import { API, envelope, guarded, intParam, invalid, json, notFound, type Ctx } from '../http/common.js';
import { familyHandlers, type FamilyDef, type FamilyRecord } from '../http/family.js';
import { lifecycle } from '../state/lifecycle.js';
import { uuidFrom } from '../state/ids.js';
import type { World } from '../state/world.js';

export interface CheckResult {
  checked_at: string;
  ok: boolean;
  status_code: number | null;
  response_time_ms: number | null;
  error: string | null;
}
export interface CheckIncident {
  id: string;
  startedAt: number;
  endedAt: number | null;
  firstError: string | null;
}

export interface UptimeRecord extends FamilyRecord {
  id: string;
  url: string;
  method: 'GET' | 'HEAD';
  enabled: boolean;
  intervalSeconds: number;
  timeoutSeconds: number;
  expectedStatus: string;
  bodyKeyword: string | null;
  followRedirects: boolean;
  verifyTls: boolean;
  checkSslExpiry: boolean;
  sslExpiryThresholdDays: number;
  sslExpiresAt: number | null;
  failureThreshold: number;
  notifyOnRecovery: boolean;
  channels: string[] | null;
  consecutiveFailures: number;
  /** Newest first. */
  results: CheckResult[];
  incidents: CheckIncident[];
  createdAt: number;
}

const CHANNELS = ['database', 'mail', 'webhook'];

/** What one check of `url` finds (see the header). */
export function probe(url: string, timeoutSeconds: number, salt: number): Omit<CheckResult, 'checked_at'> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { ok: false, status_code: null, response_time_ms: 0, error: 'dns' };
  }
  if (u.hostname.endsWith('.invalid')) return { ok: false, status_code: null, response_time_ms: 8 + (salt % 5), error: 'dns' };
  if (u.pathname.includes('/slow')) return { ok: false, status_code: null, response_time_ms: timeoutSeconds * 1000, error: 'timeout' };
  if (u.pathname.includes('/503')) return { ok: false, status_code: 503, response_time_ms: 310 + (salt % 40), error: 'status_mismatch' };
  return { ok: true, status_code: 200, response_time_ms: 95 + ((salt * 37) % 60), error: null };
}

function statusOf(c: UptimeRecord): 'up' | 'down' | 'unknown' | 'paused' {
  if (!c.enabled) return 'paused';
  const last = c.results[0];
  if (!last) return 'unknown';
  return c.consecutiveFailures >= c.failureThreshold ? 'down' : 'up';
}

function statusDetails(c: UptimeRecord, now: number) {
  const status = statusOf(c);
  const last = c.results[0];
  const observed = last?.checked_at ?? iso(c.createdAt);
  const base = { observed_at: observed, stale: false, operation: { state: 'succeeded', terminal: true } };
  if (status === 'down') {
    return {
      ...base,
      summary: 'failed',
      health: 'unhealthy',
      error: {
        code: 'uptime_check.target_down',
        source: 'monitor',
        resource: { kind: 'uptime_check', name: c.name },
        reason: last?.error ?? null,
        message: `${c.consecutiveFailures} consecutive checks of ${c.url} failed.`,
        retryable: true,
        observed_at: observed,
      },
    };
  }
  void now;
  return { ...base, summary: status === 'paused' ? 'stopped' : status === 'unknown' ? 'pending' : 'ready', health: status === 'up' ? 'healthy' : 'unknown', error: null };
}

export const uptimeFamily: FamilyDef<UptimeRecord> = {
  path: 'uptime-checks',
  model: 'UptimeCheck',
  permission: 'uptime-check',
  wrapper: 'check',
  family: 'uptime_check',
  store: (w) => w.monitoring.uptimeChecks,
  view: (c, at) => {
    const last = c.results[0];
    return {
      id: c.id,
      name: c.name,
      url: c.url,
      method: c.method,
      status: statusOf(c),
      status_details: statusDetails(c, at.now),
      capabilities: { logs: false, events: false, diagnose: true },
      enabled: c.enabled,
      interval_seconds: c.intervalSeconds,
      timeout_seconds: c.timeoutSeconds,
      expected_status: c.expectedStatus,
      body_keyword: c.bodyKeyword,
      follow_redirects: c.followRedirects,
      verify_tls: c.verifyTls,
      check_ssl_expiry: c.checkSslExpiry,
      ssl_expiry_threshold_days: c.sslExpiryThresholdDays,
      ssl_expires_at: c.sslExpiresAt === null ? null : iso(c.sslExpiresAt),
      failure_threshold: c.failureThreshold,
      notify_on_recovery: c.notifyOnRecovery,
      notification_channels: c.channels,
      consecutive_failures: c.consecutiveFailures,
      last_checked_at: last?.checked_at ?? null,
      last_status_code: last?.status_code ?? null,
      last_response_time_ms: last?.response_time_ms ?? null,
      last_error: last?.error ?? null,
      team_id: c.teamId,
      created_at: iso(c.createdAt),
      updated_at: iso(c.updatedAt),
    };
  },
  create: {
    message: 'Uptime check created',
    build: (body, ctx) => {
      const errors = validate(body, true);
      if (errors) return { errors };
      const c = newCheck({ id: ctx.world.ids.uuid('uptime-check'), teamId: ctx.team.id, name: String(body.name).trim(), url: String(body.url).trim(), createdAt: ctx.now });
      applyFields(c, body);
      return { record: c };
    },
  },
  update: {
    message: 'Uptime check updated',
    apply: (c, body) => {
      const errors = validate(body, true);
      if (errors) return errors;
      c.name = String(body.name).trim();
      c.url = String(body.url).trim();
      applyFields(c, body);
      return undefined;
    },
  },
  destroy: { message: 'Uptime check deleted', refusal: 'Uptime check cannot be deleted' },
};

/** StoreUptimeCheckApiRequest / UpdateUptimeCheckRequest: name and url required in both. */
function validate(body: Record<string, unknown>, needNameUrl: boolean): Record<string, string[]> | undefined {
  const e: Record<string, string[]> = {};
  const text = (k: string) => (typeof body[k] === 'string' && (body[k] as string).trim() !== '' ? (body[k] as string).trim() : undefined);
  if (needNameUrl && !text('name')) e.name = ['The name field is required.'];
  const url = text('url');
  if (needNameUrl && !url) e.url = ['The url field is required.'];
  else if (url && !/^https?:\/\/[^\s/]+/.test(url)) e.url = ['The url field must be a valid URL.'];
  if (body.method !== undefined && body.method !== 'GET' && body.method !== 'HEAD') e.method = ['The selected method is invalid.'];
  if (body.interval_seconds !== undefined && !['60', '300'].includes(String(body.interval_seconds))) e.interval_seconds = ['The selected interval seconds is invalid.'];
  const int = (k: string, lo: number, hi: number) => {
    if (body[k] === undefined) return;
    const v = body[k];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) e[k] = [`The ${k.replace(/_/g, ' ')} field must be between ${lo} and ${hi}.`];
  };
  int('timeout_seconds', 1, 30);
  int('failure_threshold', 1, 10);
  int('ssl_expiry_threshold_days', 1, 90);
  // The grammar the provider's own client documents (the facts say only "string").
  if (body.expected_status !== undefined && !(typeof body.expected_status === 'string' && /^(?:[1-5]xx(?:-[1-5]xx)?|exact:[1-5][0-9]{2})$/.test(body.expected_status)))
    e.expected_status = ['The expected status field format is invalid.'];
  const ch = body.notification_channels;
  if (ch !== undefined && ch !== null && !(Array.isArray(ch) && ch.every((x) => CHANNELS.includes(x as string)))) e['notification_channels'] = ['The selected notification channels is invalid.'];
  for (const b of ['follow_redirects', 'verify_tls', 'check_ssl_expiry', 'notify_on_recovery'])
    if (body[b] !== undefined && typeof body[b] !== 'boolean') e[b] = [`The ${b.replace(/_/g, ' ')} field must be true or false.`];
  return Object.keys(e).length ? e : undefined;
}

function applyFields(c: UptimeRecord, body: Record<string, unknown>): void {
  if (body.method !== undefined) c.method = body.method as 'GET' | 'HEAD';
  if (body.interval_seconds !== undefined) c.intervalSeconds = Number(body.interval_seconds);
  if (body.timeout_seconds !== undefined) c.timeoutSeconds = body.timeout_seconds as number;
  if (body.expected_status !== undefined) c.expectedStatus = body.expected_status as string;
  if (body.body_keyword !== undefined) c.bodyKeyword = (body.body_keyword as string | null) || null;
  if (body.follow_redirects !== undefined) c.followRedirects = body.follow_redirects as boolean;
  if (body.verify_tls !== undefined) c.verifyTls = body.verify_tls as boolean;
  if (body.check_ssl_expiry !== undefined) c.checkSslExpiry = body.check_ssl_expiry as boolean;
  if (body.ssl_expiry_threshold_days !== undefined) c.sslExpiryThresholdDays = body.ssl_expiry_threshold_days as number;
  if (body.failure_threshold !== undefined) c.failureThreshold = body.failure_threshold as number;
  if (body.notify_on_recovery !== undefined) c.notifyOnRecovery = body.notify_on_recovery as boolean;
  if (body.notification_channels !== undefined) c.channels = body.notification_channels as string[] | null;
}

export function newCheck(r: { id: string; teamId: number; name: string; url: string; createdAt: number } & Partial<UptimeRecord>): UptimeRecord {
  return {
    method: 'GET',
    enabled: true,
    intervalSeconds: 60,
    timeoutSeconds: 10,
    expectedStatus: '2xx',
    bodyKeyword: null,
    followRedirects: true,
    verifyTls: true,
    checkSslExpiry: false,
    sslExpiryThresholdDays: 14,
    sslExpiresAt: null,
    failureThreshold: 3,
    notifyOnRecovery: true,
    channels: ['mail'],
    consecutiveFailures: 0,
    results: [],
    incidents: [],
    updatedAt: r.createdAt,
    life: lifecycle(r.createdAt, 'active'),
    ...r,
  };
}

/** Records one check at `now`: the counters, and an incident opened at the threshold or closed on recovery. */
export function record(c: UptimeRecord, now: number, ids: () => string): CheckResult {
  const r = { checked_at: iso(now), ...probe(c.url, c.timeoutSeconds, Math.floor(now / SECOND)) };
  c.results.unshift(r);
  c.consecutiveFailures = r.ok ? 0 : c.consecutiveFailures + 1;
  const open = c.incidents.find((i) => i.endedAt === null);
  if (!r.ok && !open && c.consecutiveFailures >= c.failureThreshold) c.incidents.unshift({ id: ids(), startedAt: now, endedAt: null, firstError: r.error });
  if (r.ok && open) open.endedAt = now;
  return r;
}

function limitOf(ctx: Ctx, def: number): number | Response {
  const errors: Record<string, string[]> = {};
  const n = intParam(ctx.url, 'limit', def, 1, 500, errors);
  return Object.keys(errors).length ? invalid(errors) : n;
}

function diagnosis(c: UptimeRecord, now: number) {
  const status = statusOf(c);
  const findings = [];
  const d = statusDetails(c, now);
  if (status === 'down')
    findings.push({
      code: 'uptime_check.target_down',
      severity: 'action_required',
      summary: `${c.name}: the last ${c.consecutiveFailures} checks of ${c.url} failed (${c.results[0]?.error ?? 'error'}${c.results[0]?.status_code ? `, HTTP ${c.results[0].status_code}` : ''}).`,
      remediation: 'Check the service behind the URL; the incident closes by itself at the first good check.',
      retryable: true,
    });
  if (c.checkSslExpiry && c.sslExpiresAt !== null && c.sslExpiresAt - now < c.sslExpiryThresholdDays * DAY)
    findings.push({
      code: 'uptime_check.ssl_expiring',
      severity: 'action_required',
      summary: `The TLS certificate of ${c.url} expires ${iso(c.sslExpiresAt)}.`,
      remediation: 'Renew the certificate.',
      retryable: false,
    });
  if (status === 'paused') findings.push({ code: 'uptime_check.paused', severity: 'informational', summary: `${c.name} is paused: nothing is being checked.`, remediation: null, retryable: false });
  if (status === 'unknown') findings.push({ code: 'uptime_check.never_checked', severity: 'informational', summary: `${c.name} has not been checked yet.`, remediation: null, retryable: true });
  const verdict = status === 'down' ? 'failing' : status === 'paused' ? 'paused' : status === 'unknown' ? 'pending' : 'healthy';
  return { verdict, status: d, findings, sections: { events: null, logs: null } };
}

function uptimeExtras(world: World) {
  const find = (ctx: Ctx) => world.monitoring.uptimeChecks.get(ctx.team.id, ctx.params.id);
  const withCheck = (perm: string, fn: (c: UptimeRecord, ctx: Ctx) => Response) =>
    guarded(world, perm, (ctx) => {
      const c = find(ctx);
      return c ? fn(c, ctx) : notFound('UptimeCheck', ctx.params.id);
    });
  const view = (c: UptimeRecord, ctx: Ctx) => uptimeFamily.view(c, { status: 'active', details: statusDetails(c, ctx.now) as never, now: ctx.now }, ctx);
  const base = `${API}/uptime-checks/:id`;
  return [
    http.patch(
      `${base}/toggle`,
      withCheck('uptime-check:write', (c, ctx) => {
        c.enabled = !c.enabled;
        c.updatedAt = ctx.now;
        return json({ message: c.enabled ? 'Uptime check resumed' : 'Uptime check paused', check: view(c, ctx) });
      }),
    ),
    http.get(
      `${base}/results`,
      withCheck('uptime-check:read', (c, ctx) => {
        const limit = limitOf(ctx, 50);
        if (typeof limit !== 'number') return limit;
        return json({ data: c.results.slice(0, limit), meta: { limit: ctx.url.searchParams.has('limit') ? limit : null, retention_days: 30 } });
      }),
    ),
    http.get(
      `${base}/incidents`,
      withCheck('uptime-check:read', (c, ctx) => {
        const limit = limitOf(ctx, 20);
        if (typeof limit !== 'number') return limit;
        const data = c.incidents
          .slice(0, limit)
          .map((i) => ({ id: i.id, started_at: iso(i.startedAt), ended_at: i.endedAt === null ? null : iso(i.endedAt), ongoing: i.endedAt === null, first_error: i.firstError }));
        return json({ data, meta: { limit: ctx.url.searchParams.has('limit') ? limit : null } });
      }),
    ),
    http.post(
      `${base}/test`,
      withCheck('uptime-check:write', (c, ctx) => {
        // A paused check is tested but nothing is recorded (its history stays as it was).
        const result = c.enabled ? record(c, ctx.now, () => world.ids.uuid('uptime-incident')) : { checked_at: iso(ctx.now), ...probe(c.url, c.timeoutSeconds, Math.floor(ctx.now / SECOND)) };
        return json({ data: { ok: result.ok, status_code: result.status_code, response_time_ms: result.response_time_ms ?? 0, error: result.error }, meta: { recorded: c.enabled } });
      }),
    ),
    http.get(
      `${base}/diagnose`,
      withCheck('uptime-check:read', (c, ctx) => json(envelope(diagnosis(c, ctx.now)))),
    ),
  ];
}

export function uptimeHandlers(world: World) {
  return [...uptimeExtras(world), ...familyHandlers(world, uptimeFamily)];
}

export const UPTIME_SEED = {
  api: uuidFrom('seed/uptime/api-health'),
  homepage: uuidFrom('seed/uptime/homepage'),
  status: uuidFrom('seed/uptime/status-page'),
  apiIncident: uuidFrom('seed/uptime/api-health/incident-1'),
  homepageIncident: uuidFrom('seed/uptime/homepage/incident-1'),
} as const;

/** Team 1: api-health failing (an open incident), homepage up (an old incident), status-page paused. */
export function seedUptime(w: World, now: number, team: number): void {
  const store = w.monitoring.uptimeChecks;
  const api = store.add(newCheck({ id: UPTIME_SEED.api, teamId: team, name: 'api-health', url: 'https://api.acme.example/healthz/503', createdAt: now - 20 * DAY, channels: ['mail', 'webhook'] }));
  const home = store.add(
    newCheck({
      id: UPTIME_SEED.homepage,
      teamId: team,
      name: 'homepage',
      url: 'https://www.acme.example/',
      intervalSeconds: 300,
      checkSslExpiry: true,
      sslExpiresAt: now + 40 * DAY,
      createdAt: now - 90 * DAY,
    }),
  );
  store.add(newCheck({ id: UPTIME_SEED.status, teamId: team, name: 'status-page', url: 'https://status.acme.example/', method: 'HEAD', enabled: false, createdAt: now - 60 * DAY }));
  // History, oldest first so the counters come out as the checks would have left them.
  const good = (c: UptimeRecord, at: number, ms: number) => c.results.unshift({ checked_at: iso(at), ok: true, status_code: 200, response_time_ms: ms, error: null });
  for (let i = 19; i >= 7; i--) good(api, now - i * MINUTE, 110 + (i % 4) * 9);
  for (let i = 6; i >= 0; i--) api.results.unshift({ checked_at: iso(now - i * MINUTE), ok: false, status_code: 503, response_time_ms: 300 + i * 7, error: 'status_mismatch' });
  api.consecutiveFailures = 7;
  api.incidents.push({ id: UPTIME_SEED.apiIncident, startedAt: now - 4 * MINUTE, endedAt: null, firstError: 'status_mismatch' });
  for (let i = 11; i >= 0; i--) good(home, now - i * 5 * MINUTE, 140 + (i % 3) * 11);
  home.incidents.push({ id: UPTIME_SEED.homepageIncident, startedAt: now - 3 * DAY, endedAt: now - 3 * DAY + 12 * MINUTE, firstError: 'timeout' });
}
