// The account commands, the shorthands and the grouped top-level help through the real
// bin/infra (the built dist/) against the simulator over loopback. The simulator's clock
// stands still (a process has its own clock): the tests move it between runs.
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/commands/index.js';
import { HELP_GROUPS } from '../../src/cli/help.js';
import { REVIEW_SECONDS } from '../../src/sim/handlers/approvals.js';
import { spawnCli } from '../helpers/cli.js';
import { requestLines, SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

const idIn = (stdout: string) => /^Approval: +(\S+)$/m.exec(stdout)?.[1] ?? '';
const approvalGets = () => sim.requests.filter((q) => q.method === 'GET' && q.path.startsWith('/api/v1/approvals/')).length;
const request = async (reason: string) => {
  const r = await spawnCli(['account', 'limits', 'request', '--resource', 'vps', '--limit', '10', '--reason', reason], { env: simEnv(sim) });
  expect(r.code, r.stderr).toBe(0);
  return idIn(r.stdout);
};

describe('whoami and the approvals through bin/infra', () => {
  it('whoami: the user, the project, the registry namespace and the scope (exit 0)', async () => {
    const r = await spawnCli(['whoami'], { env: simEnv(sim, sim.tokens.default) });
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(sim).sort()).toEqual(['GET /api/user', 'GET /api/v1/user/teams']);
    expect(r.stdout).toMatch(/^User: +Sim Operator <operator@sim\.local>\n/);
    expect(r.stdout).toMatch(/^Registry: +acme /m);
    expect(r.stdout).toMatch(/^Token scope: this project only: main \(id 1\)$/m);
    expect(r.stderr).toBe('');
  });

  it('account limits request --json: the body sent and the 202 approval on stdout', async () => {
    const r = await spawnCli(['account', 'limits', 'request', '--resource', 'storage-gb', '--limit', '500', '--reason', 'backups', '--json'], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(0);
    expect(sim.requests.map((q) => [q.method, q.path, q.body])).toEqual([['POST', '/api/v1/account-limits/increase-requests', { reason: 'backups', requested_storage_gb: 500 }]]);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'pending', terminal: false, poll_after_ms: 30000 });
    expect(r.stderr).toBe('');
  });

  it('approvals get, then wait once the reviewer granted it: exit 0', async () => {
    const id = await request('growth');
    const get = await spawnCli(['approvals', 'get', id], { env: simEnv(sim) });
    expect(get.code).toBe(0);
    expect(get.stdout).toMatch(/^Status: +pending \(waiting for review\)$/m);
    expect(get.stderr).toBe(`hint: follow it with: infra approvals wait ${id}\n`);
    sim.world.clock.advance(REVIEW_SECONDS);
    const r = await spawnCli(['approvals', 'wait', id, '--json'], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, status: 'approved', terminal: true });
  });

  it('a refusal: exit 1 with the reviewer reason', async () => {
    const id = await request('reject me');
    sim.world.clock.advance(REVIEW_SECONDS);
    const r = await spawnCli(['approvals', 'wait', id], { env: simEnv(sim) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error: review of approval \S+ failed: approval\.rejected/);
    expect(r.stderr).toMatch(/message: The reviewer declined/);
    expect(r.stdout).toBe('');
  });

  it('timeout: exit 6 and a resume command that then finishes', async () => {
    const id = await request('soon');
    const r = await spawnCli(['approvals', 'wait', id, '--timeout', '1s'], { env: simEnv(sim) });
    expect(r.code).toBe(6);
    const resume = /resume waiting with: (infra .+)\n/.exec(r.stderr)?.[1];
    expect(resume).toBe(`infra approvals wait ${id}`);
    sim.world.clock.advance(REVIEW_SECONDS);
    const again = await spawnCli(resume!.split(' ').slice(1), { env: simEnv(sim) });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/finished: approved/);
  });

  it('Ctrl-C while waiting: exit 130 with the resume command', async () => {
    const id = await request('later');
    const r = await spawnCli(['approvals', 'wait', id], {
      env: simEnv(sim),
      onSpawn: (child) => {
        const timer = setInterval(() => {
          if (approvalGets() >= 1) {
            clearInterval(timer);
            child.kill('SIGINT');
          }
        }, 10);
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toContain(`resume waiting with: infra approvals wait ${id}`);
  });
});

describe('shorthands through bin/infra', () => {
  it('infra db ls is infra database list', async () => {
    const [short, long] = await Promise.all([spawnCli(['db', 'ls'], { env: simEnv(sim) }), spawnCli(['database', 'list'], { env: simEnv(sim) })]);
    expect(short.code, short.stderr).toBe(0);
    expect(short.stdout).toBe(long.stdout);
    expect(short.stdout).toContain('orders-pg');
    expect(requestLines(sim).filter((l) => l.startsWith('GET /api/v1/database'))).toHaveLength(2);
  });

  it('infra vps show <id> and infra vps rm <id> --yes', async () => {
    const id = SEED_IDS.vps[1]!;
    const show = await spawnCli(['vps', 'show', id, '--json'], { env: simEnv(sim) });
    expect(show.code, show.stderr).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({ id });
    const rm = await spawnCli(['vps', 'rm', id, '--yes'], { env: simEnv(sim) });
    expect(rm.code, rm.stderr).toBe(0);
    expect(requestLines(sim)).toContain(`DELETE /api/v1/vps/${id}`);
    // without --yes and no terminal: refused before any request, as delete is
    const before = sim.requests.length;
    const refused = await spawnCli(['vps', 'rm', SEED_IDS.vps[2]!], { env: simEnv(sim) });
    expect(refused.code).toBe(2);
    expect(sim.requests.slice(before).some((q) => q.method === 'DELETE')).toBe(false);
  });

  it('help of a shorthand is the help of the long word; an unknown shorthand place is still unknown', async () => {
    const [short, long, verb, longVerb] = await Promise.all([spawnCli(['db', '--help']), spawnCli(['database', '--help']), spawnCli(['vps', 'ls', '--help']), spawnCli(['vps', 'list', '--help'])]);
    expect(short.stdout).toBe(long.stdout);
    expect(long.stdout).toMatch(/^ {2}list\|ls \[options\]/m);
    expect(verb.stdout).toBe(longVerb.stdout);
    const wrong = await spawnCli(['static-sites', 'domains', 'rm', 'x']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("error: unknown command 'rm'");
  });
});

describe('infra --help stays one readable screen', () => {
  const nouns = [...new Set(COMMANDS.map((c) => c.path.split(' ')[0]!)), 'help'];

  it('every top-level noun of the manifest is in exactly one group', () => {
    const placed = (noun: string) => HELP_GROUPS.filter(([, names]) => names.includes(noun)).length;
    expect(nouns.filter((n) => placed(n) !== 1)).toEqual([]);
  });

  it('fits 80 columns, lists the nouns in at most 24 lines, each noun once', async () => {
    const r = await spawnCli(['--help']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.filter((l) => l.length > 80)).toEqual([]);
    const start = lines.findIndex((l) => l.startsWith('Commands'));
    const listing = lines.slice(start, lines.indexOf('', start));
    expect(listing.length).toBeGreaterThan(HELP_GROUPS.length);
    expect(listing.length).toBeLessThanOrEqual(24);
    // the groups' rows, then what the shorthands stand for (wrapped as the groups are)
    const shorthands = listing.findIndex((l) => /^ {2}Shorthands +db = database {2}k8s = kubernetes {2}ls = list/.test(l));
    expect(shorthands).toBeGreaterThan(0);
    const words = listing.slice(1, shorthands).join(' ').split(/\s+/);
    for (const noun of nouns)
      expect(
        words.filter((w) => w === noun),
        noun,
      ).toHaveLength(1);
    // no verbs at the top: they are in infra <noun> --help
    for (const verb of ['list', 'create', 'wait']) expect(words).not.toContain(verb);
  });
});
