// The storage commands against answers shaped like the real service (test/fixtures only).
import { expect } from 'vitest';
import { describeFixtureCases } from '../../helpers/fixture-cases.js';

const ASSETS = 'f2c7a9d4-18e3-4b06-a5d1-9e0c4f7b2a86';
const KEY = '8e3b5c1f-9a04-4d7e-b2f6-c0a81d5e7394';
const SHOW = 'GET /api/v1/storage/buckets/:id';
const KEY_SHOW = 'GET /api/v1/storage/access-keys/:id';

describeFixtureCases('storage buckets against real-shaped answers', [
  { name: 'list', argv: ['storage', 'buckets', 'list'], routes: { 'GET /api/v1/storage/buckets': 'storage/buckets-list' }, stdout: /acme-assets\tready\t17 GB\t48211\tprivate\tfsn1/ },
  {
    name: 'get',
    argv: ['storage', 'buckets', 'get', ASSETS],
    routes: { [SHOW]: 'storage/buckets-show' },
    stdout: /Endpoint:\s+https:\/\/s3\.fsn1\.infra\.example[\s\S]*Size:\s+17 GB of 100 GB \(17%\)/,
  },
  {
    name: 'get by name',
    argv: ['storage', 'buckets', 'get', 'acme-assets'],
    routes: { 'GET /api/v1/storage/buckets': 'storage/buckets-list', [SHOW]: 'storage/buckets-show' },
    requests: ['GET /api/v1/storage/buckets', `GET /api/v1/storage/buckets/${ASSETS}`],
  },
  {
    name: 'create',
    argv: ['storage', 'buckets', 'create', '--name', 'acme-backups'],
    routes: { 'POST /api/v1/storage/buckets': 'storage/buckets-store' },
    stdout: /^0b6e3f9a-27d1-4c85-9f40-e3a7b1c5d802\n$/,
  },
  {
    name: 'create --wait',
    argv: ['storage', 'buckets', 'create', '--name', 'acme-backups', '--wait'],
    routes: { 'POST /api/v1/storage/buckets': 'storage/buckets-store', [SHOW]: 'storage/buckets-show' },
    stderr: /finished: ready/,
  },
  {
    name: 'create: a taken name (409 {error})',
    argv: ['storage', 'buckets', 'create', '--name', 'acme-assets'],
    routes: { 'POST /api/v1/storage/buckets': 'storage/buckets-store.409' },
    exit: 1,
    stderr: /A bucket with this name already exists/,
  },
  { name: 'create: a suspended account (403)', argv: ['storage', 'buckets', 'create', '--name', 'acme-backups'], routes: { 'POST /api/v1/storage/buckets': 'storage/buckets-store.403' }, exit: 4 },
  { name: 'update', argv: ['storage', 'buckets', 'update', ASSETS, '--access', 'public'], routes: { [SHOW]: 'storage/buckets-show', 'PUT /api/v1/storage/buckets/:id': 'storage/buckets-update' } },
  {
    name: 'delete --yes',
    argv: ['storage', 'buckets', 'delete', ASSETS, '--yes'],
    routes: { [SHOW]: 'storage/buckets-show', 'DELETE /api/v1/storage/buckets/:id': 'storage/buckets-destroy' },
    stderr: /destroying/,
  },
  {
    name: 'delete refused (422 {error, status})',
    argv: ['storage', 'buckets', 'delete', ASSETS, '--yes'],
    routes: { [SHOW]: 'storage/buckets-show', 'DELETE /api/v1/storage/buckets/:id': 'storage/buckets-destroy.422' },
    exit: 1,
    stderr: /cannot be deleted in its current state/,
  },
  { name: 'metrics', argv: ['storage', 'buckets', 'metrics', ASSETS], routes: { 'GET /api/v1/storage/buckets/:id/metrics': 'storage/buckets-metrics' }, stdout: /latency_24h_ms\.p95:\s+74/ },
  { name: 'diagnose', argv: ['storage', 'buckets', 'diagnose', ASSETS], routes: { 'GET /api/v1/storage/buckets/:id/diagnose': 'storage/buckets-diagnose' }, stdout: /storage\.multipart_pending/ },
  {
    name: 'diagnose --json',
    argv: ['storage', 'buckets', 'diagnose', ASSETS, '--json'],
    routes: { 'GET /api/v1/storage/buckets/:id/diagnose': 'storage/buckets-diagnose' },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ meta: { source: 'api' }, data: { verdict: 'healthy' } }),
  },
]);

describeFixtureCases('storage keys against real-shaped answers', [
  {
    name: 'list (masked key ids only)',
    argv: ['storage', 'keys', 'list'],
    routes: { 'GET /api/v1/storage/access-keys': 'storage/access-keys-list' },
    stdout: (out) => {
      expect(out).toMatch(/ci-deploy\tAKIA\*{4}7QX2\tactive\tbuckets/);
      expect(out).not.toContain('AKIA4T42CIDEPLOY7QX2');
    },
  },
  { name: 'get', argv: ['storage', 'keys', 'get', KEY], routes: { [KEY_SHOW]: 'storage/access-keys-show' }, stdout: /Buckets:\s+acme-assets \(readwrite\)/ },
  {
    name: 'create: the secret once on stdout',
    argv: ['storage', 'keys', 'create', '--name', 'release-uploader', '--bucket', `${ASSETS}:readwrite`],
    routes: { 'POST /api/v1/storage/access-keys': 'storage/access-keys-store' },
    stdout: /Secret access key:\s+v8Qm2Zx4Lp7Rt1Wn6Ks9Hd3Jf5Gb0Yc2Ue4Ia7O\n/,
    stderr: /shown only this once/,
  },
  {
    name: 'create with a bucket name',
    argv: ['storage', 'keys', 'create', '--name', 'release-uploader', '--bucket', 'acme-assets:readwrite'],
    routes: { 'GET /api/v1/storage/buckets': 'storage/buckets-list', 'POST /api/v1/storage/access-keys': 'storage/access-keys-store' },
    requests: ['GET /api/v1/storage/buckets', 'POST /api/v1/storage/access-keys'],
  },
  { name: 'create: the backend refused (500)', argv: ['storage', 'keys', 'create', '--name', 'x'], routes: { 'POST /api/v1/storage/access-keys': 'storage/access-keys-store.500' }, exit: 7 },
  {
    name: 'delete --yes (revoke)',
    argv: ['storage', 'keys', 'delete', KEY, '--yes'],
    routes: { [KEY_SHOW]: 'storage/access-keys-show', 'DELETE /api/v1/storage/access-keys/:id': 'storage/access-keys-destroy' },
    stderr: /revoked ci-deploy/,
  },
  {
    name: 'revoke twice (422 {error})',
    argv: ['storage', 'keys', 'revoke', KEY, '--yes'],
    routes: { [KEY_SHOW]: 'storage/access-keys-show', 'DELETE /api/v1/storage/access-keys/:id': 'storage/access-keys-destroy.422' },
    exit: 1,
    stderr: /already revoked/,
  },
]);
