// Secrets stay secret: the token and the datastore passwords never reach human output,
// --debug traces or error messages; the config file is 0600 and `auth status` warns about
// wider permissions. Also: a body over the size limit ends cleanly, and two waiters on one
// container agree.
import { chmodSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/client/http.js';
import { ResponseShapeError } from '../../src/client/errors.js';
import { runCli, tempConfigDir } from '../helpers/cli.js';
import { instantClock } from '../helpers/clock.js';
import { SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { closedPortUrl, startFaultProxy } from './fault-proxy.js';
import { SEED_SECRETS, assertClean } from './support.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

const TOKEN = 'tok_SECRET_9f8e7d6c5b4a';
const noSecrets = (out: string, context: string) => {
  for (const s of [TOKEN, sim.tokens.admin, ...SEED_SECRETS]) expect(out, `${context}: leaked ${s}`).not.toContain(s);
};

describe('the token and passwords never leak', () => {
  // By id and by name: a name costs a list request, whose items must not leak either.
  const human: string[][] = [
    ['database', 'credentials', SEED_IDS.postgres],
    ['database', 'credentials', 'shop-mysql'],
    ['database', 'credentials', SEED_IDS.mariadb],
    ['database', 'credentials', 'staging-pg', '--project', 'staging'],
    ['cache', 'connection-info', SEED_IDS.redis],
    ['cache', 'credentials', 'queue-valkey'],
    ['cache', 'connection-info', SEED_IDS.dragonfly],
    ['database', 'list'],
    ['cache', 'list'],
    ['auth', 'status'],
    ['vps', 'list'],
    ['serverless', 'get', 'web'],
  ];

  it.each(human.map((argv) => [argv.join(' '), argv] as const))('human output and --debug traces: %s', async (_name, argv) => {
    for (const extra of [[], ['--debug'], ['--debug', '--no-color']]) {
      const r = await runCli([...argv, ...extra], { env: simEnv(sim), clock: instantClock({ sim }) });
      expect(r.code, r.stderr).toBe(0);
      noSecrets(r.stdout + r.stderr, argv.join(' '));
    }
  });

  it('--show-secrets does reveal the password (the masking is not an empty output)', async () => {
    const r = await runCli(['database', 'credentials', SEED_IDS.postgres, '--show-secrets'], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('pg-S3cret-orders');
    const cache = await runCli(['cache', 'connection-info', 'sessions-redis', '--show-secrets'], { env: simEnv(sim) });
    expect(cache.code, cache.stderr).toBe(0);
    expect(cache.stdout).toContain('redis-S3cret');
  });

  it('a rejected token (401), with and without --debug, is not echoed', async () => {
    for (const argv of [
      ['vps', 'list'],
      ['auth', 'status'],
      ['serverless', 'logs', SEED_IDS.web],
      ['serverless', 'logs', 'web'],
      ['database', 'credentials', SEED_IDS.postgres, '--debug'],
      ['auth', 'status', '--debug'],
    ]) {
      const r = await runCli(argv, { env: { INFRA_API_URL: sim.url, INFRA_TOKEN: TOKEN } });
      expect(r.code, r.stderr).toBe(4);
      noSecrets(r.stdout + r.stderr, argv.join(' '));
    }
  });

  it('auth login --with-token with a bad token: not echoed', async () => {
    const r = await runCli(['auth', 'login', '--with-token', '--debug'], { env: { INFRA_API_URL: sim.url }, stdin: TOKEN });
    expect(r.code).toBe(4);
    noSecrets(r.stdout + r.stderr, 'auth login');
  });

  it('connection failures, timeouts and broken answers with --debug: no token, stack only under --debug', async () => {
    const refused = await closedPortUrl();
    const proxy = await startFaultProxy(sim.url);
    try {
      proxy.set(/./, () => ({ kind: 'reset-mid-body' }));
      for (const url of [refused, proxy.url]) {
        for (const argv of [
          ['vps', 'list', '--debug'],
          ['snapshots', 'restore', 'vps', String(SEED_IDS.snapshots.vps.daily), '--confirm', 'vps-01', '--debug'],
          ['serverless', 'logs', SEED_IDS.web, '--debug'],
        ]) {
          const r = await runCli(argv, { env: { INFRA_API_URL: url, INFRA_TOKEN: TOKEN }, clock: instantClock() });
          expect(r.code).toBe(7);
          noSecrets(r.stdout + r.stderr, `${argv.join(' ')} via ${url}`);
          expect(r.stderr).toContain('Bearer ***');
        }
      }
    } finally {
      await proxy.close();
    }
  });
});

describe('file permissions', () => {
  it('auth login writes the token file 0600 in a directory it creates 0700', async () => {
    const dir = join(tempConfigDir(), 'nested', 'infra');
    const r = await runCli(['auth', 'login', '--with-token'], { env: { INFRA_API_URL: sim.url, INFRA_CONFIG_DIR: dir }, stdin: sim.tokens.admin });
    expect(r.code, r.stderr).toBe(0);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o077).toBe(0);
  });

  it('a world-writable config directory is not trusted; a token file readable by others is warned about', async () => {
    const dir = tempConfigDir();
    await runCli(['auth', 'login', '--with-token'], { env: { INFRA_API_URL: sim.url, INFRA_CONFIG_DIR: dir }, stdin: sim.tokens.admin });
    const status = () => runCli(['auth', 'status'], { env: { INFRA_API_URL: sim.url, INFRA_CONFIG_DIR: dir } });
    const clean = await status();
    expect(clean.stderr).not.toMatch(/warning:/);
    chmodSync(dir, 0o777);
    const untrusted = await status();
    expect(untrusted.code).toBe(4);
    expect(untrusted.stderr).toMatch(/warning: the config directory .* can be changed by anyone \(mode 777\): its settings and tokens are not used; fix it with: chmod 700 /);
    noSecrets(untrusted.stdout + untrusted.stderr, 'auth status');
    chmodSync(dir, 0o700);
    chmodSync(join(dir, 'config.json'), 0o644);
    const warned = await status();
    expect(warned.code).toBe(0);
    expect(warned.stderr).toMatch(/warning: the config file .* is readable by others \(mode 644\); run: chmod 600/);
    noSecrets(warned.stdout + warned.stderr, 'auth status');
    // The next write puts the file back to 0600.
    await runCli(['config', 'set', 'project', 'main'], { env: { INFRA_CONFIG_DIR: dir } });
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('a config directory that cannot be created: exit 1 with one error line, no stack', async () => {
    // A path under a regular file fails for every user, root included (ENOTDIR).
    const parent = tempConfigDir();
    writeFileSync(join(parent, 'plain-file'), '');
    const r = await runCli(['config', 'set', 'project', 'x'], { env: { INFRA_CONFIG_DIR: join(parent, 'plain-file', 'infra') } });
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('error:'))).toHaveLength(1);
    assertClean(r, sim.tokens.admin, r.stderr);
  });
});

describe('a body over the size limit', () => {
  it('the CLI refuses a 65 MiB answer with a clear error (exit 1), not memory exhaustion', async () => {
    const proxy = await startFaultProxy(sim.url);
    try {
      proxy.set(/^GET \/api\/v1\/vps/, () => ({ kind: 'huge', bytes: 65 * 1024 * 1024 }));
      const before = process.memoryUsage().rss;
      const r = await runCli(['vps', 'list'], { env: { INFRA_API_URL: proxy.url, INFRA_TOKEN: sim.tokens.admin }, clock: instantClock({ sim }) });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^error: a response larger than 64 MiB was refused from GET \/api\/v1\/vps$/m);
      expect(proxy.hits).toHaveLength(1);
      expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);
    } finally {
      await proxy.close();
    }
  });

  it('the client with a small limit (maxBodyBytes): a ResponseShapeError naming the endpoint', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: 'x'.repeat(10_000) }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const client = new HttpClient({ apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't', maxBodyBytes: 4096 });
    try {
      const err = await client.get('/vps').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ResponseShapeError);
      expect((err as Error).message).toMatch(/refused from GET \/api\/v1\/vps/);
    } finally {
      await client.close();
      server.close();
    }
  });
});

