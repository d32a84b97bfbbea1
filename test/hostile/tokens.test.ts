// Tokens belong to hosts, and a URL decides where a token may go: real processes through
// bin/infra against two fake servers on loopback that record every Authorization header.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { spawnCli as spawnInfra, tempConfigDir, type SpawnOptions } from '../helpers/cli.js';
import { fakeApi, fakeProxy, type FakeApi, type FakeProxy } from './token-servers.js';

// Each test starts several real processes; on a loaded 2-core runner that outlasts the 20 s default.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });
const spawnCli = (argv: string[], opts: SpawnOptions = {}) => spawnInfra(argv, { timeoutMs: 60_000, ...opts });

let a: FakeApi;
let b: FakeApi;
let proxy: FakeProxy;

beforeAll(async () => {
  a = await fakeApi(['tok-a']);
  b = await fakeApi(['tok-a', 'tok-b']);
  proxy = await fakeProxy(b.url);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close(), proxy.close()]);
});
beforeEach(() => {
  a.seen.length = 0;
  b.seen.length = 0;
  proxy.connects.length = 0;
});

const storedConfig = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as Record<string, unknown>;
/** A file of one context, `default`, as a file without contexts becomes (src/cli/contexts.ts). */
const inDefault = (context: Record<string, unknown>) => ({ 'current-context': 'default', contexts: { default: context } });

describe('a stored token belongs to its host', () => {
  it('login against A, then --api-url B: B receives no token; exit 4 naming the login that fixes it', async () => {
    const dir = tempConfigDir();
    const env = { INFRA_CONFIG_DIR: dir, INFRA_API_URL: undefined };
    const login = await spawnCli(['--api-url', a.url, 'auth', 'login', '--with-token'], { env, stdin: 'tok-a\n' });
    expect(login.code, login.stderr).toBe(0);
    expect(a.seen.map((s) => s.authorization)).toEqual(['Bearer tok-a']);
    expect(storedConfig(dir)).toEqual(inDefault({ hosts: { [a.url]: { token: 'tok-a' } }, 'api-url': a.url }));

    const other = await spawnCli(['--api-url', b.url, 'vps', 'list'], { env });
    expect(other.code).toBe(4);
    expect(b.seen).toEqual([]);
    expect(other.stderr).toContain(`error: no API token for ${b.url} (tokens are stored for ${a.url} and are never sent to another host)\n`);
    expect(other.stderr).toContain(`hint: run 'infra auth login --api-url ${b.url}', or set INFRA_TOKEN\n`);
    expect(other.stderr).not.toContain('tok-a');

    // The host given at login is the one used without a flag; its token goes there.
    const home = await spawnCli(['vps', 'list', '--json'], { env });
    expect(home.code, home.stderr).toBe(0);
    expect(a.seen.at(-1)?.authorization).toBe('Bearer tok-a');
  });

  it('INFRA_TOKEN is explicit and goes to whichever host is named', async () => {
    const r = await spawnCli(['vps', 'list', '--json'], { env: { INFRA_API_URL: b.url, INFRA_TOKEN: 'tok-b' } });
    expect(r.code, r.stderr).toBe(0);
    expect(b.seen.map((s) => s.authorization)).toEqual(['Bearer tok-b']);
  });

  it('auth logout removes the token of the host in use only; --all removes every one', async () => {
    const dir = tempConfigDir();
    for (const url of [a.url, b.url]) expect((await spawnCli(['auth', 'login', '--with-token'], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: url }, stdin: 'tok-a' })).code).toBe(0);
    const out = await spawnCli(['auth', 'logout'], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: b.url } });
    expect(out.code).toBe(0);
    expect(out.stderr).toContain(`stored token for ${b.url} removed`);
    expect(storedConfig(dir)).toEqual(inDefault({ hosts: { [a.url]: { token: 'tok-a' } } }));
    const all = await spawnCli(['auth', 'logout', '--all'], { env: { INFRA_CONFIG_DIR: dir } });
    expect(all.code).toBe(0);
    expect(storedConfig(dir)).toEqual(inDefault({ hosts: {} }));
  });

  it('an old config (top-level token + api-url) is migrated: the token stays with its own host', async () => {
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ 'api-url': a.url, token: 'tok-a', project: '7' }), { mode: 0o600 });
    const env = { INFRA_CONFIG_DIR: dir, INFRA_API_URL: undefined };
    const home = await spawnCli(['vps', 'list', '--json'], { env });
    expect(home.code, home.stderr).toBe(0);
    expect(a.seen.map((s) => s.authorization)).toEqual(['Bearer tok-a']);
    expect(storedConfig(dir)).toEqual(inDefault({ 'api-url': a.url, project: '7', hosts: { [a.url]: { token: 'tok-a' } } }));
    const other = await spawnCli(['--api-url', b.url, 'vps', 'list'], { env });
    expect(other.code).toBe(4);
    expect(b.seen).toEqual([]);
  });

  it('an old config with a token and no api-url: the token belongs to the default host', async () => {
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ token: 'tok-old' }), { mode: 0o600 });
    const r = await spawnCli(['--api-url', a.url, 'vps', 'list'], { env: { INFRA_CONFIG_DIR: dir } });
    expect(r.code).toBe(4);
    expect(a.seen).toEqual([]);
    expect(storedConfig(dir)).toEqual(inDefault({ hosts: { 'https://danubedata.ro': { token: 'tok-old' } } }));
  });
});

