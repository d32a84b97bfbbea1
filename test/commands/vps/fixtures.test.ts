// The vps commands against answers shaped like the real service (test/fixtures only).
import { expect } from 'vitest';
import { describeFixtureCases } from '../../helpers/fixture-cases.js';

const BASTION = '9a7f3c21-64d8-4e0b-b5a2-c18e7f4d9036';
const WORKER = 'd03e6b94-2f1a-4c87-9e5d-7b40a8c1f263';
const SHOW = 'GET /api/v1/vps/:id';

describeFixtureCases('vps against real-shaped answers', [
  { name: 'get', argv: ['vps', 'get', BASTION], routes: { [SHOW]: 'vps/show' }, stdout: /Status:\s+ready/ },
  { name: 'get by name', argv: ['vps', 'get', 'worker-2'], routes: { 'GET /api/v1/vps': 'vps/list', [SHOW]: 'vps/show.stopped' }, stdout: /Status:\s+stopped/ },
  {
    name: 'create --wait',
    argv: ['vps', 'create', '--name', 'build-runner', '--image', 'ubuntu-24.04', '--plan', 'small_shared', '--cpu-platform', 'amd', '--password-stdin'],
    stdin: 'pw\n',
    routes: { 'POST /api/v1/vps': 'vps/store' },
    stdout: /^[0-9a-f-]{36}\n$/,
  },
  { name: 'update', argv: ['vps', 'update', BASTION, '--profile', 'medium'], routes: { [SHOW]: 'vps/show', 'PUT /api/v1/vps/:id': 'vps/update' } },
  { name: 'start', argv: ['vps', 'start', WORKER], routes: { [SHOW]: 'vps/show.stopped', 'POST /api/v1/vps/:id/start': 'vps/start' }, stderr: /start of worker-2 .*accepted: starting/ },
  { name: 'start refused (422 {error, status})', argv: ['vps', 'start', BASTION], routes: { [SHOW]: 'vps/show', 'POST /api/v1/vps/:id/start': 'vps/start.422' }, exit: 1 },
  { name: 'stop', argv: ['vps', 'stop', BASTION], routes: { [SHOW]: 'vps/show', 'POST /api/v1/vps/:id/stop': 'vps/stop' } },
  { name: 'reboot', argv: ['vps', 'reboot', BASTION], routes: { [SHOW]: 'vps/show', 'POST /api/v1/vps/:id/reboot': 'vps/reboot' } },
  { name: 'reinstall --yes', argv: ['vps', 'reinstall', BASTION, '--image', 'ubuntu-24.04', '--yes'], routes: { [SHOW]: 'vps/show', 'POST /api/v1/vps/:id/reinstall': 'vps/reinstall' } },
  { name: 'delete --yes', argv: ['vps', 'delete', BASTION, '--yes'], routes: { [SHOW]: 'vps/show', 'DELETE /api/v1/vps/:id': 'vps/destroy' }, stderr: /destroying/ },
  { name: 'metrics', argv: ['vps', 'metrics', BASTION], routes: { 'GET /api/v1/vps/:id/metrics': 'vps/metrics' }, stdout: /cpu\.usage_percent:\s+7\.4/ },
  { name: 'metrics of a stopped VPS (503): exit 7', argv: ['vps', 'metrics', WORKER], routes: { 'GET /api/v1/vps/:id/metrics': 'vps/metrics.503' }, exit: 7 },
  { name: 'password masked', argv: ['vps', 'password', WORKER], routes: { 'GET /api/v1/vps/:id/password': 'vps/password' }, stdout: (out) => expect(out).not.toContain('vT9#qL2m') },
  { name: 'images', argv: ['vps', 'images'], routes: { 'GET /api/v1/vps/images': 'vps/images' }, stdout: /ubuntu-24\.04/ },
  { name: 'plans', argv: ['vps', 'plans'], routes: { 'GET /api/v1/vps/plans': 'vps/plans' }, stdout: /small_shared/ },
  {
    name: 'diagnose',
    argv: ['vps', 'diagnose', BASTION, '--json'],
    routes: { 'GET /api/v1/vps/:id/diagnose': 'vps/diagnose' },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ meta: { source: 'api' }, data: { verdict: 'healthy' } }),
  },
  { name: 'events (resource as text)', argv: ['vps', 'events', BASTION], routes: { 'GET /api/v1/vps/:id/events': 'vps/events' }, stdout: /Started/ },
]);
