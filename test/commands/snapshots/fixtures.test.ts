// snapshots create, delete, clone and wait against answers shaped like the real service
// (test/fixtures only; list and restore: test/e2e/fixture-commands.test.ts).
import { expect } from 'vitest';
import { describeFixtureCases } from '../../helpers/fixture-cases.js';

const BASTION = '9a7f3c21-64d8-4e0b-b5a2-c18e7f4d9036';

describeFixtureCases('snapshots against real-shaped answers', [
  {
    name: 'create vps by id: no lookup, the point id on stdout',
    argv: ['snapshots', 'create', 'vps', BASTION, '--name', 'before nginx upgrade'],
    routes: { 'POST /api/v1/snapshots/vps': 'snapshots/vps-create' },
    requests: ['POST /api/v1/snapshots/vps'],
    stdout: /^314\n$/,
    stderr: /taking point 314 \(before nginx upgrade\).*: creating/,
  },
  {
    name: 'create cache by name',
    argv: ['snapshots', 'create', 'cache', 'sessions-redis', '--name', 'sessions-redis manual', '--json'],
    routes: { 'GET /api/v1/cache': 'cache/list', 'POST /api/v1/snapshots/cache': 'snapshots/cache-create' },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ message: 'Cache snapshot creation initiated', snapshot: { id: 520 } }),
  },
  {
    name: 'create database',
    argv: ['snapshots', 'create', 'database', '01J8Z6Q4M3V7K2T9XH5B0RPC1D', '--name', 'orders-pg manual'],
    routes: { 'POST /api/v1/snapshots/database': 'snapshots/database-create' },
    stdout: /^905\n$/,
  },
  {
    name: 'create refused (422)',
    argv: ['snapshots', 'create', 'vps', BASTION, '--name', 'x'],
    routes: { 'POST /api/v1/snapshots/vps': 'snapshots/vps-create.422' },
    exit: 2,
    stderr: /vps_instance_id: The selected vps instance id is invalid/,
  },
  {
    name: 'delete --yes',
    argv: ['snapshots', 'delete', 'vps', '312', '--yes'],
    routes: { 'GET /api/v1/snapshots/vps': 'snapshots/vps-list', 'DELETE /api/v1/snapshots/vps/:id': 'snapshots/vps-delete' },
    stderr: /deleting point 312 \(before kernel upgrade\): VPS snapshot deletion initiated/,
  },
  {
    name: 'delete cache',
    argv: ['snapshots', 'delete', 'cache', '519', '--yes'],
    routes: { 'GET /api/v1/snapshots/cache': 'snapshots/cache-list', 'DELETE /api/v1/snapshots/cache/:id': 'snapshots/cache-delete' },
  },
  {
    name: 'delete database',
    argv: ['snapshots', 'delete', 'database', '904', '--yes'],
    routes: { 'GET /api/v1/snapshots/database': 'snapshots/database-list', 'DELETE /api/v1/snapshots/database/:id': 'snapshots/database-delete' },
  },
  {
    name: 'clone cache --wait: the new cache, then its status',
    argv: ['snapshots', 'clone', 'cache', '518', '--name', 'sessions-redis-restored', '--wait'],
    routes: { 'GET /api/v1/snapshots/cache': 'snapshots/cache-list', 'POST /api/v1/snapshots/cache/:id/clone': 'snapshots/cache-clone', 'GET /api/v1/cache/:id': 'cache/show' },
    stdout: /^0f3a8d61-2c94-4b57-a1e8-7d5b9c03e2f6\n$/,
    stderr: /clone of sessions-redis-restored finished: ready/,
  },
  {
    name: 'clone cache: the name is taken (409 with field errors): exit 1',
    argv: ['snapshots', 'clone', 'cache', '518', '--name', 'sessions-redis'],
    routes: { 'GET /api/v1/snapshots/cache': 'snapshots/cache-list', 'POST /api/v1/snapshots/cache/:id/clone': 'snapshots/cache-clone.409' },
    exit: 1,
    stderr: /already exists/,
  },
  {
    name: 'clone database --json: the new instance',
    argv: ['snapshots', 'clone', 'database', '902', '--name', 'orders-pg-restored', '--json'],
    routes: { 'GET /api/v1/snapshots/database': 'snapshots/database-list', 'POST /api/v1/snapshots/database/:id/clone': 'snapshots/database-clone' },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ id: '01K3D4B7D9F1H3K5M7P9R1T3V5', status: 'restoring', engine: { name: 'PostgreSQL' } }),
  },
  {
    name: 'wait --resource on a settled cache',
    argv: ['snapshots', 'wait', 'cache', '--resource', 'c4b1e7a2-3d58-4f90-b6e1-8a27d05f9c34'],
    routes: { 'GET /api/v1/cache/:id': 'cache/show' },
    stderr: /finished: ready/,
  },
  { name: 'wait on an available point', argv: ['snapshots', 'wait', 'vps', '311'], routes: { 'GET /api/v1/snapshots/vps': 'snapshots/vps-list' }, stderr: /create of point 311 .*finished: ready/ },
]);
