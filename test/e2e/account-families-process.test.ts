// Kubernetes, notifications, support, search, partner administration and health through the
// real bin/infra (the built bundle) against the simulator: each command's chunk loads and reads
// or writes the real-shaped answers. The reads run as one table, a few processes at a time; the
// writes, waits and refusals each check what the server received.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { K8S_SEED } from '../../src/sim/families/kubernetes.js';
import { CLOSED_API_URL, spawnCli, tempConfigDir } from '../helpers/cli.js';
import { requestLines, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

/** [argv, exit code, a pattern stdout must match, a pattern stderr must match]. */
const READS: [string[], number, RegExp, RegExp][] = [
  [['kubernetes', 'list'], 0, /\tprod-k8s\trunning\t1\.35\t5\t2\t/, /^$/],
  [['k8s', 'get', 'ml-k8s'], 0, /Pool gpu-fail: 1 × xlarge \(error\)/, /^$/],
  [['k8s', 'get', 'staging-k8s', '--json'], 0, /"status": "provisioning"/, /^$/],
  [['notifications'], 0, /^6f1c0d2e-0001\S*\tunread\tcritical\tresource_failed\t/m, /^2 unread\n$/],
  [['notifications', 'count'], 0, /^2\n$/, /^$/],
  [['notifications', 'preferences', 'get', '--enabled'], 0, /^resource_failed\tmail\tyes\tinstant$/m, /^$/],
  [['support', 'list'], 0, /^TCK-00042\twaiting_customer\thigh\ttechnical\t/m, /^$/],
  [['support', 'get', 'TCK-00042'], 0, /--- support \(Support, [^)]+\)\nCould you try the pool again in fsn1\?/, /^$/],
  [['search', 'orders'], 0, /^database\torders-pg\t[0-9a-f-]{36}\tinfra database get orders-pg$/m, /^$/],
  [['partner', 'tier'], 0, /Tier:\s+silver\n/, /^$/],
  [['partner', 'usage', '--period', '2026-10'], 0, /Period:\s+2026-10\n/, /^$/],
  [['partner', 'sub-teams', 'list'], 0, /^501\tGlobex\thank@globex\.example\tyes\t/m, /^$/],
  [['partner', 'sub-teams', 'get', 'Globex'], 0, /has_api_key:\s+true/, /^$/],
  [['partner', 'sub-teams', 'usage', '501'], 0, /billing_period:\s+\d{4}-\d{2}/, /^$/],
  [['health'], 0, /^healthy: http:\/\/127\.0\.0\.1:\d+ answered 200 in \d+ ms \(it says "OK"\)\n$/, /^$/],
];

/** Bad input: refused with exit 2 before any request. */
const REFUSED: [string[], RegExp][] = [
  [['k8s', 'create', '--name', 'x', '--pool', 'a:huge:3'], /--pool: unknown plan "huge"/],
  [['k8s', 'create', '--name', 'x', '--pool', 'a:small:3', '--nodes', '2'], /give --pool or --plan\/--nodes, not both/],
  [['k8s', 'scale', 'prod-k8s', '--count', '0'], /--count must be a whole number from 1 to 100/],
  [['k8s', 'pools', 'add', 'prod-k8s', '--name', 'Bad_Name', '--plan', 'small', '--count', '1'], /--name takes a pool name/],
  [['k8s', 'pools', 'remove', 'prod-k8s', 'batch'], /refusing to remove pool batch of prod-k8s without confirmation/],
  [['notifications', 'preferences', 'set', 'no_such_category', 'mail', 'on'], /no_such_category/],
  [['partner', 'usage', '--period', '2026-13'], /--period takes a month as yyyy-mm/],
  [['partner', 'sub-teams', 'regenerate-key', 'Globex'], /refusing to regenerate the API key of Globex without confirmation/],
  [['search', 'x'], /search needs at least 2 characters/],
];

