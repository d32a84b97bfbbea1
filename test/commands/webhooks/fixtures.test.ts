// The webhooks commands against answers shaped like the real service (test/fixtures only).
import { expect } from 'vitest';
import { describeFixtureCases } from '../../helpers/fixture-cases.js';

const CONFIG = 'GET /api/v1/webhooks/config';
const UPDATE = 'PUT /api/v1/webhooks/config';

describeFixtureCases('webhooks against real-shaped answers', [
  { name: 'config get', argv: ['webhooks', 'config', 'get'], routes: { [CONFIG]: 'webhooks/config' }, stdout: /URL:\s+https:\/\/hooks\.acme\.example\/infra\nEnabled:\s+yes\nSecret:\s+set/ },
  { name: 'config get, never configured', argv: ['webhooks', 'config', 'get'], routes: { [CONFIG]: 'webhooks/config.unset' }, stdout: /URL:\s+not set\nEnabled:\s+no\nSecret:\s+none/ },
  { name: 'config get without webhook:read (403)', argv: ['webhooks', 'config', 'get'], routes: { [CONFIG]: 'webhooks/config.403' }, exit: 4, stderr: /webhook:read/ },
  {
    name: 'config set: the secret of the answer on stdout, said once on stderr',
    argv: ['webhooks', 'config', 'set', '--url', 'https://hooks.acme.example/infra', '--enabled'],
    routes: { [UPDATE]: 'webhooks/config-update' },
    stdout: /Secret:\s+whsec_3Kq8Zp1Vn6Xr4Lm9Tb2Wc7Hy5Jd0Fg/,
    stderr: /only once/,
    requests: ['PUT /api/v1/webhooks/config'],
  },
  {
    name: 'config set --disabled: reads the URL it has, then sends it',
    argv: ['webhooks', 'config', 'set', '--disabled', '--json'],
    routes: { [CONFIG]: 'webhooks/config', [UPDATE]: 'webhooks/config-update' },
    requests: ['GET /api/v1/webhooks/config', 'PUT /api/v1/webhooks/config'],
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ webhook_url: 'https://hooks.acme.example/infra' }),
  },
  {
    name: 'config set refused (422)',
    argv: ['webhooks', 'config', 'set', '--url', 'https://bad.example'],
    routes: { [UPDATE]: 'webhooks/config-update.422' },
    exit: 2,
    stderr: /webhook_url: The webhook url field must be a valid URL/,
  },
  {
    name: 'regenerate-secret --yes',
    argv: ['webhooks', 'regenerate-secret', '--yes'],
    routes: { 'POST /api/v1/webhooks/config/regenerate-secret': 'webhooks/regenerate-secret' },
    stdout: /^whsec_9Tm2Rx6Kb1Zq8Vn4Hc3Lw7Pd5Jy0Ga\n$/,
    stderr: /only once/,
  },
  {
    name: 'deliveries',
    argv: ['webhooks', 'deliveries'],
    routes: { 'GET /api/v1/webhooks/deliveries': 'webhooks/deliveries' },
    stdout: /^88213\tserverless\.deployed\tdelivered\t200\t1\t[\s\S]*^88190\tsnapshot\.completed\tfailed\t502\t3\t.*Server responded with 502 after 3 attempts\.$/m,
  },
]);
