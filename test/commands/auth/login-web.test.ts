// `infra auth login --web` against a fake console on loopback (INFRA_CONSOLE_URL) and the
// simulator as the API, on a fake clock: the polls, their pace, the 2-minute give-up, a
// refusal, the token stored for the API host and never printed; then once through bin/infra
// against `infra sim`, which is its own console.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserOpener, consoleUrl } from '../../../src/commands/auth/web-login.js';
import { runCli, spawnCli, tempConfigDir } from '../../helpers/cli.js';
import { instantClock } from '../../helpers/clock.js';
import { simApi, startSim, type Simulator } from '../../helpers/sim.js';

interface Console {
  url: string;
  polls: { state: string | null; at: number }[];
  /** The answer to the n-th poll (1-based). */
  answer: (n: number) => { status: number; body: unknown };
  server: Server;
}

let sim: Simulator;
let fake: Console;
let clockNow = () => 0;

beforeAll(async () => {
  sim = await startSim();
  const polls: Console['polls'] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/cli/poll') return void res.writeHead(404).end();
    polls.push({ state: url.searchParams.get('state'), at: clockNow() });
    const { status, body } = fake.answer(polls.length);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, polls, answer: () => ({ status: 202, body: {} }), server };
});
afterAll(async () => {
  await sim.close();
  await new Promise((r) => fake.server.close(r));
});

async function login(answer: Console['answer'], env: Record<string, string> = {}) {
  fake.polls.length = 0;
  sim.requests.length = 0;
  fake.answer = answer;
  const clock = instantClock();
  clockNow = () => clock.now();
  const dir = tempConfigDir();
  const r = await runCli(['auth', 'login', '--web'], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: sim.url, INFRA_CONSOLE_URL: fake.url, CI: '1', ...env }, clock });
  let stored: unknown;
  try {
    stored = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
  } catch {
    stored = undefined;
  }
  return { ...r, stored, start: clock.now() };
}