describe('two waiters on one container', () => {
  const both = (argv: string[]) => {
    const a = instantClock({ sim });
    const b = instantClock({ sim });
    const e = simEnv(sim);
    return Promise.all([runCli(argv, { env: e, clock: a }), runCli(argv, { env: e, clock: b })]);
  };

  it('a rollout that succeeds: both exit 0 with outcome ready', async () => {
    const [a, b] = await both(['serverless', 'wait', SEED_IDS.batch, '--json']);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(JSON.parse(a.stdout).outcome).toBe('ready');
    expect(JSON.parse(b.stdout).outcome).toBe('ready');
    expect(JSON.parse(a.stdout).observed_generation).toBe(JSON.parse(b.stdout).observed_generation);
  });

  it('a rollout that degrades: both exit 3 with outcome degraded', async () => {
    const u = await runCli(['serverless', 'update', SEED_IDS.web, '--image', 'registry.sim.local/acme/web:crash'], { env: simEnv(sim) });
    expect(u.code, u.stderr).toBe(0);
    const [a, b] = await both(['serverless', 'wait', SEED_IDS.web, '--json']);
    expect([a.code, b.code]).toEqual([3, 3]);
    expect([JSON.parse(a.stdout).outcome, JSON.parse(b.stdout).outcome]).toEqual(['degraded', 'degraded']);
  });
});
