// Every command of the README against a fake server that answers ONLY with the real-shaped
// fixtures of test/fixtures (written from real-api.md, not from our simulator): the proof
// that the client reads the running service's answers, not just our own. Each case asserts
// the exit code, what reached stdout, and that every request the command made was one the
// corpus answers (an unanswered request would mean the client calls something the real API
// does not serve, or calls it differently).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { zipFiles } from '../../src/shared/zip.js';
import { describeFixtureCases, type FixtureCase } from '../helpers/fixture-cases.js';

const CHECKOUT = '3f6c2a1e-8b47-4d2a-9e15-6a0d4c7b9f21';
const RESIZER = 'b2d94f70-1c3e-4a8b-a6f2-0e9d7c31a845';
const PDF = 'e8a51c09-7d3f-4b62-8f0e-25c4a9d6b713';
const ORDERS_PG = '01J8Z6Q4M3V7K2T9XH5B0RPC1D';
const SESSIONS = 'c4b1e7a2-3d58-4f90-b6e1-8a27d05f9c34';

/** A one-file ZIP archive for `serverless deploy --archive`. */
const ARCHIVE = (() => {
  const file = join(mkdtempSync(join(tmpdir(), 'infra-fx-')), 'src.zip');
  writeFileSync(file, zipFiles([{ name: 'Dockerfile', data: Buffer.from('FROM node:20\n') }]));
  return file;
})();

const LIST = 'GET /api/v1/serverless';
const SHOW = 'GET /api/v1/serverless/:id';

