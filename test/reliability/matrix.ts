// The tables of the fault campaign: the commands attacked and the faults thrown at them,
// each fault with the outcome the contract promises (exit code, message, how often the
// targeted request may reach the server).
import { SEED_IDS } from '../../src/sim/state/seed.js';
import type { FaultAction, FaultPlan } from './fault-proxy.js';

const WEB = SEED_IDS.web;
const PG = SEED_IDS.postgres;
const REDIS = SEED_IDS.redis;
const POINT = SEED_IDS.snapshots.database.mysql;

/** How a command's target request may be repeated (contract section 4). */
export type Replay = 'get' | 'write' | 'keyed-write';

export interface CommandCase {
  name: string;
  argv: string[];
  /** `METHOD /path` of the requests the fault hits (others reach the simulator untouched). */
  target: RegExp;
  replay: Replay;
}

// Ids are the seed's UUIDs (used as they are, no lookup); one case refers by name, so the
// lookup's list request is the one attacked.
export const COMMANDS: CommandCase[] = [
  { name: 'vps list', argv: ['vps', 'list'], target: /^GET \/api\/v1\/vps(\?|$)/, replay: 'get' },
  { name: 'api', argv: ['api', '/vps'], target: /^GET \/api\/v1\/vps(\?|$)/, replay: 'get' },
  { name: 'auth status', argv: ['auth', 'status'], target: /^GET \/api\/v1\/vps(\?|$)/, replay: 'get' },
  { name: 'serverless list', argv: ['serverless', 'list'], target: /^GET \/api\/v1\/serverless(\?|$)/, replay: 'get' },
  { name: 'serverless get', argv: ['serverless', 'get', WEB], target: new RegExp(`^GET /api/v1/serverless/${WEB}(\\?|$)`), replay: 'get' },
  { name: 'serverless get (by name)', argv: ['serverless', 'get', 'web'], target: /^GET \/api\/v1\/serverless\?/, replay: 'get' },
  {
    name: 'serverless update --wait',
    argv: ['serverless', 'update', WEB, '--image', 'registry.sim.local/acme/web:2.0.0', '--wait'],
    target: new RegExp(`^PUT /api/v1/serverless/${WEB}(\\?|$)`),
    replay: 'write',
  },
  { name: 'serverless logs', argv: ['serverless', 'logs', WEB], target: new RegExp(`^GET /api/v1/serverless/${WEB}/logs`), replay: 'get' },
  { name: 'serverless diagnose', argv: ['serverless', 'diagnose', WEB], target: new RegExp(`^GET /api/v1/serverless/${WEB}(/|\\?|$)`), replay: 'get' },
  { name: 'database credentials', argv: ['database', 'credentials', PG], target: new RegExp(`^GET /api/v1/database/${PG}/credentials`), replay: 'get' },
  { name: 'cache connection-info', argv: ['cache', 'connection-info', REDIS], target: new RegExp(`^GET /api/v1/cache/${REDIS}/connection-info`), replay: 'get' },
  { name: 'snapshots list', argv: ['snapshots', 'list', 'vps'], target: /^GET \/api\/v1\/snapshots\/vps(\?|$)/, replay: 'get' },
  {
    name: 'snapshots restore',
    argv: ['snapshots', 'restore', 'database', String(POINT), '--confirm', 'shop-mysql'],
    target: new RegExp(`^POST /api/v1/snapshots/database/${POINT}/restore`),
    replay: 'keyed-write',
  },
  { name: 'recovery capabilities', argv: ['recovery', 'capabilities'], target: /^GET \/api\/v1\/recovery\/capabilities/, replay: 'get' },
];

export interface Expectation {
  code: number;
  /** Times the most repeated target request (same method, path and query) reached the server. */
  hits: number;
  /** The `error:` line (exit != 0). */
  message?: RegExp;
}

export interface FaultCase {
  name: string;
  plan: FaultPlan;
  env?: Record<string, string>;
  /** Connection refused: the command talks to a closed port instead of the proxy. */
  refused?: boolean;
  /** Only these commands (a fault that means something for one endpoint). */
  only?: string[];
  expect: (c: CommandCase) => Expectation;
  /** Slow on the wall clock (undici's timers tick at about 1 s): the commands run concurrently. */
  slow?: boolean;
  /** The recorded backoff sleeps: true, or what is wrong with them. */
  sleeps?: (ms: number[]) => true | string;
}

const always =
  (a: FaultAction): FaultPlan =>
  () =>
    a;
const firstN =
  (n: number, a: FaultAction): FaultPlan =>
  (i) =>
    i < n ? a : { kind: 'pass' };
const json = (status: number, body: unknown, headers: Record<string, string> = {}): FaultAction => ({ kind: 'respond', status, body: JSON.stringify(body), headers });
const PROXY_HTML = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

/** GETs and keyed writes are retried (1 + INFRA_MAX_RETRIES attempts); a plain write is sent once. */
const attempts = (c: CommandCase, n: number) => (c.replay === 'write' ? 1 : n);

