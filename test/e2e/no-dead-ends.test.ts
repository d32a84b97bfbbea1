// The dead ends of issue 15, each through the real bin/infra: what used to hang, crash, exit
// 0 silently or say the wrong thing now ends with one clear line and the documented code.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { spawnCli, tempConfigDir } from '../helpers/cli.js';
import { requestLines, SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

describe('unknown commands and bare groups', () => {
  it('an unknown subcommand with --help: exit 2 naming the known ones (it printed the parent help, exit 0)', async () => {
    const r = await spawnCli(['serverless', 'frobnicate', '--help']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("error: unknown command 'frobnicate'");
    expect(r.stderr).toMatch(/hint: infra serverless has: list, get, .*diagnose/);
  });

  it('a group without its subcommand: its help on stderr, exit 2 (it exited 0)', async () => {
    const r = await spawnCli(['serverless', '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Usage: infra serverless [options] [command]');
  });

  it('infra help a b: the help of `a b` (it showed the help of `a`)', async () => {
    const r = await spawnCli(['help', 'serverless', 'logs']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: infra serverless logs [options] <id>');
    const deep = await spawnCli(['help', 'database', 'dns', 'enable']);
    expect(deep.stdout).toContain('Usage: infra database dns enable [options] <id>');
  });
});

describe('hints that agree with the failure', () => {
  let sim: Simulator;
  useSimulator((s) => (sim = s));

  it('a token scoped to another project: the hint says so (it blamed a missing permission)', async () => {
    const r = await spawnCli(['serverless', 'list', '--project', String(SEED_IDS.teams.main)], { env: simEnv(sim, sim.tokens.other_project) });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('hint: the token is limited to another project');
    expect(r.stderr).not.toContain('lacks the serverless:read permission');
  });

  it('serverless get of a failed container says what to fix and that a retry will not help', async () => {
    const r = await spawnCli(['serverless', 'get', 'api'], { env: simEnv(sim) });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Retryable:\s+no: retrying will not help/);
    expect(r.stdout).toMatch(/Fix:\s+the container starts and exits repeatedly: fix the application \(infra serverless logs \S+\)/);
  });
});

describe('serverless get and create', () => {
  let sim: Simulator;
  useSimulator((s) => (sim = s));

  it('get shows port, environment keys (values masked), scale, profile, revision, deployments and times (it hid them)', async () => {
    const r = await spawnCli(['serverless', 'get', 'web'], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(0);
    for (const line of [
      /^Port: +8080$/m,
      /^Scale: +1-3 instances$/m,
      /^Profile: +small$/m,
      /^Environment: +LOG_LEVEL=\*{8}$/m,
      /^Revision: +web-00003$/m,
      /^Deployments: +3$/m,
      /^Created: +\S+Z \(/m,
      /^Updated: +\S+Z \(/m,
      /^Deployed: +\S+Z \(/m,
    ])
      expect(r.stdout).toMatch(line);
    const shown = await spawnCli(['serverless', 'get', 'web', '--show-secrets'], { env: simEnv(sim) });
    expect(shown.stdout).toMatch(/^Environment: +LOG_LEVEL=info$/m);
  });

  it('create without --json prints the new id on stdout, the rest on stderr (stdout was empty)', async () => {
    const r = await spawnCli(['serverless', 'create', '--name', 'fresh', '--image', 'registry.sim.local/acme/fresh:1'], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(0);
    const created = sim.world.containers.list(SEED_IDS.teams.main).find((c) => c.name === 'fresh');
    expect(r.stdout).toBe(`${created!.id}\n`);
    expect(r.stderr).toContain('fresh');
  });
});

describe('the simulator on a busy port', () => {
  it('says the port is in use and what to do, exit 2 (it printed "unexpected error: listen EADDRINUSE")', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      const r = await spawnCli(['sim', '--port', String(port)]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`error: port ${port} is in use; try --port 0`);
      expect(r.stderr).not.toContain('unexpected');
    } finally {
      busy.close();
    }
  });
});

describe('infra --help for a new user', () => {
  it('shows four examples, the environment variables and where to start, within 80 columns (it had none)', async () => {
    for (const argv of [['--help'], []]) {
      const r = await spawnCli(argv);
      expect(r.code).toBe(0);
      const out = r.stdout;
      const examples = out.slice(out.indexOf('Examples:')).split('\n\n')[0]!.split('\n').slice(1);
      expect(examples).toHaveLength(4);
      for (const v of ['INFRA_TOKEN', 'INFRA_API_URL', 'INFRA_PROJECT', 'NO_COLOR']) expect(out).toContain(v);
      expect(out).toContain('Where to start:');
      expect(Math.max(...out.split('\n').map((l) => l.length))).toBeLessThanOrEqual(80);
    }
  });
});

describe('config list', () => {
  it('shows each setting in effect with its source: flag, env, config, default (it showed only the config file)', async () => {
    const env = { INFRA_CONFIG_DIR: tempConfigDir(), INFRA_TOKEN: 'tok-secret-42' };
    expect((await spawnCli(['config', 'set', 'api-url', 'https://api.example.com'], { env })).code).toBe(0);
    const r = await spawnCli(['config', 'list', '--project', 'staging'], { env: { ...env, NO_COLOR: '1', INFRA_API_URL: undefined } });
    expect(r.code).toBe(0);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows[0]).toEqual(['KEY', 'VALUE', 'SOURCE']);
    const byKey = Object.fromEntries(rows.slice(1).map(([k, v, s]) => [k, [v, s]]));
    expect(byKey['api-url']).toEqual(['https://api.example.com', `config (${join(env.INFRA_CONFIG_DIR, 'config.json')})`]);
    expect(byKey.project).toEqual(['staging', 'flag (--project)']);
    expect(byKey.token).toEqual(['(hidden)', 'env (INFRA_TOKEN)']);
    expect(byKey.color).toEqual(['off', 'env (NO_COLOR)']);
    expect(byKey.output).toEqual(['human', 'default']);
    expect(r.stdout).not.toContain('tok-secret-42');
  });
});

describe('a bad flag value', () => {
  it('names the flag once and points at the command own help (it said --timeout twice and pointed at infra --help)', async () => {
    const r = await spawnCli(['serverless', 'update', 'web', '--image', 'x', '--wait', '--timeout', '5x']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.match(/--timeout/g)).toHaveLength(1);
    expect(lines[0]).toContain('"5x" is not a duration');
    expect(lines[1]).toBe("hint: see 'infra serverless update --help'");
  });
});

describe('infra api with a full URL', () => {
  let sim: Simulator;
  useSimulator((s) => (sim = s));

  it('follows a URL on the configured host (it refused every full URL)', async () => {
    const r = await spawnCli(['api', `${sim.url}/api/v1/user/teams`], { env: simEnv(sim) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveProperty('current_team_id');
    expect(requestLines(sim)).toContain('GET /api/v1/user/teams');
  });

  it('refuses any other host before a request: the token never leaves (exit 2)', async () => {
    const other = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    let connections = 0;
    other.on('connection', () => connections++);
    try {
      const port = (other.address() as AddressInfo).port;
      const r = await spawnCli(['api', `http://127.0.0.1:${port}/api/v1/user/teams`], { env: simEnv(sim) });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`error: refusing to send the token to http://127.0.0.1:${port}`);
      expect(connections).toBe(0);
      expect(requestLines(sim)).toEqual([]);
    } finally {
      other.close();
    }
  });
});

describe('a retryable failure: every command gives the same advice', () => {
  let sim: Simulator;
  // Real time for real processes; the simulator runs 300x so the rollout fails within a second.
  useSimulator((s) => (sim = s), { speed: 300 });

  it('update --wait, get and diagnose all say a retry may help (update said it would fail the same way)', async () => {
    const env = simEnv(sim);
    const wait = await spawnCli(['serverless', 'update', 'web', '--image', 'registry.sim.local/acme/web:flaky', '--wait', '--interval', '200ms'], { env });
    expect(wait.code).toBe(3);
    expect(wait.stderr).toMatch(/serverless\.image_pull_unknown/);
    expect(wait.stderr).toMatch(/hint: .*a redeploy may help/);
    expect(wait.stderr).not.toMatch(/fails the same way|will not help/);
    const get = await spawnCli(['serverless', 'get', 'web'], { env });
    expect(get.stdout).toMatch(/^Retryable: +yes: a retry may help$/m);
    const diagnose = await spawnCli(['serverless', 'diagnose', 'web'], { env });
    expect(diagnose.stdout).toMatch(/serverless\.image_pull_unknown +\(retryable\)/);
    expect(diagnose.stdout).toMatch(/a redeploy may help/);
    expect(`${get.stdout}${diagnose.stdout}`).not.toMatch(/will not help/);
  });
});
