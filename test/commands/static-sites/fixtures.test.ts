// The static-sites commands against answers shaped like the real service (test/fixtures only).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { describeFixtureCases } from '../../helpers/fixture-cases.js';

const DOCS = '01J9F3K8M2P6R0T4W8Y2A6C0E4';
const SHOW = 'GET /api/v1/static-sites/:id';
const DEPLOYMENTS = 'GET /api/v1/static-sites/:id/deployments';
const DOMAINS = 'GET /api/v1/static-sites/:id/domains';
const SITE = mkdtempSync(join(tmpdir(), 'infra-fixture-site-'));
writeFileSync(join(SITE, 'index.html'), '<h1>docs</h1>');

describeFixtureCases('static-sites against real-shaped answers', [
  { name: 'list', argv: ['static-sites', 'list'], routes: { 'GET /api/v1/static-sites': 'static-sites/list' }, stdout: new RegExp(`${DOCS}\tdocs\tready\t`) },
  { name: 'get', argv: ['static-sites', 'get', DOCS], routes: { [SHOW]: 'static-sites/show' }, stdout: /Status:\s+ready[\s\S]*Plan:\s+starter[\s\S]*Storage:\s+46 MiB/ },
  {
    name: 'get by name',
    argv: ['static-sites', 'get', 'docs', '--json'],
    routes: { 'GET /api/v1/static-sites': 'static-sites/list', [SHOW]: 'static-sites/show' },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ id: DOCS, deploy_method: 'upload' }),
  },
  { name: 'create', argv: ['static-sites', 'create', '--name', 'status-page'], routes: { 'POST /api/v1/static-sites': 'static-sites/store' }, stdout: /^01K3D9M5P7R9T1V3X5Z7B9D1F3\n$/ },
  {
    name: 'create --wait (the answer is queued, the next read settled)',
    argv: ['static-sites', 'create', '--name', 'status-page', '--wait'],
    routes: { 'POST /api/v1/static-sites': 'static-sites/store', [SHOW]: 'static-sites/show' },
    stderr: /create of status-page finished: ready/,
  },
  {
    name: 'delete --yes',
    argv: ['static-sites', 'delete', DOCS, '--yes'],
    routes: { [SHOW]: 'static-sites/show', 'DELETE /api/v1/static-sites/:id': 'static-sites/destroy' },
    stderr: /deleting docs/,
  },
  {
    name: 'delete refused while building (422 {error, status})',
    argv: ['static-sites', 'delete', DOCS, '--yes'],
    routes: { [SHOW]: 'static-sites/show', 'DELETE /api/v1/static-sites/:id': 'static-sites/destroy.422' },
    exit: 1,
    stderr: /Site cannot be deleted in its current state/,
  },
  {
    name: 'deploy (202 without the site)',
    argv: ['static-sites', 'deploy', DOCS, SITE],
    routes: { 'POST /api/v1/static-sites/:id/deploy': 'static-sites/deploy' },
    stderr: /deployment of docs|accepted: building/,
  },
  {
    name: 'deploy --wait: building, then a fresh read that is live',
    argv: ['static-sites', 'deploy', DOCS, SITE, '--wait', '--json'],
    routes: { [SHOW]: ['static-sites/show', 'static-sites/show.building', 'static-sites/show.deployed'], 'POST /api/v1/static-sites/:id/deploy': 'static-sites/deploy' },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ outcome: 'ready', evidence: 'fresh_observation' }),
  },
  {
    name: 'deploy --wait: the build failed, the previous deployment serves (exit 3)',
    argv: ['static-sites', 'deploy', DOCS, SITE, '--wait'],
    routes: { [SHOW]: ['static-sites/show', 'static-sites/show.building', 'static-sites/show.build-failed'], 'POST /api/v1/static-sites/:id/deploy': 'static-sites/deploy' },
    exit: 3,
    stderr: /deploy of docs ended degraded[\s\S]*static_site\.build_failed/,
  },
  {
    name: 'deploy refused by the API (422 {message, errors.file}: exit 2)',
    argv: ['static-sites', 'deploy', DOCS, SITE],
    routes: { 'POST /api/v1/static-sites/:id/deploy': 'static-sites/deploy.422' },
    exit: 2,
    stderr: /file: The file field must be a file of type: zip/,
  },
  {
    name: 'deployments',
    argv: ['static-sites', 'deployments', DOCS],
    routes: { [DEPLOYMENTS]: 'static-sites/deployments' },
    stdout: /^\*\tr12\t01K3A9C3E5G7J9K1N3Q5S7V9W1\tactive\t412\t46 MiB\tupload\t/m,
  },
  {
    name: 'activate by revision',
    argv: ['static-sites', 'activate', DOCS, 'r11'],
    routes: { [DEPLOYMENTS]: 'static-sites/deployments', 'POST /api/v1/static-sites/:id/deployments/:dep/activate': 'static-sites/activate' },
    requests: [`GET /api/v1/static-sites/${DOCS}/deployments`, `POST /api/v1/static-sites/${DOCS}/deployments/01K2Y6B8D0F2H4K6M8P0R2T4V6/activate`],
    stderr: /Rollback to revision 11 initiated/,
  },
  {
    name: 'activate refused: no image',
    argv: ['static-sites', 'activate', DOCS, '01K2Y6B8D0F2H4K6M8P0R2T4V6'],
    routes: { 'POST /api/v1/static-sites/:id/deployments/:dep/activate': 'static-sites/activate.422' },
    exit: 1,
    stderr: /has no image/,
  },
  {
    name: 'activate refused: suspended',
    argv: ['static-sites', 'activate', DOCS, '01K2Y6B8D0F2H4K6M8P0R2T4V6'],
    routes: { 'POST /api/v1/static-sites/:id/deployments/:dep/activate': 'static-sites/activate.422-suspended' },
    exit: 1,
    stderr: /suspended/,
  },
  {
    name: 'domains list',
    argv: ['static-sites', 'domains', 'list', DOCS],
    routes: { [DOMAINS]: 'static-sites/domains-list' },
    stdout: /^help\.acme\.example\t\tpending\tpending\tpending\t01K3D5C7E9G1J3K5N7Q9S1V3W5$/m,
  },
  {
    name: 'domains add',
    argv: ['static-sites', 'domains', 'add', DOCS, 'help.acme.example'],
    routes: { 'POST /api/v1/static-sites/:id/domains': 'static-sites/domains-add' },
    stdout: /DNS:\s+Add a TXT record _infra-verify\.help\.acme\.example/,
  },
  {
    name: 'domains add taken (422)',
    argv: ['static-sites', 'domains', 'add', DOCS, 'help.acme.example'],
    routes: { 'POST /api/v1/static-sites/:id/domains': 'static-sites/domains-add.422' },
    exit: 2,
    stderr: /domain: The domain has already been taken/,
  },
  {
    name: 'domains verify (202)',
    argv: ['static-sites', 'domains', 'verify', DOCS, 'help.acme.example'],
    routes: { [DOMAINS]: 'static-sites/domains-list', 'POST /api/v1/static-sites/:id/domains/:domain/verify': 'static-sites/domains-verify' },
    requests: [`GET /api/v1/static-sites/${DOCS}/domains`, `POST /api/v1/static-sites/${DOCS}/domains/01K3D5C7E9G1J3K5N7Q9S1V3W5/verify`],
  },
  {
    name: 'domains remove --yes',
    argv: ['static-sites', 'domains', 'remove', DOCS, 'help.acme.example', '--yes'],
    routes: { [DOMAINS]: 'static-sites/domains-list', 'DELETE /api/v1/static-sites/:id/domains/:domain': 'static-sites/domains-remove' },
    stderr: /removed help\.acme\.example from/,
  },
  {
    name: 'diagnose',
    argv: ['static-sites', 'diagnose', DOCS, '--json'],
    routes: { 'GET /api/v1/static-sites/:id/diagnose': 'static-sites/diagnose' },
    stdout: (out) => expect(JSON.parse(out)).toMatchObject({ data: { verdict: 'action_required', findings: [{ code: 'static_site.domain_unverified' }] }, meta: { source: 'api' } }),
  },
  { name: 'wait on a settled site', argv: ['static-sites', 'wait', DOCS], routes: { [SHOW]: 'static-sites/show' }, stderr: /operation of docs finished: ready/ },
]);
