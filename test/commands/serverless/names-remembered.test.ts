// Names remembered between commands (src/cli/name-memory.ts, src/client/resolve.ts): a second
// command naming the same container reads it by the remembered id and checks its name; a
// rename, a delete or an expired entry go back to the walk of the list; a write never acts on
// a stale id; the file is private and holds no token. Against a fake API on loopback.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileNameMemory, NAME_TTL_MS, namesFile } from '../../../src/cli/name-memory.js';
import { runCli, spawnCli } from '../../helpers/cli.js';

const TOKEN = 'remembered-names-token-0123456789';
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const status = { summary: 'ready', health: 'healthy', observed_at: '2026-01-01T00:00:00.000Z', stale: false, operation: { state: 'succeeded', terminal: true }, error: null };

let containers: { id: string; name: string; slug: string }[] = [];
const requests: string[] = [];
let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(`${req.method} ${path}`);
    const send = (code: number, body: unknown) => res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const full = (c: (typeof containers)[number]) => ({ ...c, status: 'running', status_details: status, spec_generation: 1, observed_generation: 1 });
    if (path === '/api/v1/serverless') return send(200, { data: containers.map(full), pagination: { current_page: 1, last_page: 1, per_page: 200, total: containers.length } });
    const id = /^\/api\/v1\/serverless\/([^/]+)$/.exec(path)?.[1];
    const c = containers.find((x) => x.id === id);
    if (!c) return send(404, { message: 'No query results for model.' });
    if (req.method === 'DELETE') {
      containers = containers.filter((x) => x !== c);
      return send(200, { message: 'deleted' });
    }
    return send(200, { container: full(c), metrics: [], url: 'https://x.example', monthly_cost: '0' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address();
  url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

let cacheDir: string;
beforeEach(() => {
  containers = [1, 2, 3].map((i) => ({ id: uuid(i), name: ['web', 'api', 'edge'][i - 1]!, slug: ['web-app', 'api-app', 'edge-app'][i - 1]! }));
  requests.length = 0;
  cacheDir = mkdtempSync(join(tmpdir(), 'infra-names-'));
});

const env = () => ({ INFRA_API_URL: url, INFRA_TOKEN: TOKEN });
const cli = (argv: string[]) => runCli(argv, { env: env(), cacheDir });
const sent = () => requests.splice(0);

describe('names remembered', () => {
  it('a second command naming the same container: one read by the remembered id, no walk', async () => {
    expect((await cli(['serverless', 'get', 'api', '--json'])).code).toBe(0);
    expect(sent()).toEqual(['GET /api/v1/serverless', `GET /api/v1/serverless/${uuid(2)}`]);
    const r = await cli(['serverless', 'get', 'api', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: uuid(2), name: 'api' });
    // The check read, then the command's own read: at most two requests, never the list.
    expect(sent()).toEqual([`GET /api/v1/serverless/${uuid(2)}`, `GET /api/v1/serverless/${uuid(2)}`]);
  });

  it('a slug is remembered as well; an id is never looked up nor stored', async () => {
    await cli(['serverless', 'get', 'edge-app', '--json']);
    await cli(['serverless', 'get', uuid(1), '--json']);
    sent();
    await cli(['serverless', 'get', 'edge-app', '--json']);
    expect(sent()).not.toContain('GET /api/v1/serverless');
    const file = readdirSync(join(cacheDir, 'names'));
    expect(file).toHaveLength(1);
    expect(Object.keys(JSON.parse(readFileSync(join(cacheDir, 'names', file[0]!), 'utf8')).names)).toEqual(['edge-app']);
  });

  it('renamed since: the remembered id no longer carries the name, so the list decides (and is remembered)', async () => {
    await cli(['serverless', 'get', 'api', '--json']);
    containers[1]!.name = 'api-old';
    containers.push({ id: uuid(9), name: 'api', slug: 'api-new' });
    sent();
    const r = await cli(['serverless', 'get', 'api', '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: uuid(9) });
    expect(sent()).toEqual([`GET /api/v1/serverless/${uuid(2)}`, 'GET /api/v1/serverless', `GET /api/v1/serverless/${uuid(9)}`]);
    await cli(['serverless', 'get', 'api', '--json']);
    expect(sent()).toEqual([`GET /api/v1/serverless/${uuid(9)}`, `GET /api/v1/serverless/${uuid(9)}`]);
  });

  it('a write after a rename acts on the container that now has the name, never the remembered id', async () => {
    await cli(['serverless', 'get', 'web', '--json']);
    containers[0]!.name = 'web-old';
    containers.push({ id: uuid(7), name: 'web', slug: 'web-new' });
    sent();
    const r = await cli(['serverless', 'delete', 'web', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    const got = sent();
    expect(got).toContain(`DELETE /api/v1/serverless/${uuid(7)}`);
    expect(got).not.toContain(`DELETE /api/v1/serverless/${uuid(1)}`);
    // The check read came before the write.
    expect(got.indexOf(`GET /api/v1/serverless/${uuid(1)}`)).toBeLessThan(got.indexOf(`DELETE /api/v1/serverless/${uuid(7)}`));
  });

  it('deleted since: the 404 of the check read falls back to the walk, whose not-found error is the usual one', async () => {
    await cli(['serverless', 'get', 'edge', '--json']);
    containers = containers.filter((c) => c.name !== 'edge');
    sent();
    const r = await cli(['serverless', 'get', 'edge']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^error: no container with the id, name or slug "edge" in this project/m);
    expect(sent()).toEqual([`GET /api/v1/serverless/${uuid(3)}`, 'GET /api/v1/serverless', 'GET /api/v1/resources/search']);
  });

  it('per project: another project walks its own list', async () => {
    await cli(['serverless', 'get', 'api', '--json']);
    sent();
    await runCli(['serverless', 'get', 'api', '--json', '--project', '42'], { env: env(), cacheDir });
    expect(sent()).toContain('GET /api/v1/serverless');
  });

  it('the real process: the file is 0600 in a 0700 directory and holds no token', async () => {
    const e = { ...env(), INFRA_CACHE_DIR: cacheDir, INFRA_REMEMBER_NAMES: undefined };
    expect((await spawnCli(['serverless', 'get', 'web', '--json'], { env: e })).code).toBe(0);
    sent();
    const r = await spawnCli(['serverless', 'get', 'web', '--json'], { env: e });
    expect(r.code, r.stderr).toBe(0);
    expect(sent()).toEqual([`GET /api/v1/serverless/${uuid(1)}`, `GET /api/v1/serverless/${uuid(1)}`]);
    const dir = join(cacheDir, 'names');
    const [file] = readdirSync(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, file!)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, file!), 'utf8')).not.toContain(TOKEN);
  });
});

describe('the name file', () => {
  it('forgets a name after ten minutes; a corrupt file or an unwritable directory is "nothing remembered"', () => {
    let now = 1_700_000_000_000;
    const clock = { now: () => now, advance: (ms: number) => (now += ms) };
    const root = mkdtempSync(join(tmpdir(), 'infra-names-'));
    const m = fileNameMemory(root, 'https://api.example', undefined, () => clock.now());
    m.remember('/serverless', 'web', uuid(1));
    expect(m.recall('/serverless', 'web')).toBe(uuid(1));
    expect(m.recall('/vps', 'web')).toBeUndefined();
    clock.advance(NAME_TTL_MS - 1);
    expect(m.recall('/serverless', 'web')).toBe(uuid(1));
    clock.advance(1);
    expect(m.recall('/serverless', 'web')).toBeUndefined();
    const file = namesFile(root, { apiUrl: 'https://api.example', family: '/serverless' });
    writeFileSync(file, '{"v":1,"names":{"web":{"id":7,"at":"x"}}');
    expect(m.recall('/serverless', 'web')).toBeUndefined();
    // A cache root that is a file: nothing can be written below it.
    const blocked = join(root, 'a-file');
    writeFileSync(blocked, '');
    const nowhere = fileNameMemory(blocked, 'https://api.example', undefined, () => clock.now());
    nowhere.remember('/serverless', 'web', uuid(1));
    expect(nowhere.recall('/serverless', 'web')).toBeUndefined();
  });
});
