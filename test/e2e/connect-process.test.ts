// `database connect`, `cache connect`, `queue connect` through bin/infra, with fake clients on
// PATH that write down what they were given: the password reaches them through the
// environment or a 0600 option file (removed afterwards), never argv; their exit code is ours;
// nothing secret is fetched when the client is missing or the endpoint is private; and while
// the client runs, a Ctrl-C is the client's, not the end of our process.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { apiRequests, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

interface Seen {
  name: string;
  argv: string[];
  env: Record<string, string>;
  optionFile?: { mode: number; text: string; path: string };
  sigint?: boolean;
}

/**
 * A folder with fake clients: each writes what it saw to $FAKE_OUT and exits with $FAKE_EXIT.
 * With FAKE_WAIT it says "ready" and waits for a line on stdin first (to be signalled meanwhile).
 */
function fakeClients(names: string[]): { dir: string; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'infra-fake-clients-'));
  const out = join(dir, 'seen.json');
  const script = `#!${process.execPath}
const fs = require('node:fs');
const path = require('node:path');
const seen = { name: path.basename(process.argv[1]), argv: process.argv.slice(2), env: {} };
for (const [k, v] of Object.entries(process.env)) if (/^(PG|MYSQL|REDIS|AMQP)/.test(k)) seen.env[k] = v;
const file = seen.argv.find((a) => a.startsWith('--defaults-extra-file='));
if (file) { const p = file.slice('--defaults-extra-file='.length); seen.optionFile = { path: p, mode: fs.statSync(p).mode & 0o777, text: fs.readFileSync(p, 'utf8') }; }
const finish = () => { fs.writeFileSync(process.env.FAKE_OUT, JSON.stringify(seen)); process.exit(Number(process.env.FAKE_EXIT ?? 0)); };
if (process.env.FAKE_WAIT) {
  process.on('SIGINT', () => { seen.sigint = true; });
  process.stdout.write('ready\\n');
  process.stdin.once('data', finish);
} else finish();
`;
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  for (const name of names) {
    writeFileSync(join(bin, name), script);
    chmodSync(join(bin, name), 0o755);
  }
  return { dir: bin, out };
}

function seen(out: string): Seen {
  return JSON.parse(readFileSync(out, 'utf8')) as Seen;
}