describe('Kubernetes, the inbox, search, partner and health through bin/infra', () => {
  it('every read: its exit code and output', async () => {
    const results = [];
    for (let i = 0; i < READS.length; i += 4) results.push(...(await Promise.all(READS.slice(i, i + 4).map(([argv]) => spawnCli(argv, { env: simEnv(sim), timeoutMs: 60_000 })))));
    results.forEach((r, i) => {
      const [argv, code, out, err] = READS[i]!;
      const what = argv.join(' ');
      expect(r.code, `${what}: ${r.stderr}`).toBe(code);
      expect(r.stdout, what).toMatch(out);
      expect(r.stderr, what).toMatch(err);
    });
  }, 300_000);

  it('bad input: exit 2 with one line naming the problem, and nothing sent', async () => {
    sim.requests.length = 0;
    const results = [];
    for (let i = 0; i < REFUSED.length; i += 4) results.push(...(await Promise.all(REFUSED.slice(i, i + 4).map(([argv]) => spawnCli(argv, { env: simEnv(sim), timeoutMs: 60_000 })))));
    results.forEach((r, i) => {
      const [argv, message] = REFUSED[i]!;
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr, argv.join(' ')).toMatch(message);
      expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
    });
    // A pool removal resolves the cluster's name only after it is confirmed: no request at all.
    expect(requestLines(sim)).toEqual([]);
  }, 300_000);

  it('kubernetes create --wait: the POST body, then polls until running (exit 0), the id on stdout', async () => {
    sim.requests.length = 0;
    // The simulator is frozen: its clock moves 5 s every 200 ms of real time while the CLI waits.
    const tick = setInterval(() => sim.world.clock.advance(5), 200);
    const r = await spawnCli(['k8s', 'create', '--name', 'ci', '--pool', 'default:small:2', '--pool', 'workers:large:3', '--wait', '--interval', '1s'], {
      env: simEnv(sim),
      timeoutMs: 90_000,
    }).finally(() => clearInterval(tick));
    expect(r.code, r.stderr).toBe(0);
    expect(sim.requests.find((q) => q.method === 'POST')?.body).toEqual({
      name: 'ci',
      k8s_version: '1.35',
      pools: [
        { name: 'default', plan: 'small', count: 2 },
        { name: 'workers', plan: 'large', count: 3 },
      ],
    });
    expect(r.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(r.stderr).toMatch(/create of ci finished: ready/);
  }, 120_000);

  it('kubernetes scale --wait ends ready; a scale while provisioning is a 409 explained with the wait that gets out of it', async () => {
    sim.requests.length = 0;
    const tick = setInterval(() => sim.world.clock.advance(5), 200);
    const ok = await spawnCli(['k8s', 'scale', 'prod-k8s', '--pool', 'batch', '--count', '4', '--wait', '--interval', '1s'], { env: simEnv(sim), timeoutMs: 90_000 }).finally(() =>
      clearInterval(tick),
    );
    expect(ok.code, ok.stderr).toBe(0);
    expect(sim.requests.find((q) => q.method === 'POST')).toMatchObject({ path: `/api/v1/kubernetes/${K8S_SEED.prod}/scale`, body: { count: 4, pool: 'batch' } });
    expect(ok.stderr).toMatch(/scale of prod-k8s finished: ready/);

    // staging-k8s provisions for a minute after the reset: the API refuses the scale.
    sim.world.reset();
    const refused = await spawnCli(['k8s', 'scale', 'staging-k8s', '--count', '3'], { env: simEnv(sim) });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: scale of staging-k8s to 3 nodes refused \(409 on POST \/api\/v1\/kubernetes\/[0-9a-f-]+\/scale\): the cluster is provisioning\n/);
    expect(refused.stderr).toMatch(/hint: wait until it settles with 'infra kubernetes wait staging-k8s', then run this again/);
    // A failed pool: the way out is its removal.
    const failed = await spawnCli(['k8s', 'pools', 'add', 'ml-k8s', '--name', 'more', '--plan', 'small', '--count', '1'], { env: simEnv(sim) });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/the cluster is in error \(pool gpu-fail failed\)/);
    expect(failed.stderr).toMatch(/'infra kubernetes pools remove ml-k8s gpu-fail'/);
  }, 120_000);

  it('notifications read-all: one POST, then none unread', async () => {
    sim.requests.length = 0;
    const r = await spawnCli(['notifications', 'read-all'], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('marked 2 notifications as read\n');
    expect(requestLines(sim)).toEqual(['POST /api/v1/notifications/mark-all-read']);
    const count = await spawnCli(['notifications', 'count'], { env: simEnv(sim) });
    expect(count.stdout).toBe('0\n');
  }, 60_000);

  it('support create: the message from a file is what the API receives; under CI without a message: exit 2, nothing sent', async () => {
    const file = join(tempConfigDir(), 'notes.txt');
    writeFileSync(file, 'The pool gpu of ml-k8s fails.\nTried twice.\n');
    sim.requests.length = 0;
    const r = await spawnCli(['support', 'create', '--subject', 'GPU pool fails', '--type', 'technical', '--priority', 'high', '--message-file', file], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^TCK-\d{5}\n$/);
    expect(sim.requests.map((q) => [q.method, q.path, q.body])).toEqual([
      ['POST', '/api/v1/support-tickets', { type: 'technical', priority: 'high', subject: 'GPU pool fails', message: 'The pool gpu of ml-k8s fails.\nTried twice.' }],
    ]);

    sim.requests.length = 0;
    const ci = await spawnCli(['support', 'reply', 'TCK-00042'], { env: { ...simEnv(sim), CI: 'true' } });
    expect(ci.code).toBe(2);
    expect(ci.stderr).toMatch(/^error: the reply is missing: give --message or --message-file \(CI is set, so no editor is opened\); nothing was sent\n/);
    expect(requestLines(sim)).toEqual([]);
  }, 60_000);

  it('a name no VPS has but a database has: the not-found (exit 5) says where it is, after one search', async () => {
    sim.requests.length = 0;
    const r = await spawnCli(['vps', 'get', 'orders-pg'], { env: simEnv(sim) });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^error: no VPS with the id or name "orders-pg" in this project/);
    expect(r.stderr).toMatch(/\nhint: orders-pg is a database: 'infra database get orders-pg'\n$/);
    expect(sim.requests.filter((q) => q.path === '/api/v1/resources/search').map((q) => q.query)).toEqual([{ q: 'orders-pg' }]);
    // A name nothing has: the plain not-found with its list hint.
    const none = await spawnCli(['vps', 'get', 'nothing-here'], { env: simEnv(sim) });
    expect(none.code).toBe(5);
    expect(none.stderr).toMatch(/hint: 'infra vps list' shows them/);
  }, 60_000);

  it('partner sub-teams regenerate-key: the key once on stdout with a warning on stderr; --json carries it', async () => {
    const r = await spawnCli(['partner', 'sub-teams', 'regenerate-key', 'Globex', '--yes'], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^dd_sub_501_\w+\n$/);
    expect(r.stderr).toMatch(/^warning: the API key of Globex is shown only this once/);
    const j = await spawnCli(['partner', 'sub-teams', 'regenerate-key', '501', '--yes', '--json'], { env: simEnv(sim) });
    const key = (JSON.parse(j.stdout) as { api_key: string }).api_key;
    expect(key).toMatch(/^dd_sub_501_/);
    expect(key).not.toBe(r.stdout.trim());
    expect(j.stdout.split(key).length).toBe(2);
  }, 60_000);

  it('health against an API that does not answer: exit 7', async () => {
    const r = await spawnCli(['health'], { env: { INFRA_API_URL: CLOSED_API_URL, INFRA_TOKEN: 'sim_admin_0a1b2c3d4e5f' }, timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(7);
    expect(r.stdout).toBe('');
  }, 60_000);
});
