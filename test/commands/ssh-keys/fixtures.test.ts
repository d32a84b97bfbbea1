// The ssh-keys commands (and vps create --ssh-key) against answers shaped like the real
// service (test/fixtures only).
import { expect } from 'vitest';
import { ed25519Line } from '../../../src/shared/ssh-key.js';
import { describeFixtureCases } from '../../helpers/fixture-cases.js';

const KEY = ed25519Line(Buffer.alloc(32, 7), 'dana@desktop');
const SHOW = 'GET /api/v1/ssh-keys/:id';

describeFixtureCases('ssh-keys against real-shaped answers', [
  { name: 'list', argv: ['ssh-keys', 'list'], routes: { 'GET /api/v1/ssh-keys': 'ssh-keys/list' }, stdout: /^12\tdana@laptop\tSHA256:q3Zb9\S+\tssh-ed25519/m },
  { name: 'list (team_id as an integer)', argv: ['ssh-keys', 'list'], routes: { 'GET /api/v1/ssh-keys': 'ssh-keys/list.lenient-team-id' }, stdout: /^12\tdana@laptop/m },
  { name: 'get by integer id', argv: ['ssh-keys', 'get', '12'], routes: { [SHOW]: 'ssh-keys/show' }, requests: ['GET /api/v1/ssh-keys/12'], stdout: /Fingerprint:\s+SHA256:q3Zb9/ },
  {
    name: 'get by name',
    argv: ['ssh-keys', 'get', 'dana@laptop'],
    routes: { 'GET /api/v1/ssh-keys': 'ssh-keys/list', [SHOW]: 'ssh-keys/show' },
    requests: ['GET /api/v1/ssh-keys', 'GET /api/v1/ssh-keys/12'],
  },
  { name: 'add from stdin', argv: ['ssh-keys', 'add'], stdin: `${KEY}\n`, routes: { 'POST /api/v1/ssh-keys': 'ssh-keys/store' }, stdout: /^14\n$/ },
  {
    name: 'add: field errors (422)',
    argv: ['ssh-keys', 'add', '--name', 'x'],
    stdin: KEY,
    routes: { 'POST /api/v1/ssh-keys': 'ssh-keys/store.422' },
    exit: 2,
    stderr: /public_key: The public key is not a valid SSH public key\./,
  },
  {
    name: 'delete --yes',
    argv: ['ssh-keys', 'delete', '12', '--yes'],
    routes: { [SHOW]: 'ssh-keys/show', 'DELETE /api/v1/ssh-keys/:id': 'ssh-keys/destroy' },
    stderr: /deleting dana@laptop \(id 12\)/,
  },
  {
    name: 'vps create --ssh-key <name>',
    argv: ['vps', 'create', '--name', 'build-runner', '--image', 'ubuntu-24.04', '--plan', 'small_shared', '--cpu-platform', 'amd', '--ssh-key', 'ci-runner'],
    routes: { 'GET /api/v1/ssh-keys': 'ssh-keys/list', 'POST /api/v1/vps': 'vps/store' },
    requests: ['GET /api/v1/ssh-keys', 'POST /api/v1/vps'],
    stdout: (out) => expect(out).toMatch(/^[0-9a-f-]{36}\n$/),
  },
]);
