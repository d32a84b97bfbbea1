// The firewalls commands against answers shaped like the real service (test/fixtures only).
// Their ids are ULIDs: taken as ids without a lookup.
import { expect } from 'vitest';
import { describeFixtureCases } from '../../helpers/fixture-cases.js';

const WEB = '01J9B7Q2W4E6R8T0Y2V4J6P8P0';
const VPS = '9a7f3c21-64d8-4e0b-b5a2-c18e7f4d9036';
const SHOW = 'GET /api/v1/firewalls/:id';

describeFixtureCases('firewalls against real-shaped answers', [
  { name: 'list', argv: ['firewalls', 'list'], routes: { 'GET /api/v1/firewalls': 'firewalls/list' }, stdout: /default\tactive\tyes\t1\tdeny\n[\s\S]*web-ingress\tactive\tno\t\tdeny/ },
  {
    name: 'list (is_default as a boolean)',
    argv: ['firewalls', 'list'],
    routes: { 'GET /api/v1/firewalls': 'firewalls/list.lenient-boolean' },
    stdout: /default\tactive\tyes[\s\S]*web-ingress\tactive\tno\t3/,
  },
  {
    name: 'get',
    argv: ['firewalls', 'get', WEB],
    routes: { [SHOW]: 'firewalls/show' },
    requests: [`GET /api/v1/firewalls/${WEB}`],
    stdout: /Rule 3:\s+allow inbound tcp 22 from 198\.51\.100\.0\/24 \(ssh office\)/,
  },
  { name: 'get by name', argv: ['firewalls', 'get', 'web-ingress'], routes: { 'GET /api/v1/firewalls': 'firewalls/list', [SHOW]: 'firewalls/show' }, stdout: /Status:\s+active/ },
  {
    name: 'create',
    argv: ['firewalls', 'create', '--name', 'db-private', '--rule', 'tcp/5432,from=10.42.0.0/16,name=postgres from app'],
    routes: { 'POST /api/v1/firewalls': 'firewalls/store' },
    stdout: /^01K3D8K3N5Q7S9V1W3Y5A7C9E1\n$/,
    stderr: /a draft until/,
  },
  {
    name: 'create: field errors (422)',
    argv: ['firewalls', 'create', '--name', 'x', '--rules', '[{"direction":"inbound"}]'],
    routes: { 'POST /api/v1/firewalls': 'firewalls/store.422' },
    exit: 2,
    stderr: /rules\.0\.protocol: The rules\.0\.protocol field is required\./,
  },
  {
    name: 'update --add-rule',
    argv: ['firewalls', 'update', WEB, '--add-rule', 'tcp/8443'],
    routes: { [SHOW]: 'firewalls/show', 'PUT /api/v1/firewalls/:id': 'firewalls/update' },
    stderr: /applying/,
  },
  { name: 'delete --yes', argv: ['firewalls', 'delete', WEB, '--yes'], routes: { [SHOW]: 'firewalls/show', 'DELETE /api/v1/firewalls/:id': 'firewalls/destroy' } },
  {
    name: 'delete the default (422 {error})',
    argv: ['firewalls', 'delete', WEB, '--yes'],
    routes: { [SHOW]: 'firewalls/show', 'DELETE /api/v1/firewalls/:id': 'firewalls/destroy.422' },
    exit: 1,
    stderr: /default firewall cannot be deleted/,
  },
  {
    name: 'attach',
    argv: ['firewalls', 'attach', WEB, '--to', `vps:${VPS}`],
    routes: { [SHOW]: 'firewalls/show', 'POST /api/v1/firewalls/:id/attach': 'firewalls/attach' },
    requests: [`GET /api/v1/firewalls/${WEB}`, `POST /api/v1/firewalls/${WEB}/attach`],
  },
  {
    name: 'attach: field errors (422)',
    argv: ['firewalls', 'attach', WEB, '--to', `vps:${VPS}`],
    routes: { [SHOW]: 'firewalls/show', 'POST /api/v1/firewalls/:id/attach': 'firewalls/attach.422' },
    exit: 2,
  },
  {
    name: 'detach --json',
    argv: ['firewalls', 'detach', WEB, '--from', `vps:${VPS}`, '--json'],
    routes: { [SHOW]: 'firewalls/show', 'POST /api/v1/firewalls/:id/detach': 'firewalls/detach' },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ instance_type: 'vps', instance_id: VPS, message: 'Firewall detached successfully' }),
  },
  { name: 'deploy', argv: ['firewalls', 'deploy', WEB], routes: { [SHOW]: 'firewalls/show', 'POST /api/v1/firewalls/:id/deploy': 'firewalls/deploy' }, stderr: /deploy of web-ingress .*accepted/ },
]);
