// The queue commands against answers shaped like the real service (test/fixtures only).
import { expect } from 'vitest';
import { describeFixtureCases } from '../../helpers/fixture-cases.js';

const RABBIT = 'a61d4f8e-0b3c-4d29-8e7a-f52c1b9d6e04';
const PASSWORD = 'Pq8vL3xN6zT1wK9s';
const SHOW = 'GET /api/v1/queue/:id';

describeFixtureCases('queue against real-shaped answers', [
  {
    name: 'list',
    argv: ['queue', 'list'],
    routes: { 'GET /api/v1/queue': 'queue/list' },
    stdout: new RegExp(`^ID\\tNAME\\tSTATUS.*\\n${RABBIT}\\tevents-rabbit\\trunning\\t3\\.13\\tqueue-small\\tfsn1\\n$`),
  },
  {
    name: 'get: status from the status_details beside the instance',
    argv: ['queue', 'get', RABBIT],
    routes: { [SHOW]: 'queue/show' },
    requests: [`GET /api/v1/queue/${RABBIT}`],
    stdout: (out) => {
      expect(out).toMatch(/Status:\s+ready\n/);
      expect(out).toMatch(/Management UI:\s+https:\/\/events-rabbit-a61d4f8e\.managed-infra\.example:15672\n/);
      expect(out).toMatch(/Monthly cost:\s+\$12\n/);
    },
  },
  {
    name: 'get by name',
    argv: ['queue', 'get', 'events-rabbit'],
    routes: { 'GET /api/v1/queue': 'queue/list', [SHOW]: 'queue/show' },
    requests: ['GET /api/v1/queue', `GET /api/v1/queue/${RABBIT}`],
    stdout: /Health:\s+healthy/,
  },
  {
    name: 'get --json: status_details folded into the instance',
    argv: ['queue', 'get', RABBIT, '--json'],
    routes: { [SHOW]: 'queue/show' },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ id: RABBIT, status_details: { summary: 'ready' }, capabilities: { diagnose: true } }),
  },
  {
    name: 'create',
    argv: ['queue', 'create', '--name', 'jobs-rabbit', '--profile', 'queue-small'],
    routes: { 'POST /api/v1/queue': 'queue/store' },
    stdout: /^3c9a7e12-d5f0-4b84-a2c6-e8b1f4d07a39\n$/,
  },
  {
    name: 'create --wait: read until settled',
    argv: ['queue', 'create', '--name', 'jobs-rabbit', '--profile', 'queue-small', '--wait'],
    routes: { 'POST /api/v1/queue': 'queue/store', [SHOW]: 'queue/show' },
    stderr: /finished: ready/,
  },
  { name: 'update', argv: ['queue', 'update', RABBIT, '--profile', 'queue-medium'], routes: { [SHOW]: 'queue/show', 'PUT /api/v1/queue/:id': 'queue/update' }, stderr: /updating events-rabbit/ },
  {
    name: 'update answered with instance null',
    argv: ['queue', 'update', RABBIT, '--automated-snapshots', 'off', '--json'],
    routes: { [SHOW]: 'queue/show', 'PUT /api/v1/queue/:id': 'queue/update.null-instance' },
    stdout: (out) => expect(JSON.parse(out)).toEqual({ message: 'Queue instance update initiated', instance: null }),
  },
  {
    name: 'update --wait with instance null and a status that never moves: no fresh read, timeout (exit 6)',
    argv: ['queue', 'update', RABBIT, '--profile', 'queue-medium', '--wait', '--timeout', '30s'],
    routes: { [SHOW]: 'queue/show', 'PUT /api/v1/queue/:id': 'queue/update.null-instance' },
    exit: 6,
    stderr: new RegExp(`resume waiting with: infra queue wait ${RABBIT} --observed-after 2026-08-19T09:59:00\\+00:00`),
  },
  { name: 'start', argv: ['queue', 'start', RABBIT], routes: { [SHOW]: 'queue/show', 'POST /api/v1/queue/:id/start': 'queue/start' }, stderr: /start of events-rabbit .*accepted/ },
  {
    name: 'start refused (422 {error})',
    argv: ['queue', 'start', RABBIT],
    routes: { [SHOW]: 'queue/show', 'POST /api/v1/queue/:id/start': 'queue/start.422' },
    exit: 1,
    stderr: /Cannot start instance in current status/,
  },
  {
    name: 'stop --json',
    argv: ['queue', 'stop', RABBIT, '--json'],
    routes: { [SHOW]: 'queue/show', 'POST /api/v1/queue/:id/stop': 'queue/stop' },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ message: 'Queue instance stop initiated.', instance: { status: 'stopped' } }),
  },
  { name: 'stop refused (422 {error})', argv: ['queue', 'stop', RABBIT], routes: { [SHOW]: 'queue/show', 'POST /api/v1/queue/:id/stop': 'queue/stop.422' }, exit: 1 },
  {
    name: 'delete --yes',
    argv: ['queue', 'delete', RABBIT, '--yes'],
    routes: { [SHOW]: 'queue/show', 'DELETE /api/v1/queue/:id': 'queue/destroy' },
    requests: [`GET /api/v1/queue/${RABBIT}`, `DELETE /api/v1/queue/${RABBIT}`],
  },
  {
    name: 'delete of a running queue refused (422 {error})',
    argv: ['queue', 'delete', RABBIT, '--yes'],
    routes: { [SHOW]: 'queue/show', 'DELETE /api/v1/queue/:id': 'queue/destroy.422' },
    exit: 1,
    stderr: /Please stop the instance first/,
  },
  {
    name: 'connection-info masked',
    argv: ['queue', 'connection-info', RABBIT],
    routes: { 'GET /api/v1/queue/:id/connection-info': 'queue/connection-info' },
    stdout: (out) => {
      expect(out).not.toContain(PASSWORD);
      expect(out).toMatch(/AMQP URL:\s+amqps:\/\/admin:\*{8}@/);
    },
  },
  {
    name: 'connection-info --show-secrets',
    argv: ['queue', 'connection-info', RABBIT, '--show-secrets'],
    routes: { 'GET /api/v1/queue/:id/connection-info': 'queue/connection-info' },
    stdout: new RegExp(`Password:\\s+${PASSWORD}`),
  },
  {
    name: 'credentials --url',
    argv: ['queue', 'credentials', RABBIT, '--url'],
    routes: { 'GET /api/v1/queue/:id/connection-info': 'queue/connection-info' },
    stdout: /^amqps:\/\/admin:Pq8vL3xN6zT1wK9s@events-rabbit-a61d4f8e\.managed-infra\.example:5671\/\n$/,
  },
  { name: 'metrics', argv: ['queue', 'metrics', RABBIT], routes: { 'GET /api/v1/queue/:id/metrics': 'queue/metrics' }, stdout: /health\.fd_percent:\s+83\.2/ },
  {
    name: 'metrics unknown (numbers as 0, a shorter health)',
    argv: ['queue', 'metrics', RABBIT],
    routes: { 'GET /api/v1/queue/:id/metrics': 'queue/metrics.unknown' },
    stdout: /health\.issues\[0\]:\s+Unable to fetch metrics/,
  },
  { name: 'diagnose', argv: ['queue', 'diagnose', RABBIT], routes: { 'GET /api/v1/queue/:id/diagnose': 'queue/diagnose' }, stdout: /queue\.restarted_recently/ },
  {
    name: 'diagnose --json',
    argv: ['queue', 'diagnose', RABBIT, '--json'],
    routes: { 'GET /api/v1/queue/:id/diagnose': 'queue/diagnose' },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ meta: { source: 'api' }, data: { verdict: 'healthy' } }),
  },
  { name: 'events (resource as text)', argv: ['queue', 'events', RABBIT], routes: { 'GET /api/v1/queue/:id/events': 'queue/events' }, stdout: /Pod\/events-rabbit-server-0/ },
  { name: 'events (resource as an object)', argv: ['queue', 'events', RABBIT], routes: { 'GET /api/v1/queue/:id/events': 'queue/events.resource-object' }, stdout: /Pod\/events-rabbit-server-0/ },
  { name: 'events unavailable (503)', argv: ['queue', 'events', RABBIT], routes: { 'GET /api/v1/queue/:id/events': 'queue/events.503' }, exit: 7 },
  { name: 'logs', argv: ['queue', 'logs', RABBIT, '--since', '1h'], routes: { 'GET /api/v1/queue/:id/logs': 'queue/logs' }, stdout: /connection to client lost/ },
  { name: 'logs: the log store did not answer (503), exit 7', argv: ['queue', 'logs', RABBIT], routes: { 'GET /api/v1/queue/:id/logs': 'queue/logs.503' }, exit: 7, stderr: /log store/ },
]);
