// Contexts through real processes: two fake APIs on loopback record every Authorization
// header, so a token that reached the wrong host would show; commands of two contexts run
// in parallel processes, chosen by INFRA_CONTEXT and --context.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { spawnCli as spawnInfra, tempConfigDir, type SpawnOptions } from '../helpers/cli.js';
import { startSim, type Simulator } from '../helpers/sim.js';
import { fakeApi, type FakeApi } from '../hostile/token-servers.js';

// Several real processes per test on a loaded 2-core runner.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });
const spawnCli = (argv: string[], opts: SpawnOptions = {}) => spawnInfra(argv, { timeoutMs: 60_000, ...opts });

let a: FakeApi;
let b: FakeApi;

beforeAll(async () => {
  a = await fakeApi(['tok-a']);
  // B knows two accounts' tokens: two contexts on one host.
  b = await fakeApi(['tok-b', 'tok-b2']);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});
beforeEach(() => {
  a.seen.length = 0;
  b.seen.length = 0;
});

const stored = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as Record<string, unknown>;

/** A config dir with contexts made through the CLI: each a host and a token stored by `auth login`. */
async function withContexts(contexts: [name: string, url: string, token: string][]): Promise<string> {
  const dir = tempConfigDir();
  const env = { INFRA_CONFIG_DIR: dir, INFRA_API_URL: undefined };
  for (const [name, url, token] of contexts) {
    const made = await spawnCli(['context', 'create', name, '--api-url', url], { env });
    expect(made.code, made.stderr).toBe(0);
    const login = await spawnCli(['--context', name, 'auth', 'login', '--with-token'], { env, stdin: `${token}\n` });
    expect(login.code, login.stderr).toBe(0);
  }
  return dir;
}

