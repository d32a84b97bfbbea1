// The cache commands against answers shaped like the real service (test/fixtures only).
import { expect } from 'vitest';
import { describeFixtureCases } from '../../helpers/fixture-cases.js';

const SESSIONS = 'c4b1e7a2-3d58-4f90-b6e1-8a27d05f9c34';
const VALKEY = '5e92d0b3-a7c4-4e18-9f36-1b8d6c2e4a70';
const SHOW = 'GET /api/v1/cache/:id';
const INFO = 'GET /api/v1/cache/:id/connection-info';
const json = (out: string) => JSON.parse(out) as Record<string, unknown>;

describeFixtureCases('cache against real-shaped answers', [
  {
    name: 'list (no engine field)',
    argv: ['cache', 'list'],
    routes: { 'GET /api/v1/cache': 'cache/list' },
    stdout: /sessions-redis\tRedis\t7\.4\tready\t[\s\S]*rate-limit-valkey\tValkey\t8\.0\tready\trate-limit-valkey-5e92d0b3\.managed-infra\.example:32207\ton/,
  },
  { name: 'get', argv: ['cache', 'get', SESSIONS], routes: { [SHOW]: 'cache/show' }, stdout: /Engine:\s+Redis 7\.4\n/, requests: [`GET /api/v1/cache/${SESSIONS}`] },
  {
    name: 'get by name (Valkey, public DNS on, no profile)',
    argv: ['cache', 'get', 'rate-limit-valkey'],
    routes: { 'GET /api/v1/cache': 'cache/list', [SHOW]: 'cache/show.valkey' },
    stdout: /Connect to:\s+rate-limit-valkey-5e92d0b3\.managed-infra\.example:32207/,
  },
  { name: 'get, public DNS on', argv: ['cache', 'get', SESSIONS], routes: { [SHOW]: 'cache/show.dns-enabled' }, stdout: /Public endpoint:\s+sessions-redis-c4b1e7a2\.managed-infra\.example:32018/ },
  { name: 'get, an engine sent as a plain string', argv: ['cache', 'get', SESSIONS], routes: { [SHOW]: 'cache/show.lenient-engine-string' }, stdout: /Engine:\s+Redis/ },
  {
    name: 'get --json: the instance as sent',
    argv: ['cache', 'get', VALKEY, '--json'],
    routes: { [SHOW]: 'cache/show.valkey' },
    stdout: (out) => expect(json(out)).toMatchObject({ id: VALKEY, resource_profile: null }),
  },
  {
    name: 'create',
    argv: ['cache', 'create', '--name', 'queue-locks', '--provider', 'redis', '--plan', 'cache-small'],
    routes: { 'POST /api/v1/cache': 'cache/store' },
    stdout: /^7c2e5a90-f4b1-4d36-a8e7-1b09c3d5f2a4\n$/,
  },
  {
    name: 'create --json',
    argv: ['cache', 'create', '--name', 'queue-locks', '--provider', 'redis', '--plan', 'cache-small', '--json'],
    routes: { 'POST /api/v1/cache': 'cache/store' },
    stdout: (out) => expect(json(out)).toMatchObject({ id: '7c2e5a90-f4b1-4d36-a8e7-1b09c3d5f2a4', name: 'queue-locks', provider: { type: 'redis' } }),
  },
  {
    name: 'update',
    argv: ['cache', 'update', SESSIONS, '--plan', 'cache-medium'],
    routes: { [SHOW]: 'cache/show', 'PUT /api/v1/cache/:id': 'cache/update' },
    stderr: /updating sessions-redis .*resource_profile/,
  },
  { name: 'delete --yes', argv: ['cache', 'delete', SESSIONS, '--yes'], routes: { [SHOW]: 'cache/show', 'DELETE /api/v1/cache/:id': 'cache/destroy' }, stderr: /destroying/ },
  {
    name: 'delete refused (422 {error, status}): exit 1',
    argv: ['cache', 'delete', SESSIONS, '--yes'],
    routes: { [SHOW]: 'cache/show', 'DELETE /api/v1/cache/:id': 'cache/destroy.422' },
    exit: 1,
    stderr: /cannot be destroyed in its current state/,
  },
  { name: 'start', argv: ['cache', 'start', SESSIONS], routes: { [SHOW]: 'cache/show', 'POST /api/v1/cache/:id/start': 'cache/start' }, stderr: /accepted: starting/ },
  { name: 'start refused: exit 1', argv: ['cache', 'start', SESSIONS], routes: { [SHOW]: 'cache/show', 'POST /api/v1/cache/:id/start': 'cache/start.422' }, exit: 1, stderr: /cannot be started/ },
  {
    name: 'stop --json',
    argv: ['cache', 'stop', SESSIONS, '--json'],
    routes: { [SHOW]: 'cache/show', 'POST /api/v1/cache/:id/stop': 'cache/stop' },
    stdout: (out) => expect(json(out)).toEqual({ message: 'Cache instance stop initiated', status: 'stopping' }),
  },
  { name: 'stop refused: exit 1', argv: ['cache', 'stop', SESSIONS], routes: { [SHOW]: 'cache/show', 'POST /api/v1/cache/:id/stop': 'cache/stop.422' }, exit: 1 },
  { name: 'plans (a string, as the facts type it)', argv: ['cache', 'plans'], routes: { 'GET /api/v1/cache/plans': 'cache/plans' }, stdout: /^plans:\s+cache-small\n$/ },
  {
    name: 'plans --provider',
    argv: ['cache', 'plans', '--provider', 'valkey'],
    routes: [{ route: 'GET /api/v1/cache/plans', query: { provider: 'valkey' }, fixture: 'cache/plans' }],
    stdout: /cache-small/,
  },
  { name: 'metrics', argv: ['cache', 'metrics', SESSIONS], routes: { 'GET /api/v1/cache/:id/metrics': 'cache/metrics' }, stdout: /summary\.hit_ratio_percentage:\s+97\.32/ },
  {
    name: 'connection-info',
    argv: ['cache', 'connection-info', SESSIONS],
    routes: { [INFO]: 'cache/connection-info', [SHOW]: 'cache/show' },
    stdout: (out) => {
      expect(out).toMatch(/username:\s+default/);
      expect(out).not.toContain('Zr4nW8xKc2Vb6Qm1');
    },
  },
  {
    name: 'credentials (alias): the canonical route',
    argv: ['cache', 'credentials', SESSIONS, '--url'],
    routes: { [INFO]: 'cache/connection-info' },
    stdout: /^redis:\/\/default:Zr4nW8xKc2Vb6Qm1@/,
    requests: [`GET /api/v1/cache/${SESSIONS}/connection-info`],
  },
  {
    name: 'connection-info, public DNS on',
    argv: ['cache', 'connection-info', SESSIONS],
    routes: { [INFO]: 'cache/connection-info.dns-enabled', [SHOW]: 'cache/show.dns-enabled' },
    stdout: /connect to:\s+sessions-redis-c4b1e7a2\.managed-infra\.example:32018/,
  },
  {
    name: 'connection-info without a password',
    argv: ['cache', 'connection-info', SESSIONS, '--show-secrets'],
    routes: { [INFO]: 'cache/connection-info.no-password', [SHOW]: 'cache/show' },
    stdout: /password:\s+\(none\)/,
  },
  { name: 'connection-info not ready (503): exit 7', argv: ['cache', 'connection-info', SESSIONS, '--json'], routes: { [INFO]: 'cache/connection-info.503' }, exit: 7, stderr: /not available yet/ },
  {
    name: 'dns enable',
    argv: ['cache', 'dns', 'enable', SESSIONS],
    routes: { 'POST /api/v1/cache/:id/dns': 'cache/dns-enable', [SHOW]: 'cache/show' },
    stdout: /^sessions-redis-c4b1e7a2\.managed-infra\.example:32018\n$/,
  },
  {
    name: 'dns enable, already on (409): exit 0',
    argv: ['cache', 'dns', 'enable', SESSIONS, '--json'],
    routes: { 'POST /api/v1/cache/:id/dns': 'cache/dns-enable.409' },
    stdout: (out) => expect(json(out)).toMatchObject({ dns_port: 32018 }),
  },
  {
    name: 'dns enable, not deployed (422 {message}): exit 1',
    argv: ['cache', 'dns', 'enable', SESSIONS],
    routes: { 'POST /api/v1/cache/:id/dns': 'cache/dns-enable.422' },
    exit: 1,
    stderr: /deployed to a node/,
  },
  {
    name: 'dns disable',
    argv: ['cache', 'dns', 'disable', SESSIONS],
    routes: { 'DELETE /api/v1/cache/:id/dns': 'cache/dns-disable', [SHOW]: 'cache/show' },
    stdout: /^sessions-redis-master\.tenant-acme-platform\.svc\.cluster\.local:6379\n$/,
  },
  {
    name: 'dns disable fails (500): exit 7',
    argv: ['cache', 'dns', 'disable', SESSIONS],
    routes: { 'DELETE /api/v1/cache/:id/dns': 'cache/dns-disable.500', [SHOW]: 'cache/show' },
    exit: 7,
    stderr: /Failed to disable DNS/,
  },
  {
    // A later observed_at of a settled cache is no proof the awaited operation ran (the
    // platform re-reads settled resources too): the resume waits for it in progress.
    name: 'wait --observed-after, only settled reads: times out, never "finished"',
    argv: ['cache', 'wait', SESSIONS, '--observed-after', '2026-08-19T09:50:00+00:00', '--timeout', '1m'],
    routes: { [SHOW]: 'cache/show' },
    exit: 6,
    stderr: /waiting for a read that shows the operation of sessions-redis in progress[\s\S]*^error: timed out after 1m/m,
  },
  {
    name: 'diagnose --json',
    argv: ['cache', 'diagnose', SESSIONS, '--json'],
    routes: { 'GET /api/v1/cache/:id/diagnose': 'cache/diagnose' },
    stdout: (out) => expect(json(out)).toMatchObject({ meta: { source: 'api' }, data: { verdict: 'healthy', findings: [{ code: 'cache.restarted_recently' }] } }),
  },
  { name: 'events (resource as text)', argv: ['cache', 'events', SESSIONS], routes: { 'GET /api/v1/cache/:id/events': 'cache/events' }, stdout: /Pod\/sessions-redis-master-0/ },
  { name: 'events (resource as an object)', argv: ['cache', 'events', SESSIONS], routes: { 'GET /api/v1/cache/:id/events': 'cache/events.resource-object' }, stdout: /Pod\/sessions-redis-master-0/ },
  { name: 'events unavailable (503): exit 7', argv: ['cache', 'events', SESSIONS], routes: { 'GET /api/v1/cache/:id/events': 'cache/events.503' }, exit: 7 },
  { name: 'logs', argv: ['cache', 'logs', SESSIONS], routes: { 'GET /api/v1/cache/:id/logs': 'cache/logs' }, stdout: /09:30:00\+00:00\s+redis\s+info\s+checkpoint starting/ },
  { name: 'logs: the log store did not answer (503): exit 7', argv: ['cache', 'logs', SESSIONS], routes: { 'GET /api/v1/cache/:id/logs': 'cache/logs.503' }, exit: 7 },
]);
