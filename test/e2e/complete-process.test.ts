// `infra __complete` through the real bin/infra against the simulator (issue 22, item 7): the
// names a Tab offers, what it costs the API (one request on a miss, none on a hit, none without
// a token), and a cache that can only save requests, never break a Tab: expired by its mtime
// (no sleeping), unwritable, corrupt.
import { mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { spawnCli, type CliResult } from '../helpers/cli.js';
import { SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

let cacheDir: string;
beforeEach(() => {
  cacheDir = mkdtempSync(join(tmpdir(), 'infra-complete-'));
});

const CONTAINERS = ['web', 'api', 'worker', 'edge', 'batch', 'cron'];

/** `infra __complete <words...>` (the last word is the one being typed); exit 0 and a quiet stderr always. */
async function complete(words: string[], env: Record<string, string | undefined> = {}): Promise<string[]> {
  const r: CliResult = await spawnCli(['__complete', ...words], { env: { ...simEnv(sim), INFRA_CACHE_DIR: cacheDir, ...env } });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout.split('\n').filter(Boolean);
}

const requests = () => sim.requests.map((q) => `${q.method} ${q.path}`);
const cacheFiles = () => readdirSync(join(cacheDir, 'complete')).map((f) => join(cacheDir, 'complete', f));
/** Makes every cache file as old as `seconds`. */
const age = (seconds: number) => {
  const then = new Date(Date.now() - seconds * 1000);
  for (const f of cacheFiles()) utimesSync(f, then, then);
};

describe('names for <id> arguments', () => {
  it('a miss costs one request (the first page, 200 per page); a hit within the minute costs none', async () => {
    expect(await complete(['serverless', 'get', ''])).toEqual(CONTAINERS);
    expect(sim.requests).toHaveLength(1);
    expect(sim.requests[0]!.path).toBe('/api/v1/serverless');
    expect(sim.requests[0]!.query).toEqual({ page: '1', per_page: '200' });
    expect(sim.requests[0]!.headers['x-team-id']).toBeUndefined();

    expect(await complete(['serverless', 'logs', 'w'])).toEqual(['web', 'worker']);
    expect(await complete(['--json', 'serverless', 'diagnose', 'b'])).toEqual(['batch']);
    expect(sim.requests).toHaveLength(1);
  });

  it('after the minute the list is asked for again (the cache file aged by its mtime)', async () => {
    await complete(['serverless', 'get', '']);
    age(59);
    await complete(['serverless', 'get', '']);
    expect(sim.requests).toHaveLength(1);
    age(61);
    expect(await complete(['serverless', 'get', ''])).toEqual(CONTAINERS);
    expect(sim.requests).toHaveLength(2);
  });

  it('ids once their first characters are typed; names first otherwise', async () => {
    const vps01 = SEED_IDS.vps[0]!;
    expect(await complete(['vps', 'get', vps01.slice(0, 8)])).toEqual([vps01]);
    expect(await complete(['vps', 'get', 'vps-0'])).toEqual(['vps-01', 'vps-02', 'vps-03', 'vps-04', 'vps-05', 'vps-06', 'vps-07', 'vps-08', 'vps-09']);
    expect(await complete(['vps', 'get', 'nothing-like-it'])).toEqual([]);
  });

  it('every family declares its list: the generic engine, the datastores, nested lists, options', async () => {
    expect(await complete(['database', 'credentials', ''])).toEqual(['orders-pg', 'shop-mysql', 'wiki-maria']);
    expect(await complete(['db', 'show', 'o'])).toEqual(['orders-pg']); // shorthands route as in a run
    expect(await complete(['cache', 'get', 's'])).toEqual(['sessions-redis']);
    expect(await complete(['ssh-keys', 'delete', ''])).toEqual(['laptop', 'ci-runner']);
    expect(await complete(['snapshots', 'restore', 'vps', 'vps-01'])).toEqual(['vps-01-daily-11', 'vps-01-manual-12']);
    expect(await complete(['snapshots', 'create', 'cache', ''])).toEqual(['sessions-redis', 'queue-valkey', 'feed-dragonfly']);
    expect(await complete(['vps', 'create', '--name', 'x', '--ssh-key', ''])).toEqual(['laptop', 'ci-runner']);
    expect(await complete(['vps', 'create', '--image', ''])).toEqual(['debian-12', 'ubuntu-24.04', 'rocky-9']);
    expect(await complete(['database', 'create', '--plan', ''])).toEqual(['small', 'medium', 'large']);
    // One list serves every place that names it (the caches of `cache get` and `snapshots
    // create cache`, the SSH keys of `ssh-keys delete` and `vps create --ssh-key`).
    expect(requests()).toEqual(['GET /api/v1/database', 'GET /api/v1/cache', 'GET /api/v1/ssh-keys', 'GET /api/v1/snapshots/vps', 'GET /api/v1/vps/images', 'GET /api/v1/database/plans']);
  });

  it("a nested list names its parent by id: the parent's name from the cache, or its list fetched for the next Tab", async () => {
    expect(await complete(['vps', 'volumes', 'get', 'vps-01', ''])).toEqual([]);
    expect(requests()).toEqual(['GET /api/v1/vps']);
    expect(await complete(['vps', 'volumes', 'get', 'vps-01', ''])).toEqual(['data-1']);
    expect(requests()).toEqual(['GET /api/v1/vps', `GET /api/v1/vps/${SEED_IDS.vps[0]}/volumes`]);
  });
});

describe('projects', () => {
  it('--project completes the projects the token sees (GET /user/teams, without X-Team-Id)', async () => {
    expect(await complete(['--project', ''])).toEqual(['main', 'staging']);
    expect(await complete(['vps', 'list', '--team', 's'])).toEqual(['staging']);
    expect(requests()).toEqual(['GET /api/v1/user/teams']);
    expect(sim.requests[0]!.headers['x-team-id']).toBeUndefined();
  });

  it("a project's names are its own, cached apart; a project given by name spends one Tab on the lookup", async () => {
    expect(await complete(['--project', '2', 'serverless', 'get', ''])).toEqual(['web', 'api']);
    expect(sim.requests.map((q) => q.headers['x-team-id'])).toEqual(['2']);
    sim.requests.length = 0;
    // By name: the first Tab learns the project's id (its one request), the next lists.
    expect(await complete(['serverless', 'get', ''], { INFRA_PROJECT: 'staging' })).toEqual([]);
    expect(requests()).toEqual(['GET /api/v1/user/teams']);
    expect(await complete(['serverless', 'get', ''], { INFRA_PROJECT: 'staging' })).toEqual(['web', 'api']);
    expect(requests()).toEqual(['GET /api/v1/user/teams', 'GET /api/v1/serverless']);
    expect(sim.requests[1]!.headers['x-team-id']).toBe('2');
    expect(await complete(['serverless', 'get', ''], { INFRA_PROJECT: 'staging' })).toEqual(['web', 'api']);
    expect(sim.requests).toHaveLength(2);
    // The default project has a list of its own.
    expect(await complete(['serverless', 'get', ''])).toEqual(CONTAINERS);
    expect(sim.requests).toHaveLength(3);
  });
});

describe('never in the way', () => {
  it('no token: nothing offered and nothing sent', async () => {
    expect(await complete(['serverless', 'get', ''], { INFRA_TOKEN: undefined })).toEqual([]);
    expect(await complete(['--project', ''], { INFRA_TOKEN: undefined })).toEqual([]);
    expect(sim.requests).toHaveLength(0);
  });

  it('the token from the config file is used as a command would', async () => {
    const config = mkdtempSync(join(tmpdir(), 'infra-complete-config-'));
    writeFileSync(join(config, 'config.json'), JSON.stringify({ 'api-url': sim.url, token: sim.tokens.admin }), { mode: 0o600 });
    expect(await complete(['serverless', 'get', 'e'], { INFRA_API_URL: undefined, INFRA_TOKEN: undefined, INFRA_CONFIG_DIR: config })).toEqual(['edge']);
    // A broken config file: nothing, and no error in the middle of the command line.
    writeFileSync(join(config, 'config.json'), '{ not json');
    expect(await complete(['serverless', 'get', 'e'], { INFRA_API_URL: undefined, INFRA_TOKEN: undefined, INFRA_CONFIG_DIR: config })).toEqual([]);
  });

  it('an API error offers nothing, and is remembered for 10 s so a broken API does not cost every Tab', async () => {
    sim.use(http.get('*/api/v1/serverless', () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })));
    expect(await complete(['serverless', 'get', ''])).toEqual([]);
    expect(sim.requests).toHaveLength(1); // not retried
    expect(await complete(['serverless', 'get', ''])).toEqual([]);
    expect(sim.requests).toHaveLength(1);
    sim.resetHandlers();
    age(11);
    expect(await complete(['serverless', 'get', ''])).toEqual(CONTAINERS);
    expect(sim.requests).toHaveLength(2);
  });

  it('a project lookup that failed is not asked again at every Tab either', async () => {
    sim.use(http.get('*/api/v1/user/teams', () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })));
    const staging = { INFRA_PROJECT: 'staging' };
    expect(await complete(['serverless', 'get', ''], staging)).toEqual([]);
    expect(await complete(['serverless', 'get', ''], staging)).toEqual([]);
    expect(requests()).toEqual(['GET /api/v1/user/teams']);
  });

  it('an API that does not answer: given up after 1.5 s, nothing offered', async () => {
    sim.use(
      http.get('*/api/v1/serverless', async () => {
        await delay(10_000);
        return HttpResponse.json({ data: [{ id: 'x', name: 'late' }] });
      }),
    );
    const started = Date.now();
    // Had it waited for the answer, `late` would be offered.
    expect(await complete(['serverless', 'get', ''])).toEqual([]);
    // 1.5 s of waiting plus a process start, which a busy machine can make seconds long.
    expect(Date.now() - started).toBeLessThan(7_000);
  });

  it('an unwritable cache directory: names all the same, one request each time', async () => {
    const env = { INFRA_CACHE_DIR: '/dev/null/infra' };
    expect(await complete(['serverless', 'get', 'a'], env)).toEqual(['api']);
    expect(await complete(['serverless', 'get', 'a'], env)).toEqual(['api']);
    expect(sim.requests).toHaveLength(2);
  });

  it('a corrupt cache file is no cache: asked again and written anew', async () => {
    await complete(['serverless', 'get', '']);
    const [file] = cacheFiles();
    writeFileSync(file!, '{"v":1,"items":[{"id":"x","names":["$(rm -rf ~)"]}]}');
    expect(await complete(['serverless', 'get', ''])).toEqual(CONTAINERS);
    expect(sim.requests).toHaveLength(2);
    writeFileSync(file!, '\u0000garbage');
    expect(await complete(['serverless', 'get', ''])).toEqual(CONTAINERS);
    expect(sim.requests).toHaveLength(3);
    expect(await complete(['serverless', 'get', ''])).toEqual(CONTAINERS);
    expect(sim.requests).toHaveLength(3);
  });

  it('the cache holds ids and names only, private to the user; never the token', async () => {
    await complete(['serverless', 'get', '']);
    await complete(['ssh-keys', 'get', '']);
    expect(statSync(join(cacheDir, 'complete')).mode & 0o777).toBe(0o700);
    for (const f of cacheFiles()) {
      expect(statSync(f).mode & 0o777).toBe(0o600);
      const text = readFileSync(f, 'utf8');
      expect(text).not.toContain(sim.tokens.admin);
      expect(text).not.toContain('public_key');
      expect(text).not.toContain('ssh-ed25519');
      const stored = JSON.parse(text) as { v: number; items: { id: string; names: string[] }[] };
      expect(Object.keys(stored)).toEqual(['v', 'items']);
      for (const item of stored.items) expect(Object.keys(item)).toEqual(['id', 'names']);
    }
    expect(cacheFiles().map((f) => f.split('/').at(-1))).not.toContain(expect.stringContaining(sim.tokens.admin));
  });
});

describe('what a Tab compiles', () => {
  it('its own chunks, never the pack of the command tree (the code cache it leaves names no pack entry)', async () => {
    await complete(['serverless', 'get', '']);
    const codeCaches = readdirSync(cacheDir).filter((d) => d.startsWith('v8-'));
    expect(codeCaches).toHaveLength(1);
    const entries = readdirSync(join(cacheDir, codeCaches[0]!));
    expect(entries).toContain('complete.cjs.v8');
    expect(entries).not.toContain('pack.cjs.v8');
    // a command run with the same cache does compile (and keep) the pack
    await spawnCli(['serverless', 'list', '--json'], { env: { ...simEnv(sim), INFRA_CACHE_DIR: cacheDir } });
    expect(readdirSync(join(cacheDir, codeCaches[0]!))).toContain('pack.cjs.v8');
  });
});
