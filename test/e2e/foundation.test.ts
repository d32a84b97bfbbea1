// The foundation end to end: the real client over loopback HTTP against the simulator.
import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { instantClock, type FakeClock } from '../helpers/clock.js';
import { SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));
// Backoff waits are recorded, not slept: retry tests run in milliseconds.
let clock: FakeClock;
beforeEach(() => {
  clock = instantClock({ sim, frozen: true });
});

const env = (extra: Record<string, string> = {}) => ({ ...simEnv(sim), ...extra });
const cli = (argv: string[], extra: Record<string, string> = {}, stdin?: string) => runCli(argv, { env: env(extra), clock, stdin });

describe('requests', () => {
  it('sends bearer token, accept, user agent, and X-Team-Id only when a project is chosen', async () => {
    await cli(['vps', 'list']);
    await cli(['vps', 'list', '--project', '2']);
    const [plain, withProject] = sim.requests;
    expect(sim.requests).toHaveLength(2); // an integer team id is sent as it is: no lookup
    expect(plain!.headers.authorization).toBe(`Bearer ${sim.tokens.admin}`);
    expect(plain!.headers.accept).toBe('application/json');
    expect(plain!.headers['user-agent']).toMatch(/^infra-cli\/1\.3\.0 node\/\d+/);
    expect(plain!.headers['x-team-id']).toBeUndefined();
    expect(withProject!.headers['x-team-id']).toBe('2');
  });

  it('--project staging is looked up by name once (GET /user/teams), then sent as X-Team-Id: 2', async () => {
    const r = await cli(['vps', 'list', '--project', 'staging', '--json']);
    expect(r.code).toBe(0);
    expect(sim.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /api/v1/user/teams', 'GET /api/v1/vps']);
    expect(sim.requests[0]!.headers['x-team-id']).toBeUndefined();
    expect(sim.requests[1]!.headers['x-team-id']).toBe('2');
    expect(JSON.parse(r.stdout).map((v: { id: string }) => v.id)).toEqual([SEED_IDS.stagingVps]);
  });

  it('a project name the token does not see: exit 5 naming the projects it does see, nothing else sent', async () => {
    const r = await cli(['vps', 'list', '--project', 'prod']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^error: no project named "prod"; this token sees: main \(1\), staging \(2\)/m);
    expect(sim.requests.map((q) => q.path)).toEqual(['/api/v1/user/teams']);
  });

  it('INFRA_TEAM selects the project; a trailing /api/v1 in the URL is tolerated', async () => {
    const r = await runCli(['vps', 'list', '--json'], { env: { INFRA_API_URL: `${sim.url}/api/v1/`, INFRA_TOKEN: sim.tokens.admin, INFRA_TEAM: String(SEED_IDS.teams.staging) }, clock });
    expect(r.code).toBe(0);
    expect(sim.requests).toHaveLength(1);
    expect(sim.requests[0]!.path).toBe('/api/v1/vps');
    expect(sim.requests[0]!.headers['x-team-id']).toBe('2');
    expect(JSON.parse(r.stdout).map((v: { id: string }) => v.id)).toEqual([SEED_IDS.stagingVps]);
  });

  it('--project and --team with different values: exit 2 before any request', async () => {
    const r = await cli(['vps', 'list', '--project', 'main', '--team', 'staging']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --project "main" and --team "staging" name different projects/m);
    // Decided on the values as given: not even the team lookup a name would cost.
    const ids = await cli(['vps', 'list', '--project', '1', '--team', '2']);
    expect(ids.code).toBe(2);
    expect(sim.requests).toHaveLength(0);
    // The same value twice is fine.
    expect((await cli(['vps', 'list', '--project', '2', '--team', '2'])).code).toBe(0);
    expect(sim.requests.map((q) => q.headers['x-team-id'])).toEqual(['2']);
  });

  it('INFRA_PROJECT and INFRA_TEAM disagreeing: exit 2, no request', async () => {
    const r = await cli(['vps', 'list'], { INFRA_PROJECT: 'main', INFRA_TEAM: 'staging' });
    expect(r.code).toBe(2);
    expect(sim.requests).toHaveLength(0);
  });
});

describe('errors to exit codes', () => {
  const fault = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    sim.use(http.get('*/api/v1/vps', () => HttpResponse.json(body as Record<string, unknown>, { status, headers })));

  it('no token: exit 4 with the login hint, nothing sent', async () => {
    const r = await runCli(['vps', 'list'], { env: { INFRA_API_URL: sim.url }, clock });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`error: no API token for ${sim.url}\n`);
    expect(r.stderr).toContain(`hint: run 'infra auth login --api-url ${sim.url}', or set INFRA_TOKEN`);
    expect(sim.requests).toHaveLength(0);
  });

  it('401: exit 4', async () => {
    const r = await cli(['vps', 'list'], { INFRA_TOKEN: 'wrong' });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^error: .*401/m);
  });

  it('403 names the missing permission', async () => {
    const r = await cli(['serverless', 'logs', SEED_IDS.web], { INFRA_TOKEN: sim.tokens.no_diagnostics });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('hint: the token lacks the serverless:diagnostics permission');
  });

  it('403 with the real body (no permission in it): the client names the permission the request needed', async () => {
    sim.use(http.get('*/api/v1/serverless/:id/logs', () => HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 })));
    const r = await cli(['serverless', 'logs', SEED_IDS.web]);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^error: This action is unauthorized\. \(403 on GET \/api\/v1\/serverless\/[0-9a-f-]{36}\/logs\)$/m);
    expect(r.stderr).toContain('hint: the token lacks the serverless:diagnostics permission');
  });

  it('404: exit 5', async () => {
    fault(404, { message: 'No such thing.' });
    const r = await cli(['vps', 'list']);
    expect(r.code).toBe(5);
  });

  it('422: exit 2 with the field errors printed one by one', async () => {
    // The simulator validates like the real service: {message, errors: {field: [...]}}.
    const r = await cli(['api', '-X', 'PUT', `/serverless/${SEED_IDS.web}`, '-f', 'port=0', '-f', 'min_scale=200']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: The port field must be between 1 and 65535\. \(and 1 more error\) \(422 on PUT /m);
    expect(r.stderr).toMatch(/^ {2}port: The port field must be between 1 and 65535\.$/m);
    expect(r.stderr).toMatch(/^ {2}min_scale: The min scale field must be between 0 and 100\.$/m);
  });

  it('a 422 without field errors ({error}) refuses the state, not the input: exit 1', async () => {
    fault(422, { error: 'Instance cannot be listed in its current state', status: 'provisioning' });
    const r = await cli(['vps', 'list']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: refused by the API: Instance cannot be listed in its current state$/m);
  });

  it('409: exit 1 with the API message', async () => {
    fault(409, { error: 'Another operation is running.' });
    const r = await cli(['vps', 'list']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: refused by the API: Another operation is running\.$/m);
  });

  it('500 on every attempt: exit 7 after retries with backoff', async () => {
    fault(500, { message: 'boom' });
    const r = await cli(['vps', 'list']);
    expect(r.code).toBe(7);
    expect(sim.requests).toHaveLength(1); // 500 is not in the retried set (502/503/504)
  });

  it('503 then success: retried, exit 0', async () => {
    sim.use(http.get('*/api/v1/vps', () => HttpResponse.json({ message: 'busy' }, { status: 503 }), { once: true }));
    const r = await cli(['vps', 'list', '--json']);
    expect(r.code).toBe(0);
    expect(sim.requests).toHaveLength(2);
    expect(clock.sleeps).toHaveLength(1);
    expect(JSON.parse(r.stdout)).toHaveLength(45);
  });

  it('503 forever: gives up after 4 attempts (INFRA_MAX_RETRIES bounds it), exit 7', async () => {
    fault(503, { message: 'busy' });
    expect((await cli(['vps', 'list'])).code).toBe(7);
    expect(sim.requests).toHaveLength(4);
    sim.requests.length = 0;
    expect((await cli(['vps', 'list'], { INFRA_MAX_RETRIES: '1' })).code).toBe(7);
    expect(sim.requests).toHaveLength(2);
  });

  it('429 with Retry-After then success: waits what the server asked', async () => {
    sim.use(http.get('*/api/v1/vps', () => HttpResponse.json({ message: 'slow down' }, { status: 429, headers: { 'retry-after': '2' } }), { once: true }));
    const r = await cli(['vps', 'list']);
    expect(r.code).toBe(0);
    expect(clock.sleeps).toEqual([2000]);
  });

  it('malformed JSON: exit 1 naming the endpoint, no stack trace', async () => {
    sim.use(http.get('*/api/v1/vps', () => new HttpResponse('{"data": [', { status: 200, headers: { 'content-type': 'application/json' } })));
    const r = await cli(['vps', 'list']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: the response of GET \/api\/v1\/vps is not JSON/m);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a required field missing: exit 1 naming the field', async () => {
    // Only the id is required of a list item; everything else is read leniently.
    fault(200, { data: [{ name: 'vps-01', status: 'running' }], pagination: { current_page: 1, last_page: 1, per_page: 20, total: 1 } });
    const r = await cli(['vps', 'list']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: the response of GET \/api\/v1\/vps lacks the required field "data\[0\]\.id"$/m);
  });

  it('connection refused: exit 7', async () => {
    const r = await runCli(['vps', 'list'], { env: { INFRA_API_URL: 'http://127.0.0.1:1', INFRA_TOKEN: 't' }, clock });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/connection refused/);
  });

  it('unknown command: exit 2 with a suggestion', async () => {
    const r = await cli(['vps', 'lst']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("error: unknown command 'lst'");
    expect(r.stderr).toContain('hint: did you mean list?');
  });

  it('bad flag value: exit 2 naming the flag, nothing sent', async () => {
    const r = await cli(['vps', 'list', '--page', 'two']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--page');
    expect(sim.requests).toHaveLength(0);
  });
});