export const FAULTS: FaultCase[] = [
  {
    name: 'connection refused',
    refused: true,
    plan: always({ kind: 'pass' }),
    expect: () => ({ code: 7, hits: 0, message: /connection refused/ }),
  },
  {
    name: 'connection reset mid-body',
    plan: always({ kind: 'reset-mid-body' }),
    expect: (c) => ({ code: 7, hits: attempts(c, 4), message: /cut off|closed|reset/ }),
  },
  {
    // INFRA_HTTP_TIMEOUT bounds the whole request, retries included (a bare number is ms):
    // an attempt waits half of it for an answer, and a retry that cannot start in time is not made.
    name: 'response never arrives (INFRA_HTTP_TIMEOUT)',
    env: { INFRA_HTTP_TIMEOUT: '150', INFRA_MAX_RETRIES: '1' },
    slow: true,
    plan: always({ kind: 'silence' }),
    expect: () => ({ code: 7, hits: 1, message: /no answer from .* within 150ms|no response in time/ }),
  },
  {
    name: 'slow trickling body that completes',
    env: { INFRA_HTTP_TIMEOUT: '4s' },
    plan: always({ kind: 'trickle', everyMs: 2, chunk: 512 }),
    expect: () => ({ code: 0, hits: 1 }),
  },
  {
    name: 'endless trickling body',
    env: { INFRA_HTTP_TIMEOUT: '300', INFRA_MAX_RETRIES: '1' },
    slow: true,
    plan: always({ kind: 'endless-trickle', everyMs: 20 }),
    expect: () => ({ code: 7, hits: 1, message: /no answer from .* within 300ms|cut off/ }),
  },
  {
    name: '503 burst then success',
    plan: firstN(2, json(503, { message: 'Service Unavailable' })),
    expect: (c) => (c.replay === 'write' ? { code: 7, hits: 1, message: /503/ } : { code: 0, hits: 3 }),
  },
  {
    name: '503 persistent',
    plan: always(json(503, { message: 'Service Unavailable' })),
    // A 503 of the logs endpoint is the log store (contract section 7).
    expect: (c) => ({ code: 7, hits: attempts(c, 4), message: c.name === 'serverless logs' ? /log store did not answer/ : /503/ }),
  },
  {
    name: '500 persistent (not retried)',
    plan: always(json(500, { message: 'Server Error' })),
    expect: () => ({ code: 7, hits: 1, message: /500/ }),
  },
  {
    name: '429 burst with Retry-After then success',
    plan: firstN(2, json(429, { message: 'Too Many Attempts.' }, { 'retry-after': '1' })),
    expect: () => ({ code: 0, hits: 3 }),
    sleeps: (ms) => count(ms, 1000) >= 2 || `expected two 1000 ms waits, saw ${ms.join(',')}`,
  },
  {
    name: '429 storm with Retry-After',
    plan: always(json(429, { message: 'Too Many Attempts.' }, { 'retry-after': '2' })),
    expect: () => ({ code: 7, hits: 4, message: /rate limited.*429/ }),
    sleeps: (ms) => count(ms, 2000) >= 3 || `expected three 2000 ms waits, saw ${ms.join(',')}`,
  },
  {
    name: '429 storm without Retry-After',
    plan: always(json(429, { message: 'Too Many Attempts.' })),
    expect: () => ({ code: 7, hits: 4, message: /rate limited.*429/ }),
    sleeps: (ms) => (ms.length >= 3 && ms.every((x) => x <= 5000)) || `expected 3 backoff waits of at most 5 s, saw ${ms.join(',')}`,
  },
  {
    name: '429 whose Retry-After exceeds the bound',
    plan: always(json(429, { message: 'Too Many Attempts.' }, { 'retry-after': '3600' })),
    expect: () => ({ code: 7, hits: 1, message: /rate limited.*429/ }),
    sleeps: (ms) => ms.every((x) => x < 60_000) || `waited beyond the bound: ${ms.join(',')}`,
  },
  {
    name: 'truncated JSON',
    plan: always({ kind: 'respond', status: 200, body: `{"data": [{"id": "${WEB}", "na` }),
    expect: () => ({ code: 1, hits: 1, message: /is not JSON/ }),
  },
  {
    name: 'HTML 502 from a proxy',
    plan: always({ kind: 'respond', status: 502, body: PROXY_HTML, headers: { 'content-type': 'text/html' } }),
    expect: (c) => ({ code: 7, hits: attempts(c, 4), message: /502/ }),
  },
  {
    name: 'HTML with 200',
    plan: always({ kind: 'respond', status: 200, body: PROXY_HTML, headers: { 'content-type': 'text/html' } }),
    expect: () => ({ code: 1, hits: 1, message: /is not JSON \(text\/html\)/ }),
  },
  {
    name: 'JSON labelled text/plain',
    plan: always({ kind: 'retype', contentType: 'text/plain' }),
    expect: () => ({ code: 0, hits: 1 }),
  },
  {
    name: 'log store 503 (available false)',
    only: ['serverless logs'],
    plan: always(
      json(503, {
        success: false,
        data: { available: false, entries: [] },
        error: { code: 'serverless.logs_unavailable', message: 'The log store did not respond. This says nothing about the container itself — retry shortly.', retryable: true },
        meta: {},
      }),
    ),
    expect: () => ({ code: 7, hits: 4, message: /log store did not answer/ }),
  },
  {
    // The envelope's word is final: a 503 that says `retryable: false` is not sent again.
    name: '503 envelope with retryable false (not retried)',
    plan: always(json(503, { success: false, data: null, error: { code: 'platform.unavailable', message: 'Not available for this account.', retryable: false }, meta: {} })),
    expect: (c) => ({ code: 7, hits: 1, message: c.name === 'serverless logs' ? /log store did not answer/ : /503/ }),
  },
];

function count(ms: number[], v: number): number {
  return ms.filter((x) => x === v).length;
}