describe('database connect', () => {
  it('psql gets the endpoint and the password through PG* variables, none of it in argv; its exit code is ours', async () => {
    const fake = fakeClients(['psql']);
    const r = await spawnCli(['database', 'connect', 'orders-pg', '--', '-c', 'select 1'], { env: { ...simEnv(sim), PATH: fake.dir, FAKE_OUT: fake.out, FAKE_EXIT: '7' } });
    expect(r.code, r.stderr).toBe(7);
    const s = seen(fake.out);
    expect(s.argv).toEqual(['-c', 'select 1']);
    expect(s.env).toMatchObject({ PGHOST: 'orders-pg.main.managed.sim.local', PGUSER: 'postgres', PGPASSWORD: 'pg-S3cret-orders' });
    expect(s.env.PGPORT).toMatch(/^\d+$/);
    expect(JSON.stringify(s.argv)).not.toContain('S3cret');
    expect(r.stdout + r.stderr).not.toContain('pg-S3cret-orders');
  });

  it('mysql reads a 0600 option file (its first argument) that is gone afterwards', async () => {
    const fake = fakeClients(['mysql']);
    const r = await spawnCli(['database', 'connect', 'shop-mysql', '--private'], { env: { ...simEnv(sim), PATH: fake.dir, FAKE_OUT: fake.out } });
    expect(r.code, r.stderr).toBe(0);
    const s = seen(fake.out);
    expect(s.argv[0]).toMatch(/^--defaults-extra-file=/);
    expect(s.optionFile?.mode).toBe(0o600);
    expect(s.optionFile?.text).toContain('password="my-S3cret-shop"');
    expect(s.optionFile?.text).toContain('host="shop-mysql.svc.cluster.local"');
    expect(s.optionFile?.text).toContain('database="shop"');
    expect(existsSync(s.optionFile!.path)).toBe(false);
    expect(s.env.MYSQL_PWD).toBeUndefined();
    expect(JSON.stringify(s.argv)).not.toContain('S3cret');
  });

  it('a private endpoint is refused without --private, before the credentials are read', async () => {
    // The seed's orders-pg has public DNS on, wiki-maria has not.
    const fake = fakeClients(['mariadb']);
    const r = await spawnCli(['database', 'connect', 'wiki-maria'], { env: { ...simEnv(sim), PATH: fake.dir, FAKE_OUT: fake.out } });
    expect(r.code, r.stderr + r.stdout).toBe(1);
    expect(r.stderr).toContain('error: wiki-maria has no public endpoint: public DNS is off');
    expect(r.stderr).toContain("run 'infra database dns enable wiki-maria'");
    expect(apiRequests(sim, '/credentials')).toHaveLength(0);
    expect(existsSync(fake.out)).toBe(false);
  });

  it('no client on PATH: one line naming it and how to get one; no password is fetched', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'infra-no-clients-'));
    const r = await spawnCli(['database', 'connect', 'orders-pg', '--private'], { env: { ...simEnv(sim), PATH: empty } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: psql is not on PATH$/m);
    expect(r.stderr).toMatch(/^hint: install the PostgreSQL client/m);
    expect(apiRequests(sim, '/credentials')).toHaveLength(0);
  });

  it('--print-env piped is whole; --application-user is the application user; --url is the URL', async () => {
    const env = simEnv(sim);
    const [r, app] = await Promise.all([
      spawnCli(['database', 'connect', 'orders-pg', '--private', '--print-env'], { env }),
      spawnCli(['database', 'connect', 'orders-pg', '--print-env', '--application-user'], { env }),
    ]);
    expect(app.stdout).toContain("export PGUSER='app'");
    expect(app.stdout).toContain("export PGPASSWORD='app-");
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("export PGPASSWORD='pg-S3cret-orders'");
    expect(r.stdout).toContain("export PGHOST='orders-pg.svc.cluster.local'");
    expect(r.stdout).toContain("export PGPORT='5432'");
    const url = await spawnCli(['database', 'connect', 'orders-pg', '--private', '--url'], { env });
    expect(url.stdout.trim()).toMatch(/^postgresql:\/\/postgres:pg-S3cret-orders@/);
  });

  it("Ctrl-C while the client runs is the client's: our process waits and passes its exit code on", async () => {
    const fake = fakeClients(['psql']);
    const r = await spawnCli(['database', 'connect', 'orders-pg'], {
      env: { ...simEnv(sim), PATH: fake.dir, FAKE_OUT: fake.out, FAKE_EXIT: '3', FAKE_WAIT: '1' },
      stdinOpen: true,
      onStdout: (text, child) => {
        if (!text.includes('ready')) return;
        // As the terminal does: the signal to both processes; then the user quits the client.
        child.kill('SIGINT');
        setImmediate(() => child.stdin?.end('quit\n'));
      },
    });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).not.toMatch(/interrupted/i);
  });
});

describe('cache connect and queue connect', () => {
  it('valkey-cli first for a valkey cache, the password in REDISCLI_AUTH, never -a', async () => {
    const fake = fakeClients(['valkey-cli', 'redis-cli']);
    const r = await spawnCli(['cache', 'connect', 'queue-valkey', '--private', '--', 'ping'], { env: { ...simEnv(sim), PATH: fake.dir, FAKE_OUT: fake.out } });
    expect(r.code, r.stderr).toBe(0);
    const s = seen(fake.out);
    expect(s.name).toBe('valkey-cli');
    expect(s.argv).toEqual(['-h', 'queue-valkey.svc.cluster.local', '-p', '6379', 'ping']);
    expect(s.env.REDISCLI_AUTH).toBe('valkey-S3cret');
  });

  it('queue connect prints the AMQP URL whole when piped, and as AMQP_URL with --print-env', async () => {
    const env = simEnv(sim);
    const [url, vars] = await Promise.all([spawnCli(['queue', 'connect', 'events-rabbit'], { env }), spawnCli(['queue', 'connect', 'events-rabbit', '--print-env'], { env })]);
    expect(url.code, url.stderr).toBe(0);
    expect(url.stdout.trim()).toMatch(/^amqps:\/\/admin:rmq-S3cret-events@[^ ]+:5671\/$/);
    expect(vars.stdout.trim()).toBe(`export AMQP_URL='${url.stdout.trim()}'`);
  });
});