describe('output', () => {
  it('--json keeps fields the client does not know (additive API growth)', async () => {
    const item = { id: SEED_IDS.vps[0], name: 'a', status: 'running', cpu_cores: '2', brand_new: { x: 1 } };
    sim.use(http.get('*/api/v1/vps', () => HttpResponse.json({ data: [item], pagination: { current_page: 1, last_page: 1, per_page: 20, total: 1 } })));
    const r = await cli(['vps', 'list', '--json']);
    // As sent: unknown fields kept, a number sent as a string left a string.
    expect(JSON.parse(r.stdout)).toEqual([item]);
  });

  it('--all asks for large pages (per_page=200): 45 VPS in one request', async () => {
    const r = await cli(['vps', 'list', '--all']);
    expect(r.code).toBe(0);
    expect(sim.requests.map((q) => q.query)).toEqual([{ page: '1', per_page: '200' }]);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(46);
  });

  it('--all follows pagination.last_page; piped output is TSV with one header', async () => {
    const r = await cli(['vps', 'list', '--all', '--per-page', '20']);
    expect(r.code).toBe(0);
    expect(sim.requests.map((q) => q.query)).toEqual([1, 2, 3].map((p) => ({ page: String(p), per_page: '20' })));
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('ID\tNAME\tSTATUS\tDATACENTER\tPROFILE\tPUBLIC IP');
    expect(lines).toHaveLength(46);
    expect(lines.filter((l) => l.startsWith('ID\t'))).toHaveLength(1);
    expect(lines.slice(1).map((l) => l.split('\t')[0])).toEqual([...SEED_IDS.vps]);
    expect(r.stderr).not.toContain('page 1 of');
  });

  it('without paging flags, every page in large pages (per_page is always sent: the server default is 15)', async () => {
    const r = await cli(['vps', 'list']);
    expect(sim.requests.map((q) => q.query)).toEqual([{ page: '1', per_page: '200' }]);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(46);
    expect(r.stderr).not.toContain('page 1 of');
  });

  it('--per-page picks one page and says so on stderr', async () => {
    const r = await cli(['vps', 'list', '--per-page', '20']);
    expect(sim.requests.map((q) => q.query)).toEqual([{ page: '1', per_page: '20' }]);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(21);
    expect(r.stderr).toContain('page 1 of 3');
  });

  it('--debug traces requests on stderr and never prints the token', async () => {
    const r = await cli(['vps', 'list', '--debug']);
    expect(r.stderr).toContain('Bearer ***');
    expect(r.stderr).toMatch(/→ GET .*\/api\/v1\/vps/);
    expect(r.stderr).toMatch(/← 200 GET \/api\/v1\/vps \d+ms/);
    expect(r.stderr + r.stdout).not.toContain(sim.tokens.admin);
  });
});

