// The database commands against answers shaped like the real service (test/fixtures only).
import { expect } from 'vitest';
import { describeFixtureCases } from '../../helpers/fixture-cases.js';

const ORDERS = '01J8Z6Q4M3V7K2T9XH5B0RPC1D';
const LEGACY = '01J8Z7A1C4E6G8J0K2N4Q6S8V9';
const SHOW = 'GET /api/v1/database/:id';
const LIST = 'GET /api/v1/database';
const json = (out: string) => JSON.parse(out) as Record<string, unknown>;

describeFixtureCases('database against real-shaped answers', [
  { name: 'list', argv: ['database', 'list'], routes: { [LIST]: 'database/list' }, stdout: /orders-pg\tPostgreSQL\t16\.4\tready\t/ },
  {
    name: 'list --per-page 1 --page 1',
    argv: ['database', 'list', '--per-page', '1', '--page', '1'],
    routes: [{ route: LIST, query: { per_page: '1', page: '1' }, fixture: 'database/list.per-page-1' }],
    stdout: /orders-pg/,
  },
  {
    name: 'get (ULID: no lookup)',
    argv: ['database', 'get', ORDERS],
    routes: { [SHOW]: 'database/show' },
    stdout: /Engine:\s+PostgreSQL 16\.4\n[\s\S]*Storage:\s+40 GB\n[\s\S]*Connect to:\s+orders-pg-rw\./,
    requests: [`GET /api/v1/database/${ORDERS}`],
  },
  {
    name: 'get by name',
    argv: ['database', 'get', 'orders-pg'],
    routes: { [LIST]: 'database/list', [SHOW]: 'database/show.dns-enabled' },
    stdout: /Public endpoint:\s+orders-pg-01j8z6q4\.managed-infra\.example:31542/,
  },
  { name: 'get MySQL created without a database name', argv: ['database', 'get', LEGACY], routes: { [SHOW]: 'database/show.mysql' }, stdout: /Database:\s+\(the bootstrap database\)/ },
  { name: 'get, lenient fields (numbers as strings, version as an object, no engine)', argv: ['database', 'get', ORDERS], routes: { [SHOW]: 'database/show.lenient' }, stdout: /CPU:\s+2 vCPU/ },
  {
    name: 'get while provisioning (connection_info null)',
    argv: ['database', 'get', ORDERS],
    routes: { [SHOW]: 'database/show.no-connection-info' },
    stdout: (out) => expect(out).toMatch(/Status:\s+in_progress \(running\)/),
  },
  {
    name: 'get --json: the instance as sent',
    argv: ['database', 'get', ORDERS, '--json'],
    routes: { [SHOW]: 'database/show' },
    stdout: (out) => expect(json(out)).toMatchObject({ id: ORDERS, storage_autoscale_policy: { enabled: true } }),
  },
  {
    name: 'create',
    argv: ['database', 'create', '--name', 'analytics-pg', '--engine', 'postgresql', '--plan', 'db-small', '--database-name', 'analytics'],
    routes: { 'POST /api/v1/database': 'database/store' },
    stdout: /^01K3D6E2G4J6K8N0Q2S4V6W8Y0\n$/,
  },
  {
    name: 'create --wait: queued, provisioning, ready',
    argv: ['database', 'create', '--name', 'analytics-pg', '--engine', 'postgresql', '--plan', 'db-small', '--wait', '--json'],
    routes: { 'POST /api/v1/database': 'database/store', [SHOW]: ['database/show.no-connection-info', 'database/show'] },
    stdout: (out) => expect(json(out)).toMatchObject({ outcome: 'ready' }),
  },
  {
    name: 'create refused field by field (422)',
    argv: ['database', 'create', '--name', 'x', '--engine', 'mysql', '--plan', 'db-small', '--datacenter', 'ash'],
    routes: { 'POST /api/v1/database': 'database/store.422' },
    exit: 2,
    stderr: /datacenter: The selected datacenter is invalid\./,
  },
  {
    name: 'update',
    argv: ['database', 'update', ORDERS, '--storage', '60'],
    routes: { [SHOW]: 'database/show', 'PUT /api/v1/database/:id': 'database/update' },
    stderr: /updating orders-pg .*storage_size_gb/,
  },
  { name: 'delete --yes', argv: ['database', 'delete', ORDERS, '--yes'], routes: { [SHOW]: 'database/show', 'DELETE /api/v1/database/:id': 'database/destroy' }, stderr: /destroying/ },
  {
    name: 'delete refused (422 {error, status}): exit 1',
    argv: ['database', 'delete', ORDERS, '--yes'],
    routes: { [SHOW]: 'database/show.no-connection-info', 'DELETE /api/v1/database/:id': 'database/destroy.422' },
    exit: 1,
    stderr: /cannot be destroyed in its current state/,
  },
  { name: 'start', argv: ['database', 'start', ORDERS], routes: { [SHOW]: 'database/show', 'POST /api/v1/database/:id/start': 'database/start' }, stderr: /start of orders-pg .*accepted: starting/ },
  { name: 'start refused: exit 1', argv: ['database', 'start', ORDERS], routes: { [SHOW]: 'database/show', 'POST /api/v1/database/:id/start': 'database/start.422' }, exit: 1 },
  { name: 'stop', argv: ['database', 'stop', ORDERS], routes: { [SHOW]: 'database/show', 'POST /api/v1/database/:id/stop': 'database/stop' }, stderr: /accepted: stopping/ },
  { name: 'stop refused: exit 1', argv: ['database', 'stop', ORDERS], routes: { [SHOW]: 'database/show', 'POST /api/v1/database/:id/stop': 'database/stop.422' }, exit: 1 },
  { name: 'plans (a string, as the facts type it)', argv: ['database', 'plans'], routes: { 'GET /api/v1/database/plans': 'database/plans' }, stdout: /^plans:\s+db-small\n$/ },
  { name: 'plans (a list)', argv: ['database', 'plans'], routes: { 'GET /api/v1/database/plans': 'database/plans.list' }, stdout: /^db-medium\t/m },
  { name: 'metrics', argv: ['database', 'metrics', ORDERS], routes: { 'GET /api/v1/database/:id/metrics': 'database/metrics' }, stdout: /summary\.slow_queries:\s+41/ },
  { name: 'metrics without data', argv: ['database', 'metrics', ORDERS], routes: { 'GET /api/v1/database/:id/metrics': 'database/metrics.no-data' }, stdout: /health\.is_healthy:\s+unknown/ },
  {
    name: 'credentials',
    argv: ['database', 'credentials', ORDERS],
    routes: { 'GET /api/v1/database/:id/credentials': 'database/credentials', [SHOW]: 'database/show' },
    stdout: (out) => expect(out).not.toContain('q7Vt2mXe9LpR4sKw'),
  },
  {
    name: 'credentials, public DNS on',
    argv: ['database', 'credentials', ORDERS],
    routes: { 'GET /api/v1/database/:id/credentials': 'database/credentials.dns-enabled', [SHOW]: 'database/show.dns-enabled' },
    stdout: /plane:\s+public/,
  },
  {
    name: 'credentials of MySQL --url',
    argv: ['database', 'credentials', LEGACY, '--url'],
    routes: { 'GET /api/v1/database/:id/credentials': 'database/credentials.mysql' },
    stdout: /^mysql:\/\/root:Hk3%21vR8zQp2Lm6Tx@/,
  },
  {
    name: 'credentials not ready (503): exit 7',
    argv: ['database', 'credentials', ORDERS, '--json'],
    routes: { 'GET /api/v1/database/:id/credentials': 'database/credentials.503' },
    exit: 7,
    stderr: /not available yet/,
  },
  {
    name: 'dns enable',
    argv: ['database', 'dns', 'enable', ORDERS],
    routes: { 'POST /api/v1/database/:id/dns': 'database/dns-enable', [SHOW]: 'database/show' },
    stdout: /^orders-pg-01j8z6q4\.managed-infra\.example:31542\n$/,
  },
  {
    name: 'dns enable, already on (409): exit 0',
    argv: ['database', 'dns', 'enable', ORDERS],
    routes: { 'POST /api/v1/database/:id/dns': 'database/dns-enable.409', [SHOW]: 'database/show.dns-enabled' },
    stderr: /already enabled/,
  },
  {
    name: 'dns enable, primary not ready (422 {message}): exit 1',
    argv: ['database', 'dns', 'enable', ORDERS],
    routes: { 'POST /api/v1/database/:id/dns': 'database/dns-enable.422' },
    exit: 1,
    stderr: /The database is not ready yet/,
  },
  {
    name: 'dns enable, not deployed (422): exit 1',
    argv: ['database', 'dns', 'enable', ORDERS],
    routes: { 'POST /api/v1/database/:id/dns': 'database/dns-enable.422-not-deployed' },
    exit: 1,
    stderr: /deployed to a node/,
  },
  {
    name: 'dns enable fails (500): exit 7',
    argv: ['database', 'dns', 'enable', ORDERS],
    routes: { 'POST /api/v1/database/:id/dns': 'database/dns-enable.500' },
    exit: 7,
    stderr: /Failed to enable DNS/,
  },
  {
    name: 'dns disable',
    argv: ['database', 'dns', 'disable', ORDERS],
    routes: { 'DELETE /api/v1/database/:id/dns': 'database/dns-disable', [SHOW]: 'database/show' },
    stdout: /^orders-pg-rw\.tenant-acme-platform\.svc\.cluster\.local:5432\n$/,
  },
  {
    name: 'replicas list',
    argv: ['database', 'replicas', 'list', ORDERS],
    routes: { 'GET /api/v1/database/:id/replicas': 'database/replicas-list' },
    stdout: /primary\t0\torders-pg-1\trunning\tyes\t[\s\S]*replica\t1\torders-pg-2\tstreaming\tyes\torders-pg-ro\./,
  },
  {
    name: 'replicas list fails (500): exit 7',
    argv: ['database', 'replicas', 'list', ORDERS],
    routes: { 'GET /api/v1/database/:id/replicas': 'database/replicas-list.500' },
    exit: 7,
    stderr: /Failed to list replicas/,
  },
  {
    name: 'replicas add',
    argv: ['database', 'replicas', 'add', ORDERS],
    routes: { [SHOW]: 'database/show', 'POST /api/v1/database/:id/replicas': 'database/replicas-add' },
    stdout: /^orders-pg-3\n$/,
  },
  {
    name: 'replicas add, answered as one operation (v1.7.0): no names on stdout, the counts and the operation on stderr',
    argv: ['database', 'replicas', 'add', ORDERS],
    routes: { [SHOW]: 'database/show', 'POST /api/v1/database/:id/replicas': 'database/replicas-add.operation' },
    stdout: /^$/,
    stderr: /adding 1 replica to orders-pg \(id \w+, 1 -> 2, operation op-4f1c2a9e\); they sync/,
  },
  {
    name: 'replicas remove --yes (by name: the list gives the index)',
    argv: ['database', 'replicas', 'remove', ORDERS, 'orders-pg-2', '--yes'],
    routes: { [SHOW]: 'database/show', 'GET /api/v1/database/:id/replicas': 'database/replicas-list', 'DELETE /api/v1/database/:id/replicas/:index': 'database/replicas-remove' },
    requests: [`GET /api/v1/database/${ORDERS}`, `GET /api/v1/database/${ORDERS}/replicas`, `DELETE /api/v1/database/${ORDERS}/replicas/1`],
  },
  {
    name: 'replicas status',
    argv: ['database', 'replicas', 'status', ORDERS],
    routes: { 'GET /api/v1/database/:id/replicas/status': 'database/replicas-status' },
    stdout: /Replicating:\s+yes\nReplicas:\s+1\norders-pg-2:\s+streaming, lag 0 bytes, async/,
  },
  {
    name: 'wait --observed-after: in progress, then settled: finished',
    argv: ['database', 'wait', ORDERS, '--observed-after', '2026-08-19T09:50:00+00:00'],
    routes: { [SHOW]: ['database/show.no-connection-info', 'database/show'] },
    stderr: /finished: ready/,
  },
  {
    // The platform looks again at a settled database too: a later observed_at alone is no
    // proof that the operation the resume waits for ever ran (it was the false success).
    name: 'wait --observed-after: only settled reads, however fresh: never "finished", times out and says where to look',
    argv: ['database', 'wait', ORDERS, '--observed-after', '2026-08-19T09:50:00+00:00', '--timeout', '1m'],
    routes: { [SHOW]: 'database/show' },
    exit: 6,
    stderr:
      /waiting for a read that shows the \w+ of orders-pg in progress \(if it already finished, 'infra database events \S+' says more\)[\s\S]*^hint: resume waiting with: infra database wait \S+ --observed-after /m,
  },
  { name: 'diagnose', argv: ['database', 'diagnose', ORDERS], routes: { 'GET /api/v1/database/:id/diagnose': 'database/diagnose' }, stdout: /database\.restarted_recently/ },
  { name: 'events (resource as text)', argv: ['database', 'events', ORDERS], routes: { 'GET /api/v1/database/:id/events': 'database/events' }, stdout: /Started\tPod\/orders-pg-1/ },
  { name: 'events (resource as an object)', argv: ['database', 'events', ORDERS], routes: { 'GET /api/v1/database/:id/events': 'database/events.resource-object' }, stdout: /Pod\/orders-pg-1/ },
  { name: 'events unavailable (503): exit 7', argv: ['database', 'events', ORDERS], routes: { 'GET /api/v1/database/:id/events': 'database/events.503' }, exit: 7 },
  { name: 'logs', argv: ['database', 'logs', ORDERS, '--json'], routes: { 'GET /api/v1/database/:id/logs': 'database/logs' }, stdout: (out) => expect(out.trim().split('\n')).toHaveLength(3) },
  {
    name: 'logs: the log store did not answer (503): exit 7',
    argv: ['database', 'logs', ORDERS],
    routes: { 'GET /api/v1/database/:id/logs': 'database/logs.503' },
    exit: 7,
    stderr: /says nothing about the database/,
  },
]);
