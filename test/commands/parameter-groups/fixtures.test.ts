// The parameter-groups commands against answers shaped like the real service (test/fixtures only).
import { expect } from 'vitest';
import { describeFixtureCases } from '../../helpers/fixture-cases.js';

const SHOW = 'GET /api/v1/parameter-groups/:id';
const LIST = 'GET /api/v1/parameter-groups';

describeFixtureCases('parameter-groups against real-shaped answers', [
  {
    name: 'list',
    argv: ['parameter-groups', 'list'],
    routes: { [LIST]: 'parameter-groups/list' },
    stdout: /\n1\tpostgresql16-default\tdatabase\tpostgresql\tpostgresql16\tyes\tyes\t1\n5\torders-pg-tuned/,
  },
  {
    name: 'get by id (an integer: no lookup)',
    argv: ['parameter-groups', 'get', '5'],
    routes: { [SHOW]: 'parameter-groups/show' },
    requests: ['GET /api/v1/parameter-groups/5'],
    stdout: /\n {2}work_mem:\s+16MB\n/,
  },
  {
    name: 'get by name',
    argv: ['parameter-groups', 'get', 'orders-pg-tuned'],
    routes: { [LIST]: 'parameter-groups/list', [SHOW]: 'parameter-groups/show' },
    requests: ['GET /api/v1/parameter-groups', 'GET /api/v1/parameter-groups/5'],
  },
  { name: 'get: an empty map sent as []', argv: ['parameter-groups', 'get', '5'], routes: { [SHOW]: 'parameter-groups/show.empty-parameters' }, stdout: /Parameters:\s+\(none\)\n/ },
  {
    name: 'get --json',
    argv: ['parameter-groups', 'get', '5', '--json'],
    routes: { [SHOW]: 'parameter-groups/show' },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ id: 5, parameters: { max_connections: '200' } }),
  },
  {
    name: 'create',
    argv: ['parameter-groups', 'create', '--name', 'analytics-pg', '--type', 'database', '--provider', 'postgresql', '--parameters', '{"work_mem": "64MB"}'],
    routes: { 'POST /api/v1/parameter-groups': 'parameter-groups/store' },
    stdout: /^7\n$/,
  },
  {
    name: 'create refused with field errors (422): exit 2',
    argv: ['parameter-groups', 'create', '--name', 'x', '--type', 'queue', '--provider', 'rabbitmq', '--parameters', '{}'],
    routes: { 'POST /api/v1/parameter-groups': 'parameter-groups/store.422' },
    exit: 2,
    stderr: /type: The selected type is invalid\./,
  },
  {
    name: 'update --parameters',
    argv: ['parameter-groups', 'update', '5', '--parameters', '{"max_connections": "300"}'],
    routes: { [SHOW]: 'parameter-groups/show', 'PUT /api/v1/parameter-groups/:id': 'parameter-groups/update' },
    stderr: /updated parameter group orders-pg-tuned/,
  },
  {
    name: 'update --set from an empty map ([])',
    argv: ['parameter-groups', 'update', '5', '--set', 'max_connections=300', '--json'],
    routes: { [SHOW]: 'parameter-groups/show.empty-parameters', 'PUT /api/v1/parameter-groups/:id': 'parameter-groups/update' },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ parameters: { max_connections: '300' } }),
  },
  {
    name: 'delete --yes',
    argv: ['parameter-groups', 'delete', '5', '--yes'],
    routes: { [SHOW]: 'parameter-groups/show', 'DELETE /api/v1/parameter-groups/:id': 'parameter-groups/destroy' },
    requests: ['GET /api/v1/parameter-groups/5', 'DELETE /api/v1/parameter-groups/5'],
    stderr: /deleted parameter group orders-pg-tuned/,
  },
  {
    name: 'delete of a system group (422 {error}): exit 1',
    argv: ['parameter-groups', 'delete', '1', '--yes'],
    routes: { [SHOW]: 'parameter-groups/show', 'DELETE /api/v1/parameter-groups/:id': 'parameter-groups/destroy.422-system' },
    exit: 1,
    stderr: /System parameter groups cannot be deleted\./,
  },
  {
    name: 'delete of a group in use (422 {error}): exit 1',
    argv: ['parameter-groups', 'delete', '5', '--yes'],
    routes: { [SHOW]: 'parameter-groups/show', 'DELETE /api/v1/parameter-groups/:id': 'parameter-groups/destroy.422-in-use' },
    exit: 1,
    stderr: /attached to 1 instance/,
  },
  { name: 'clone', argv: ['parameter-groups', 'clone', '5'], routes: { 'POST /api/v1/parameter-groups/:id/clone': 'parameter-groups/clone' }, stdout: /^8\n$/, stderr: /orders-pg-tuned \(copy\)/ },
]);