describe('auth and config', () => {
  it('auth login --with-token verifies, stores the token 0600, and auth status reads it', async () => {
    const dir = tempConfigDir();
    const login = await runCli(['auth', 'login', '--with-token'], { env: { INFRA_API_URL: sim.url, INFRA_CONFIG_DIR: dir }, stdin: `${sim.tokens.admin}\n`, clock });
    expect(login.code).toBe(0);
    const file = join(dir, 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).contexts.default.hosts[sim.url].token).toBe(sim.tokens.admin);
    const status = await runCli(['auth', 'status'], { env: { INFRA_API_URL: sim.url, INFRA_CONFIG_DIR: dir }, clock });
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('token accepted');
    expect(status.stdout).toContain(file);
    expect(status.stdout).not.toContain(sim.tokens.admin);
    const logout = await runCli(['auth', 'logout'], { env: { INFRA_API_URL: sim.url, INFRA_CONFIG_DIR: dir }, clock });
    expect(logout.code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).contexts.default.hosts[sim.url]).toBeUndefined();
  });

  it('auth login rejects a bad token (exit 4) and stores nothing', async () => {
    const dir = tempConfigDir();
    const r = await runCli(['auth', 'login', '--with-token'], { env: { INFRA_API_URL: sim.url, INFRA_CONFIG_DIR: dir }, stdin: 'nope', clock });
    expect(r.code).toBe(4);
    expect(() => statSync(join(dir, 'config.json'))).toThrow();
  });

  it('auth login accepts a valid token without vps:read and says so', async () => {
    sim.use(http.get('*/api/v1/vps', () => HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 })));
    const r = await runCli(['auth', 'login', '--with-token'], { env: { INFRA_API_URL: sim.url }, stdin: sim.tokens.admin, clock });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('lacks vps:read');
  });

  it('auth login without a token on a pipe: exit 2', async () => {
    const r = await runCli(['auth', 'login'], { env: { INFRA_API_URL: sim.url }, clock });
    expect(r.code).toBe(2);
    expect(sim.requests).toHaveLength(0);
  });

  it('config set/get/list/unset/path round-trip, validated', async () => {
    const dir = tempConfigDir();
    const c = (...argv: string[]) => runCli(['config', ...argv], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: undefined } });
    expect((await c('set', 'project', 'staging')).code).toBe(0);
    expect((await c('set', 'api-url', sim.url)).code).toBe(0);
    expect((await c('get', 'project')).stdout).toBe('staging\n');
    const file = join(dir, 'config.json');
    expect((await c('list')).stdout).toContain(`api-url\t${sim.url}\tconfig (${file})\nproject\tstaging\tconfig (${file})\n`);
    expect((await c('path')).stdout).toBe(join(dir, 'config.json') + '\n');
    expect((await c('set', 'output', 'yaml')).code).toBe(2);
    expect((await c('set', 'colour', 'x')).code).toBe(2);
    expect((await c('set', 'api-url', 'nope')).code).toBe(2);
    expect((await c('unset', 'project')).code).toBe(0);
    expect((await c('get', 'project')).stdout).toBe('');
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('the config file supplies api-url and project (flag > env > config)', async () => {
    const dir = tempConfigDir();
    await runCli(['config', 'set', 'api-url', sim.url], { env: { INFRA_CONFIG_DIR: dir } });
    await runCli(['config', 'set', 'project', 'staging'], { env: { INFRA_CONFIG_DIR: dir } });
    await runCli(['vps', 'list'], { env: { INFRA_CONFIG_DIR: dir, INFRA_TOKEN: sim.tokens.admin, INFRA_API_URL: undefined }, clock });
    await runCli(['vps', 'list'], { env: { INFRA_CONFIG_DIR: dir, INFRA_TOKEN: sim.tokens.admin, INFRA_PROJECT: '1', INFRA_API_URL: undefined }, clock });
    await runCli(['vps', 'list', '--team', 'staging'], { env: { INFRA_CONFIG_DIR: dir, INFRA_TOKEN: sim.tokens.admin, INFRA_PROJECT: '1', INFRA_API_URL: undefined }, clock });
    // A name costs one team lookup per run; an id none.
    expect(sim.requests.map((r) => `${r.path} ${r.headers['x-team-id'] ?? '-'}`)).toEqual(['/api/v1/user/teams -', '/api/v1/vps 2', '/api/v1/vps 1', '/api/v1/user/teams -', '/api/v1/vps 2']);
  });
});