describe('auth login --web', () => {
  it('pending three times, then the token: stored for the API host, never printed, polled every 2 s', async () => {
    const token = sim.tokens.admin;
    const r = await login((n) => (n <= 3 ? { status: 202, body: { status: 'pending' } } : { status: 200, body: { token } }));
    expect(r.code, r.stderr).toBe(0);
    expect(fake.polls).toHaveLength(4);
    expect(new Set(fake.polls.map((p) => p.state)).size).toBe(1);
    expect(fake.polls[0]!.state).toMatch(/^[0-9a-f-]{36}$/);
    expect(fake.polls.slice(1).map((p, i) => p.at - fake.polls[i]!.at)).toEqual([2000, 2000, 2000]);
    expect(r.stderr).toContain(`${fake.url}/cli/authorize?state=${fake.polls[0]!.state}`);
    expect(r.stderr).toContain('not opening a browser: CI is set');
    expect(r.stdout + r.stderr).not.toContain(token);
    // Stored in the context in use (here the first one, `default`), for the API host only.
    expect(r.stored).toEqual({ 'current-context': 'default', contexts: { default: { hosts: { [sim.url]: { token } } } } });
    // verified with the API before it was stored
    expect(sim.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /api/v1/vps']);
  });

  it('never approved: gives up after 2 minutes with exit 6, nothing stored, no request to the API', async () => {
    const r = await login(() => ({ status: 202, body: { status: 'pending' } }));
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('no sign-in was approved within 2 minutes; nothing was stored');
    expect(fake.polls).toHaveLength(60);
    expect(fake.polls.at(-1)!.at - fake.polls[0]!.at).toBe(118_000);
    expect(r.stored).toBeUndefined();
    expect(sim.requests).toEqual([]);
  });

  it('what the console says cannot change the pace: a garbage, huge or tokenless 200 is polled again', async () => {
    const answers = [
      { status: 200, body: {} },
      { status: 200, body: { token: 42 } },
      { status: 200, body: 'x'.repeat(100_000) },
      { status: 500, body: {} },
    ];
    const r = await login((n) => answers[n - 1] ?? { status: 200, body: { token: sim.tokens.admin } });
    expect(r.code, r.stderr).toBe(0);
    expect(fake.polls).toHaveLength(5);
  });

  it.each([
    [403, 'the sign-in was denied in the browser'],
    [410, 'the sign-in request expired before it was approved'],
  ])('a %i from the console: exit 4 at once, nothing stored', async (status, says) => {
    const r = await login(() => ({ status, body: { message: 'no' } }));
    expect([r.code, fake.polls.length]).toEqual([4, 1]);
    expect(r.stderr).toContain(says);
    expect(r.stored).toBeUndefined();
  });

  it('a token the API rejects is not stored (exit 4), and not printed', async () => {
    const r = await login(() => ({ status: 200, body: { token: 'sim_nobody_123456' } }));
    expect(r.code).toBe(4);
    expect(r.stdout + r.stderr).not.toContain('sim_nobody_123456');
    expect(r.stored).toBeUndefined();
  });

  it('a console over plain http to another host is refused before any request (exit 2)', async () => {
    const r = await login(() => ({ status: 200, body: {} }), { INFRA_CONSOLE_URL: 'http://console.example.com' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('INFRA_CONSOLE_URL must be https');
    expect(fake.polls).toEqual([]);
  });

  it('--web with --with-token: exit 2', async () => {
    const r = await runCli(['auth', 'login', '--web', '--with-token'], { env: { INFRA_API_URL: sim.url } });
    expect(r.code).toBe(2);
  });
});

describe('the console and the opener', () => {
  it.each([
    ['https://danubedata.ro', undefined, 'https://console.danubedata.ro'],
    ['https://danubedata.ro/api/v1', undefined, 'https://console.danubedata.ro'],
    ['https://api.example.com:8443', undefined, 'https://console.api.example.com:8443'],
    ['http://127.0.0.1:4010', undefined, 'http://127.0.0.1:4010'],
    ['https://danubedata.ro', 'https://login.example.com/x', 'https://login.example.com'],
    ['https://danubedata.ro', 'http://localhost:9000', 'http://localhost:9000'],
  ])('%s (INFRA_CONSOLE_URL %s) → %s', (api, override, expected) => {
    expect(consoleUrl(api, override)).toBe(expected);
  });

  it('refuses a console it cannot reach safely', () => {
    expect(() => consoleUrl('http://api.example.com', undefined)).toThrow(/https only/);
    expect(() => consoleUrl('https://danubedata.ro', 'https://u:p@console.example.com')).toThrow(/user or password/);
  });

  it.each([
    ['darwin', {}, { argv: ['open', 'U'] }],
    ['win32', {}, { argv: ['rundll32', 'url.dll,FileProtocolHandler', 'U'] }],
    ['linux', { DISPLAY: ':0' }, { argv: ['xdg-open', 'U'] }],
    ['linux', {}, { none: 'there is no display (DISPLAY is not set)' }],
    ['linux', { DISPLAY: ':0', SSH_CONNECTION: '1 2 3 4' }, { none: 'this is an SSH session' }],
    ['darwin', { CI: 'true' }, { none: 'CI is set' }],
  ] as const)('%s %o → %o', (platform, env, expected) => {
    expect(browserOpener('U', platform, env)).toEqual(expected);
  });
});

describe('auth login --web through bin/infra against infra sim', () => {
  it('the simulator is its own console: pending, then the token, stored for its host', async () => {
    await simApi(sim).control('/_sim/cli-signin', { outcome: 'token', after: 1 });
    const dir = tempConfigDir();
    const r = await spawnCli(['auth', 'login', '--web'], { env: { INFRA_CONFIG_DIR: dir, INFRA_API_URL: sim.url, CI: '1' }, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(sim.tokens.admin);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({ 'current-context': 'default', contexts: { default: { hosts: { [sim.url]: { token: sim.tokens.admin } } } } });
  }, 40_000);

  it('denied by the simulator: exit 4', async () => {
    await simApi(sim).control('/_sim/cli-signin', { outcome: 'denied', after: 0 });
    const r = await spawnCli(['auth', 'login', '--web'], { env: { INFRA_API_URL: sim.url, CI: '1' }, timeoutMs: 30_000 });
    expect([r.code, r.stderr]).toEqual([4, expect.stringContaining('denied')]);
  }, 40_000);
});