describe('each context sends its own token to its own host', () => {
  it('two contexts, two hosts, commands in parallel processes: each server sees only its own token', async () => {
    const dir = await withContexts([
      ['alpha', a.url, 'tok-a'],
      ['beta', b.url, 'tok-b'],
    ]);
    a.seen.length = 0;
    b.seen.length = 0;
    const runs = await Promise.all(
      ['alpha', 'beta', 'alpha', 'beta', 'alpha', 'beta'].map((name) => spawnCli(['vps', 'list', '--json'], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: undefined, INFRA_CONTEXT: name } })),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    expect(a.seen.map((s) => s.authorization)).toEqual(['Bearer tok-a', 'Bearer tok-a', 'Bearer tok-a']);
    expect(b.seen.map((s) => s.authorization)).toEqual(['Bearer tok-b', 'Bearer tok-b', 'Bearer tok-b']);
    // The file's mode survives every write, and no token is printed by the listing.
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    const list = await spawnCli(['context', 'list', '--json'], { env: { INFRA_CONFIG_DIR: dir, INFRA_CONTEXT: 'beta' } });
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([
      { name: 'alpha', current: false, api_url: a.url, project: null, token: 'stored' },
      { name: 'beta', current: true, api_url: b.url, project: null, token: 'stored' },
    ]);
    expect(list.stdout + list.stderr).not.toMatch(/tok-/);
  });

  it('two contexts on one host hold two tokens (two accounts); --context beats INFRA_CONTEXT beats the current one', async () => {
    const dir = await withContexts([
      ['one', b.url, 'tok-b'],
      ['two', b.url, 'tok-b2'],
    ]);
    const env = { INFRA_CONFIG_DIR: dir, INFRA_API_URL: undefined };
    expect((await spawnCli(['context', 'use', 'two'], { env })).code).toBe(0);
    b.seen.length = 0;
    expect((await spawnCli(['vps', 'list', '--json'], { env })).code).toBe(0);
    expect((await spawnCli(['vps', 'list', '--json'], { env: { ...env, INFRA_CONTEXT: 'one' } })).code).toBe(0);
    expect((await spawnCli(['--context', 'two', 'vps', 'list', '--json'], { env: { ...env, INFRA_CONTEXT: 'one' } })).code).toBe(0);
    expect(b.seen.map((s) => s.authorization)).toEqual(['Bearer tok-b2', 'Bearer tok-b', 'Bearer tok-b2']);
    // auth status names the context in use and where that choice came from.
    const status = await spawnCli(['auth', 'status', '--json'], { env: { ...env, INFRA_CONTEXT: 'one' } });
    expect(JSON.parse(status.stdout)).toMatchObject({ context: 'one', context_source: 'env', api_url: b.url });
    const text = await spawnCli(['auth', 'status'], { env });
    expect(text.stdout).toMatch(/^Context:\s+two \(config\)$/m);
  });

  it("--api-url to another host with a context: that context's token stays home (exit 4, nothing sent)", async () => {
    const dir = await withContexts([['alpha', a.url, 'tok-a']]);
    a.seen.length = 0;
    const r = await spawnCli(['--context', 'alpha', '--api-url', b.url, 'vps', 'list'], { env: { INFRA_CONFIG_DIR: dir } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`no API token for ${b.url}`);
    expect(b.seen).toEqual([]);
    expect(a.seen).toEqual([]);
  });

  it('a context that does not exist: exit 2 naming the ones that do, before any request', async () => {
    const dir = await withContexts([['alpha', a.url, 'tok-a']]);
    a.seen.length = 0;
    const r = await spawnCli(['vps', 'list'], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: undefined, INFRA_CONTEXT: 'alpah' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: no context named "alpah" (from --context/INFRA_CONTEXT); contexts: alpha\n');
    expect(a.seen).toEqual([]);
    // Nor is anything stored in a context nobody made.
    const set = await spawnCli(['--context', 'alpah', 'config', 'set', 'project', '3'], { env: { INFRA_CONFIG_DIR: dir } });
    expect(set.code).toBe(2);
    expect(Object.keys(stored(dir).contexts as object)).toEqual(['alpha']);
  });
});

describe('context current and the old single config', () => {
  it('an old config (api-url, project, tokens by host) moves into `default` on first read, and keeps working', async () => {
    const dir = tempConfigDir();
    const old = { 'api-url': a.url, project: '7', output: 'json', hosts: { [a.url]: { token: 'tok-a' }, [b.url]: { token: 'tok-b' } } };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(old), { mode: 0o600 });
    const env = { INFRA_CONFIG_DIR: dir, INFRA_API_URL: undefined };
    const r = await spawnCli(['vps', 'list'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(a.seen.map((s) => s.authorization)).toEqual(['Bearer tok-a']);
    expect(stored(dir)).toEqual({
      output: 'json',
      'current-context': 'default',
      contexts: { default: { 'api-url': a.url, project: '7', hosts: { [a.url]: { token: 'tok-a' }, [b.url]: { token: 'tok-b' } } } },
    });
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    // The token stored for B inside `default` still goes to B, and only there.
    expect((await spawnCli(['--api-url', b.url, 'vps', 'list'], { env })).code).toBe(0);
    expect(b.seen.map((s) => s.authorization)).toEqual(['Bearer tok-b']);
    const short = await spawnCli(['context', 'current', '--short'], { env });
    expect([short.code, short.stdout, short.stderr]).toEqual([0, 'default\n', '']);
  });

  it('current --short prints only the name, from the flag, the variable or the file, without a request', async () => {
    const dir = await withContexts([
      ['alpha', a.url, 'tok-a'],
      ['beta', b.url, 'tok-b'],
    ]);
    a.seen.length = 0;
    b.seen.length = 0;
    const env = { INFRA_CONFIG_DIR: dir, INFRA_API_URL: undefined };
    expect((await spawnCli(['context', 'use', 'beta'], { env })).code).toBe(0);
    const file = await spawnCli(['context', 'current', '--short'], { env });
    const fromEnv = await spawnCli(['context', 'current', '--short'], { env: { ...env, INFRA_CONTEXT: 'alpha' } });
    const fromFlag = await spawnCli(['--context', 'beta', 'context', 'current', '--short'], { env: { ...env, INFRA_CONTEXT: 'alpha' } });
    expect([file.stdout, fromEnv.stdout, fromFlag.stdout]).toEqual(['beta\n', 'alpha\n', 'beta\n']);
    const whole = await spawnCli(['context', 'current', '--json'], { env: { ...env, INFRA_CONTEXT: 'alpha' } });
    expect(JSON.parse(whole.stdout)).toEqual({ name: 'alpha', source: 'env', exists: true, api_url: a.url, project: null, token: 'stored' });
    expect([...a.seen, ...b.seen]).toEqual([]);
  });
});

describe('a project the token cannot reach', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSim();
  });
  afterAll(async () => {
    await sim.close();
  });

  it('is refused before any write, naming the project the token reaches (exit 4; the server saw no write)', async () => {
    const dir = tempConfigDir();
    const env = { INFRA_CONFIG_DIR: dir, INFRA_API_URL: undefined };
    expect((await spawnCli(['context', 'create', 'staging', '--api-url', sim.url, '--project', '1', '--use'], { env })).code).toBe(0);
    expect((await spawnCli(['auth', 'login', '--with-token'], { env, stdin: sim.tokens.other_project })).code).toBe(0);
    sim.requests.length = 0;
    const r = await spawnCli(['api', '-X', 'POST', '/ssh-keys', '-f', 'name=laptop2', '-f', 'public_key=ssh-ed25519 AAAA'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('error: the token cannot reach project 1 (the token is limited to project staging (2)); nothing was changed\n');
    expect(r.stderr).toContain('hint: give one of staging (2) with --project');
    expect(sim.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /api/v1/user/teams']);
    // The project it reaches: the write goes through after the one read.
    sim.requests.length = 0;
    const ok = await spawnCli(
      ['--project', '2', 'api', '-X', 'POST', '/ssh-keys', '-f', 'name=laptop2', '-f', 'public_key=ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl'],
      { env },
    );
    expect(sim.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /api/v1/user/teams', 'POST /api/v1/ssh-keys']);
    expect(ok.stderr).not.toContain('cannot reach');
  });
});