describe('infra api', () => {
  it('GET with -f fields as query parameters', async () => {
    const r = await cli(['api', '/vps', '-f', 'per_page=2']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data).toHaveLength(2);
    expect(sim.requests[0]!.query.per_page).toBe('2');
  });

  it('POST with -f fields as a typed JSON body', async () => {
    const r = await cli(['api', '-X', 'POST', `/database/${SEED_IDS.mysql}/dns`, '-f', 'note=x', '-f', 'n=3', '-f', 'on=true']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).dns_port).toBeGreaterThan(0);
    expect(sim.requests[0]!.method).toBe('POST');
    expect(sim.requests[0]!.body).toEqual({ note: 'x', n: 3, on: true });
  });

  it('--input - reads the JSON body from stdin', async () => {
    const r = await cli(['api', '-X', 'PUT', `/serverless/${SEED_IDS.web}`, '--input', '-'], {}, '{"min_scale": 2}');
    expect(r.code).toBe(0);
    expect(sim.requests[0]!.body).toEqual({ min_scale: 2 });
    expect(JSON.parse(r.stdout).container.min_scale).toBe(2);
  });

  it('--paginate prints one array of every item: large pages by default, -f per_page as given', async () => {
    const r = await cli(['api', '/vps', '--paginate']);
    expect(JSON.parse(r.stdout)).toHaveLength(45);
    expect(sim.requests.map((q) => q.query)).toEqual([{ page: '1', per_page: '200' }]);
    sim.requests.length = 0;
    const small = await cli(['api', '/vps', '--paginate', '-f', 'per_page=20']);
    expect(JSON.parse(small.stdout)).toHaveLength(45);
    expect(sim.requests.map((q) => q.query)).toEqual(['1', '2', '3'].map((page) => ({ page, per_page: '20' })));
  });

  it('bad input: -f without =, invalid --input JSON, unknown method: exit 2, nothing sent', async () => {
    expect((await cli(['api', '/vps', '-f', 'oops'])).code).toBe(2);
    expect((await cli(['api', '-X', 'POST', '/vps', '--input', '-'], {}, '{nope')).code).toBe(2);
    expect((await cli(['api', '-X', 'BREW', '/vps'])).code).toBe(2);
    expect(sim.requests).toHaveLength(0);
  });
});
