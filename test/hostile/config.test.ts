// Local state you can trust: concurrent writers lose nothing, a lock left by a killed writer
// is recovered, a config file others could change is not believed, and every problem with
// the file is a sentence (which key, which path, what to run), never "unexpected error".
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnCli as spawnInfra, tempConfigDir, type SpawnOptions } from '../helpers/cli.js';
import { fakeApi, type FakeApi } from './token-servers.js';

// Each test starts several real processes; on a loaded 2-core runner that outlasts the 20 s default.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });
const spawnCli = (argv: string[], opts: SpawnOptions = {}) => spawnInfra(argv, { timeoutMs: 60_000, ...opts });

let api: FakeApi;
const TOKENS = Array.from({ length: 16 }, (_, i) => `tok-${i}`);

beforeAll(async () => {
  api = await fakeApi(TOKENS);
});
afterAll(() => api.close());

const storedConfig = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as Record<string, unknown>;
/** The context `default`, where the settings of a file without contexts are kept (src/cli/contexts.ts). */
const defaultContext = (dir: string) => (storedConfig(dir).contexts as Record<string, Record<string, unknown>>).default!;

describe('concurrent writers', () => {
  it('16 auth logins (each for its own host) and 6 config sets at once: every write survives', { timeout: 120_000 }, async () => {
    const dir = tempConfigDir();
    // One server, 16 hosts: the path base is part of a host's key.
    const hostOf = (i: number) => `${api.url}/tenant-${i}`;
    const logins = TOKENS.map((token, i) => spawnCli(['auth', 'login', '--with-token'], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: hostOf(i) }, stdin: token, timeoutMs: 100_000 }));
    const sets = [
      ['project', '42'],
      ['output', 'json'],
      ['allow-http', 'false'],
      ['project', '42'],
      ['output', 'json'],
      ['allow-http', 'false'],
    ].map(([key, value]) => spawnCli(['config', 'set', key!, value!], { env: { INFRA_CONFIG_DIR: dir }, timeoutMs: 100_000 }));
    const runs = await Promise.all([...logins, ...sets]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const config = storedConfig(dir);
    const context = defaultContext(dir);
    expect(context.hosts).toEqual(Object.fromEntries(TOKENS.map((token, i) => [hostOf(i), { token }])));
    expect([context.project, config.output, config['allow-http']]).toEqual(['42', 'json', 'false']);
    expect(existsSync(join(dir, 'config.json.lock'))).toBe(false);
  });

  it('a lock left by a writer that was killed (its process is gone) is taken over', async () => {
    const dir = tempConfigDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(join(dir, 'config.json.lock'), `${gone}\n2026-01-01T00:00:00.000Z\n`);
    const r = await spawnCli(['config', 'set', 'project', '9'], { env: { INFRA_CONFIG_DIR: dir } });
    expect(r.code, r.stderr).toBe(0);
    expect(defaultContext(dir).project).toBe('9');
    expect(existsSync(join(dir, 'config.json.lock'))).toBe(false);
  });
});

describe('a config file others could change is not believed', () => {
  it('a world-writable config directory: its token is not used, nothing is written, the chmod is named', async () => {
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ hosts: { [api.url]: { token: 'tok-0' } } }), { mode: 0o600 });
    chmodSync(dir, 0o777);
    api.seen.length = 0;
    const r = await spawnCli(['vps', 'list'], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: api.url } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`warning: the config directory ${dir} can be changed by anyone (mode 777): its settings and tokens are not used; fix it with: chmod 700 ${dir}\n`);
    expect(api.seen.filter((s) => s.authorization === 'Bearer tok-0')).toEqual([]);
    const set = await spawnCli(['config', 'set', 'project', '1'], { env: { INFRA_CONFIG_DIR: dir } });
    expect(set.code).toBe(1);
    expect(set.stderr).toContain(`error: the config directory ${dir} can be changed by anyone (mode 777); nothing was stored\n`);
    expect(storedConfig(dir).project).toBeUndefined();
  });

  it('a group-writable config file: not used either', async () => {
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ 'api-url': 'https://elsewhere.example' }), { mode: 0o600 });
    chmodSync(join(dir, 'config.json'), 0o620);
    const r = await spawnCli(['config', 'list', '--json'], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: undefined } });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`can be changed by its group (mode 620): its settings and tokens are not used; fix it with: chmod 600 ${join(dir, 'config.json')}`);
    expect(JSON.parse(r.stdout).find((row: { key: string }) => row.key === 'api-url').value).toBe('https://danubedata.ro');
  });
});

describe('sentences, not "unexpected error"', () => {
  it('a number where the token belongs: the key and the command that fixes it', async () => {
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ token: 12345, project: 7 }), { mode: 0o600 });
    const r = await spawnCli(['vps', 'list'], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: api.url } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`warning: the config file ${join(dir, 'config.json')} has a number for "token" where text belongs: ignored; run 'infra auth login' to store a token again\n`);
    expect(r.stderr).toContain(`has a number for "project" where text belongs: ignored; run 'infra config set project ID' or 'infra config unset project'`);
    expect(r.stderr).not.toMatch(/unexpected|trim is not a function/);
    // The fix works: the value is replaced under the lock.
    expect((await spawnCli(['config', 'set', 'project', '7'], { env: { INFRA_CONFIG_DIR: dir } })).code).toBe(0);
    expect(defaultContext(dir).project).toBe('7');
  });

  it('a stored token that is not text inside hosts: named with its host', async () => {
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ hosts: { [api.url]: { token: ['x'] } } }), { mode: 0o600 });
    const r = await spawnCli(['vps', 'list'], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: api.url } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`has a list for the token of ${api.url} where text belongs: ignored; run 'infra auth login --api-url ${api.url}'`);
  });

  it('a read-only home at login: the path, and that nothing was stored (exit 1); the token was checked first', async () => {
    // root may write anywhere a mode forbids; /sys refuses even root (EPERM).
    let home = '/sys/infra-read-only-home';
    if (process.getuid?.() !== 0) {
      home = join(tempConfigDir(), 'home');
      mkdirSync(home, { mode: 0o500 });
    }
    const r = await spawnCli(['auth', 'login', '--with-token'], { env: { HOME: home, INFRA_CONFIG_DIR: undefined, XDG_CONFIG_HOME: undefined, INFRA_API_URL: api.url }, stdin: 'tok-1' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^error: cannot write the config file ${home}/\\.config/infra/config\\.json \\((permission denied|the file system is read-only)\\); nothing was stored$`, 'm'));
    expect(r.stderr).toContain('hint: set INFRA_CONFIG_DIR to a writable directory, or use INFRA_TOKEN for the token');
    expect(r.stderr).not.toMatch(/unexpected|logged in/);
    expect(r.stderr).not.toContain('tok-1');
  });
});