describe('the default API URL is the service, over https', () => {
  it('with no URL given: the service is named, and auth login says where tokens are made (nothing sent)', async () => {
    const env = { INFRA_API_URL: undefined, HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url };
    const list = await spawnCli(['vps', 'list'], { env });
    expect(list.code).toBe(4);
    expect(list.stderr).toContain('error: no API token for https://danubedata.ro\n');
    expect(list.stderr).toContain("hint: run 'infra auth login', or set INFRA_TOKEN\n");
    const login = await spawnCli(['auth', 'login'], { env });
    expect(login.code).toBe(2);
    expect(login.stderr).toContain('https://danubedata.ro/user/api-tokens');
    expect(proxy.connects).toEqual([]);
  });
});

describe('plain http and passwords in the URL', () => {
  it('http:// to a host that is not loopback is refused before any connection, exit 2, naming the way to allow it', async () => {
    for (const argv of [
      ['vps', 'list'],
      ['auth', 'login', '--with-token'],
    ]) {
      const r = await spawnCli(['--api-url', 'http://example.invalid', ...argv], { env: { INFRA_TOKEN: 'tok-b', HTTP_PROXY: proxy.url }, stdin: 'tok-b' });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^error: refusing plain http to example\.invalid \(from --api-url\)/m);
      expect(r.stderr).toMatch(/--allow-http, INFRA_ALLOW_HTTP=1 or 'infra config set allow-http true'/);
    }
    expect(proxy.connects).toEqual([]);
    expect(b.seen).toEqual([]);
  });

  it('--allow-http (or INFRA_ALLOW_HTTP=1) lets it through: the request leaves for that host', async () => {
    // The proxy on loopback stands in for the network: it records the host asked for and
    // answers from server B, so no lookup of example.invalid is ever made.
    const flag = await spawnCli(['--allow-http', '--api-url', 'http://example.invalid', 'vps', 'list', '--json'], { env: { INFRA_TOKEN: 'tok-b', HTTP_PROXY: proxy.url } });
    expect(flag.code, flag.stderr).toBe(0);
    const viaEnv = await spawnCli(['vps', 'list', '--json'], { env: { INFRA_API_URL: 'http://example.invalid', INFRA_ALLOW_HTTP: '1', INFRA_TOKEN: 'tok-b', HTTP_PROXY: proxy.url } });
    expect(viaEnv.code, viaEnv.stderr).toBe(0);
    expect(proxy.connects).toEqual(['example.invalid:80', 'example.invalid:80']);
    expect(b.seen.map((s) => s.authorization)).toEqual(['Bearer tok-b', 'Bearer tok-b']);
  });

  it('loopback http needs no permission: localhost, 127.0.0.0/8', async () => {
    const r = await spawnCli(['vps', 'list', '--json'], { env: { INFRA_API_URL: a.url.replace('127.0.0.1', 'localhost'), INFRA_TOKEN: 'tok-a' } });
    expect(r.code, r.stderr).toBe(0);
  });

  it('a user:password@ in the URL is refused and the password printed nowhere (errors, --debug, config list/get)', async () => {
    const withPassword = a.url.replace('http://', 'http://me:hunter2@');
    const dir = tempConfigDir();
    // As an older infra may have stored it.
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ 'api-url': withPassword }), { mode: 0o600 });
    const runs = [
      await spawnCli(['--api-url', withPassword, '--debug', 'vps', 'list'], { env: { INFRA_TOKEN: 'tok-a' } }),
      await spawnCli(['vps', 'list'], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: undefined, INFRA_TOKEN: 'tok-a' } }),
      await spawnCli(['config', 'list'], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: undefined } }),
      await spawnCli(['config', 'list', '--json'], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: withPassword } }),
      await spawnCli(['config', 'get', 'api-url'], { env: { INFRA_CONFIG_DIR: dir } }),
      await spawnCli(['config', 'set', 'api-url', withPassword], { env: { INFRA_CONFIG_DIR: tempConfigDir() } }),
      await spawnCli(['auth', 'status', '--json'], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: undefined } }),
    ];
    for (const r of runs) expect(r.stdout + r.stderr).not.toContain('hunter2');
    expect(runs[0]!.code).toBe(2);
    expect(runs[0]!.stderr).toMatch(/^error: the API URL from --api-url holds a user name or password \("http:\/\/\*\*\*@127\.0\.0\.1:\d+"\); it was not used$/m);
    expect(runs[1]!.code).toBe(2);
    expect(runs[5]!.code).toBe(2);
    expect(a.seen).toEqual([]);
  });
});

describe('a token that cannot be a header value', () => {
  it('a line break or control character inside: exit 2 before any request, never retried, never echoed', async () => {
    for (const token of ['tok\nsecond-line', 'tok\u0007bell', 'tok a']) {
      const r = await spawnCli(['auth', 'login', '--with-token'], { env: { INFRA_API_URL: a.url, INFRA_CONFIG_DIR: tempConfigDir() }, stdin: `${token}\n` });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^error: the token holds (a line break|a control character|white space) at character 4; nothing was sent or stored$/m);
      expect(r.stderr).not.toMatch(/retrying|network|unexpected/);
    }
    const env = await spawnCli(['vps', 'list'], { env: { INFRA_API_URL: a.url, INFRA_TOKEN: 'tok\u0001a' } });
    expect(env.code).toBe(2);
    expect(env.stderr).toMatch(/^error: INFRA_TOKEN holds a control character at character 4$/m);
    expect(a.seen).toEqual([]);
  });

  it('one trailing line break (echo, a file) is not part of the token', async () => {
    const r = await spawnCli(['auth', 'login', '--with-token'], { env: { INFRA_API_URL: a.url }, stdin: 'tok-a\r\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(a.seen.map((s) => s.authorization)).toEqual(['Bearer tok-a']);
  });
});