const CASES: FixtureCase[] = [
  { name: 'auth status', argv: ['auth', 'status'], routes: { 'GET /api/v1/vps': 'vps/list.per-page-1', 'GET /api/v1/user/teams': 'user/teams' }, stdout: /token accepted/ },
  { name: 'vps list', argv: ['vps', 'list'], routes: { 'GET /api/v1/vps': 'vps/list' }, stdout: /bastion-1\tready\tfsn1\tsmall_shared\t203\.0\.113\.24/ },
  { name: 'vps list (lenient answers)', argv: ['vps', 'list'], routes: { 'GET /api/v1/vps': 'vps/list.lenient' }, stdout: /bastion-1/ },
  {
    name: 'vps list --all follows last_page',
    argv: ['vps', 'list', '--all', '--json'],
    routes: [
      { route: 'GET /api/v1/vps', fixture: 'vps/list.per-page-1', query: { page: '1' } },
      { route: 'GET /api/v1/vps', fixture: 'vps/list.per-page-1.page-2', query: { page: '2' } },
    ],
    stdout: (out) => expect((JSON.parse(out) as unknown[]).length).toBe(2),
  },
  { name: 'serverless list', argv: ['serverless', 'list'], routes: { [LIST]: 'serverless/list' }, stdout: /checkout-api\tready\thealthy\tsucceeded\tyes\t7\/7/ },
  { name: 'serverless list without generations', argv: ['serverless', 'list'], routes: { [LIST]: 'serverless/list.no-generations' }, stdout: /checkout-api\tready\thealthy\tsucceeded\tyes\t-/ },
  {
    name: 'serverless get by id (no lookup)',
    argv: ['serverless', 'get', CHECKOUT],
    routes: { [SHOW]: 'serverless/show' },
    stdout: /Image:\s+registry\.infra\.example/,
    requests: [`GET /api/v1/serverless/${CHECKOUT}`],
  },
  {
    name: 'serverless get by name (one list request)',
    argv: ['serverless', 'get', 'pdf-renderer'],
    routes: { [LIST]: 'serverless/list', [SHOW]: 'serverless/show.failed' },
    stdout: /Error code:\s+serverless\.image_not_found/,
    requests: ['GET /api/v1/serverless', `GET /api/v1/serverless/${PDF}`],
  },
  { name: 'serverless get: no status_details, legacy status only', argv: ['serverless', 'get', CHECKOUT], routes: { [SHOW]: 'serverless/show.no-status-details' }, stderr: /gave no status_details/ },
  { name: 'serverless get: numbers as strings', argv: ['serverless', 'get', CHECKOUT], routes: { [SHOW]: 'serverless/show.lenient-number-strings' }, stdout: /Port:\s+8080/ },
  { name: 'serverless get: nested objects in optional fields', argv: ['serverless', 'get', CHECKOUT], routes: { [SHOW]: 'serverless/show.lenient-nested-objects' } },
  {
    name: 'serverless get --json passes the container through',
    argv: ['serverless', 'get', CHECKOUT, '--json'],
    routes: { [SHOW]: 'serverless/show.extra-fields' },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ id: CHECKOUT }),
  },
  {
    name: 'serverless create --wait (201 with operation, then the new container)',
    argv: ['serverless', 'create', '--name', 'image-resizer', '--image', 'registry.infra.example/acme-platform/image-resizer:1.0.0', '--wait'],
    routes: { 'POST /api/v1/serverless': 'serverless/store', [SHOW]: ['serverless/show.new-pending', 'serverless/show.new-ready'] },
    stdout: new RegExp(`^${RESIZER}\\n$`),
  },
  {
    name: 'serverless update --wait with generations',
    argv: ['serverless', 'update', CHECKOUT, '--image', 'registry.infra.example/acme-platform/checkout-api:2.4.1', '--wait'],
    routes: { [SHOW]: ['serverless/show', 'serverless/show.queued', 'serverless/show.in-progress', 'serverless/show.rolled-out'], 'PUT /api/v1/serverless/:id': 'serverless/update' },
    stderr: /generation 8 of checkout-api is ready/,
  },
  {
    name: 'serverless update --wait without generations: waits for a fresh read',
    argv: ['serverless', 'update', CHECKOUT, '--env', 'FEATURE_X=1', '--wait', '--json'],
    routes: {
      [SHOW]: ['serverless/show.no-generations', 'serverless/show.no-generations', 'serverless/show.no-generations.rolling', 'serverless/show.no-generations.rolled-out'],
      'PUT /api/v1/serverless/:id': 'serverless/update.no-generations',
    },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ outcome: 'ready', evidence: 'fresh_observation', spec_generation: null }),
  },
  {
    name: 'serverless update --wait ending degraded (exit 3)',
    argv: ['serverless', 'update', CHECKOUT, '--image', 'registry.infra.example/acme-platform/checkout-api:2.5.0', '--wait'],
    routes: { [SHOW]: ['serverless/show', 'serverless/show.in-progress', 'serverless/show.degraded'], 'PUT /api/v1/serverless/:id': 'serverless/update' },
    exit: 3,
    stderr: /degraded: the new revision failed while the previous revision keeps serving/,
  },
  {
    name: 'serverless redeploy --wait (202, no container)',
    argv: ['serverless', 'redeploy', CHECKOUT, '--wait'],
    routes: { [SHOW]: ['serverless/show', 'serverless/show.queued', 'serverless/show.rolled-out'], 'POST /api/v1/serverless/:id/redeploy': 'serverless/redeploy' },
    stderr: /generation 8 of checkout-api is ready/,
  },
  {
    name: 'serverless redeploy refused while deploying (409 {error})',
    argv: ['serverless', 'redeploy', CHECKOUT],
    routes: { [SHOW]: 'serverless/show.in-progress', 'POST /api/v1/serverless/:id/redeploy': 'serverless/redeploy.409' },
    exit: 1,
    stderr: /refused by the API: A deployment is already in progress/,
  },
  {
    name: 'serverless wait',
    argv: ['serverless', 'wait', CHECKOUT, '--json'],
    routes: { [SHOW]: ['serverless/show.queued', 'serverless/show.in-progress', 'serverless/show.rolled-out'] },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ outcome: 'ready', spec_generation: 8, evidence: 'generation' }),
  },
  {
    name: 'serverless wait: no status_details means no wait (exit 1)',
    argv: ['serverless', 'wait', CHECKOUT],
    routes: { [SHOW]: 'serverless/show.no-status-details' },
    exit: 1,
    stderr: /cannot wait for .*without "status_details"/,
  },
  { name: 'serverless delete --yes', argv: ['serverless', 'delete', CHECKOUT, '--yes'], routes: { 'DELETE /api/v1/serverless/:id': 'serverless/destroy' }, stderr: /deleted/ },
  { name: 'serverless revisions', argv: ['serverless', 'revisions', CHECKOUT], routes: { 'GET /api/v1/serverless/:id/revisions': 'serverless/revisions' }, stdout: /traffic 100%/ },
  {
    name: 'serverless revisions, ContainerMissing',
    argv: ['serverless', 'revisions', PDF],
    routes: { 'GET /api/v1/serverless/:id/revisions': 'serverless/revisions.container-missing' },
    stdout: /ContainerMissing/,
  },
  { name: 'serverless events', argv: ['serverless', 'events', CHECKOUT], routes: { 'GET /api/v1/serverless/:id/events': 'serverless/events' }, stderr: /ephemeral/ },
  { name: 'serverless logs', argv: ['serverless', 'logs', CHECKOUT, '--since', '15m'], routes: { 'GET /api/v1/serverless/:id/logs': ['serverless/logs', 'serverless/logs.last-page'] } },
  { name: 'serverless logs, null pod', argv: ['serverless', 'logs', CHECKOUT, '--json'], routes: { 'GET /api/v1/serverless/:id/logs': 'serverless/logs.null-pod' } },
  {
    name: 'serverless logs, log store down (exit 7)',
    argv: ['serverless', 'logs', CHECKOUT],
    routes: { 'GET /api/v1/serverless/:id/logs': 'serverless/logs.503' },
    exit: 7,
    stderr: /log store did not answer/,
  },
  {
    name: 'serverless diagnose (the API findings)',
    argv: ['serverless', 'diagnose', PDF],
    routes: { 'GET /api/v1/serverless/:id/diagnose': 'serverless/diagnose.fatal' },
    stdout: /FATAL\s+serverless\.image_not_found/,
  },
  {
    name: 'serverless diagnose --exit-status on a fatal finding',
    argv: ['serverless', 'diagnose', PDF, '--exit-status'],
    routes: { 'GET /api/v1/serverless/:id/diagnose': 'serverless/diagnose.fatal' },
    exit: 1,
  },
  {
    name: 'serverless diagnose with `meta: []`',
    argv: ['serverless', 'diagnose', CHECKOUT, '--json'],
    routes: { 'GET /api/v1/serverless/:id/diagnose': 'serverless/diagnose.lenient-meta-array' },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ meta: { source: 'api' } }),
  },
  {
    name: 'serverless diagnose --local',
    argv: ['serverless', 'diagnose', PDF, '--local', '--json'],
    routes: { [SHOW]: 'serverless/show.failed', 'GET /api/v1/serverless/:id/revisions': 'serverless/revisions.container-missing', 'GET /api/v1/serverless/:id/logs': 'serverless/logs.empty' },
    stdout: (out) => {
      const d = JSON.parse(out) as { data: { findings: { code: string }[] }; meta: { source: string } };
      expect(d.meta.source).toBe('local');
      expect(d.data.findings.map((f) => f.code)).toContain('serverless.no_pod_scheduled');
    },
  },
  { name: 'database list', argv: ['database', 'list'], routes: { 'GET /api/v1/database': 'database/list' }, stdout: /orders-pg\tPostgreSQL/i },
  {
    name: 'database credentials by name',
    argv: ['database', 'credentials', 'orders-pg'],
    routes: { 'GET /api/v1/database': 'database/list', 'GET /api/v1/database/:id/credentials': 'database/credentials' },
    stdout: /password:\s+\*{8}/,
  },
  {
    name: 'database credentials --url (id: one request)',
    argv: ['database', 'credentials', ORDERS_PG, '--url'],
    routes: { 'GET /api/v1/database/:id/credentials': 'database/credentials' },
    stdout: /^postgres(ql)?:\/\//,
    requests: [`GET /api/v1/database/${ORDERS_PG}/credentials`],
  },
  {
    name: 'database dns enable',
    argv: ['database', 'dns', 'enable', ORDERS_PG],
    routes: { 'POST /api/v1/database/:id/dns': 'database/dns-enable', 'GET /api/v1/database/:id': 'database/show' },
    stdout: /managed-infra\.example:31542/,
  },
  {
    name: 'database dns enable, already on (409)',
    argv: ['database', 'dns', 'enable', ORDERS_PG],
    routes: { 'POST /api/v1/database/:id/dns': 'database/dns-enable.409', 'GET /api/v1/database/:id': 'database/show.dns-enabled' },
    stderr: /already enabled/,
  },
  { name: 'database dns disable', argv: ['database', 'dns', 'disable', ORDERS_PG], routes: { 'DELETE /api/v1/database/:id/dns': 'database/dns-disable', 'GET /api/v1/database/:id': 'database/show' } },
  { name: 'cache list (no engine field)', argv: ['cache', 'list'], routes: { 'GET /api/v1/cache': 'cache/list' }, stdout: /sessions-redis/ },
  {
    name: 'cache connection-info',
    argv: ['cache', 'connection-info', SESSIONS],
    routes: { 'GET /api/v1/cache/:id/connection-info': 'cache/connection-info', 'GET /api/v1/cache/:id': 'cache/show' },
    stdout: /username:\s+default/,
  },
  { name: 'cache dns enable', argv: ['cache', 'dns', 'enable', SESSIONS], routes: { 'POST /api/v1/cache/:id/dns': 'cache/dns-enable', 'GET /api/v1/cache/:id': 'cache/show' } },
  { name: 'snapshots list vps', argv: ['snapshots', 'list', 'vps'], routes: { 'GET /api/v1/snapshots/vps': 'snapshots/vps-list' }, stdout: /311\tbastion-1 daily 2026-08-19\tbastion-1/ },
  { name: 'snapshots list cache (richer fields)', argv: ['snapshots', 'list', 'cache'], routes: { 'GET /api/v1/snapshots/cache': 'snapshots/cache-list.rich' } },
  { name: 'snapshots list database', argv: ['snapshots', 'list', 'database'], routes: { 'GET /api/v1/snapshots/database': 'snapshots/database-list' } },
  {
    name: 'snapshots restore (started directly, 200)',
    argv: ['snapshots', 'restore', 'vps', '311', '--confirm', 'bastion-1'],
    routes: { 'GET /api/v1/snapshots/vps': 'snapshots/vps-list', 'POST /api/v1/snapshots/vps/:id/restore': 'snapshots/vps-restore' },
    stderr: /started directly/,
  },
  {
    name: 'snapshots restore (gated, 202 with an operation)',
    argv: ['snapshots', 'restore', 'vps', '311', '--confirm', 'bastion-1'],
    routes: { 'GET /api/v1/snapshots/vps': 'snapshots/vps-list', 'POST /api/v1/snapshots/vps/:id/restore': 'snapshots/vps-restore.202' },
    stdout: /^01K3D7H5K7M9P1R3T5V7X9Z1B3\n$/,
  },
  {
    name: 'snapshots restore refused (409)',
    argv: ['snapshots', 'restore', 'vps', '311', '--confirm', 'bastion-1'],
    routes: { 'GET /api/v1/snapshots/vps': 'snapshots/vps-list', 'POST /api/v1/snapshots/vps/:id/restore': 'snapshots/vps-restore.409' },
    exit: 1,
  },
  { name: 'recovery capabilities', argv: ['recovery', 'capabilities'], routes: { 'GET /api/v1/recovery/capabilities': 'recovery/capabilities' }, stdout: /postgresql/ },
  {
    name: 'recovery capabilities on an older server (404)',
    argv: ['recovery', 'capabilities'],
    routes: { 'GET /api/v1/recovery/capabilities': 'recovery/capabilities.404' },
    exit: 5,
    stderr: /predate/,
  },
  {
    name: '--project by name: one GET /user/teams, then X-Team-Id',
    argv: ['vps', 'list', '--project', 'Acme Staging'],
    routes: { 'GET /api/v1/user/teams': 'user/teams', 'GET /api/v1/vps': 'vps/list' },
    requests: ['GET /api/v1/user/teams', 'GET /api/v1/vps'],
  },
  { name: 'errors: 401 (exit 4)', argv: ['vps', 'list'], routes: { 'GET /api/v1/vps': 'errors/401' }, exit: 4 },
  {
    name: 'errors: 422 field errors (exit 2)',
    argv: ['serverless', 'update', CHECKOUT, '--port', '9000'],
    routes: { [SHOW]: 'serverless/show', 'PUT /api/v1/serverless/:id': 'serverless/update.422' },
    exit: 2,
  },
  {
    name: 'serverless deploy --archive (202, status building)',
    argv: ['serverless', 'deploy', CHECKOUT, '--archive', ARCHIVE],
    routes: { [SHOW]: 'serverless/show', 'POST /api/v1/serverless/:id/deploy': 'serverless/deploy' },
    stderr: /upload accepted: building/,
  },
  {
    name: 'serverless builds show: a failed build',
    argv: ['serverless', 'builds', 'show', CHECKOUT],
    routes: { 'GET /api/v1/serverless/:id/builds/latest': 'serverless/builds-latest.failed' },
    stdout: /^Status:\s+failed$/m,
  },
  {
    name: 'serverless builds show: never built (exit 5)',
    argv: ['serverless', 'builds', 'show', CHECKOUT],
    routes: { 'GET /api/v1/serverless/:id/builds/latest': 'serverless/builds-latest.none' },
    exit: 5,
  },
  {
    name: 'registry context',
    argv: ['registry', 'context'],
    routes: { 'GET /api/v1/registry/context': 'registry/context' },
    stdout: /^Push:\s+docker push registry\.infra\.example\/acme-platform\/<repo>:<tag>$/m,
  },
  {
    name: 'registry verify-push refused (exit 1, the hint sent)',
    argv: ['registry', 'verify-push', 'other-team/checkout-api'],
    routes: { 'GET /api/v1/registry/verify-push': 'registry/verify-push.namespace-mismatch' },
    exit: 1,
    stderr: /^hint: Push to registry\.infra\.example\/acme-platform\/checkout-api instead\.$/m,
  },
];

describeFixtureCases('every command against answers shaped like the real service (test/fixtures only)', CASES);
