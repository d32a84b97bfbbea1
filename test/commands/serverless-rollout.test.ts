// serverless list/get/create/update/delete against the simulator, in-process.
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import { useSimulator } from '../helpers/sim.js';
import { Capture, runCli } from '../helpers/cli.js';

let sim: Simulator;
let env: Record<string, string>;
useSimulator((s, e) => {
  sim = s;
  env = e;
});

/** A terminal as ora drives it (cursor movement is not needed to check the final line). */
class TtyCapture extends Capture {
  constructor() {
    super(true, 100);
  }
  cursorTo() {
    return true;
  }
  moveCursor() {
    return true;
  }
  clearLine() {
    return true;
  }
}

const cli = (argv: string[], opts: Parameters<typeof runCli>[1] = {}) => runCli(argv, { ...opts, env: { ...env, ...opts.env } });
const apiRequests = () => sim.requests;

describe('serverless list', () => {
  it('columns come from status_details, never the legacy status', async () => {
    const r = await cli(['serverless', 'list']);
    expect(r.code).toBe(0);
    const [header, ...rows] = r.stdout.trim().split('\n');
    expect(header).toBe('ID\tNAME\tSUMMARY\tHEALTH\tOPERATION\tTERMINAL\tGENERATION\tOBSERVED');
    expect(rows).toContain('102\tapi\tdegraded\thealthy\tfailed\tyes\t2/2\tjust now');
    expect(rows.find((l) => l.startsWith('103\t'))).toMatch(/^103\tworker\tfailed\tunhealthy\tfailed\tyes\t1\/1\t/);
    // batch is mid-rollout: the legacy string would say "running"; the view says in_progress.
    expect(rows).toContain('105\tbatch\tin_progress\tunknown\trunning\tno\t2/2\tjust now');
    expect(header).not.toMatch(/STATUS/);
  });

  it('shows the age of observed_at', async () => {
    sim.world.setFaults({ stale: true });
    sim.world.clock.advance(125);
    const r = await cli(['serverless', 'list'], { clock: { now: () => sim.world.now(), sleep: async () => {} } });
    expect(r.stdout).toMatch(/^101\tweb\tready\thealthy\tsucceeded\tyes\t3\/3\t2m ago \(stale\)$/m);
    expect(r.stderr).toMatch(/warning: the status of 6 containers \(web, api, worker, edge, batch, cron\) is stale/);
  });

  it('--json prints an array of containers; --page/--per-page are sent', async () => {
    const r = await cli(['serverless', 'list', '--json', '--per-page', '2', '--page', '2']);
    const items = JSON.parse(r.stdout) as { id: number; status_details: unknown }[];
    expect(items.map((c) => c.id)).toEqual([103, 104]);
    expect(items[0]!.status_details).toBeTruthy();
    expect(apiRequests().at(-1)?.query).toMatchObject({ page: '2', per_page: '2' });
  });

  it('--all follows every page', async () => {
    const r = await cli(['serverless', 'list', '--all', '--per-page', '4', '--json']);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBe(6);
  });

  it('colours summaries on a terminal', async () => {
    const stdout = new Capture(true, 120);
    const r = await cli(['serverless', 'list'], { stdout, env: { FORCE_COLOR: '1' } });
    expect(r.code).toBe(0);
    expect(stdout.text).toContain('\u001b[32mready\u001b[39m');
    expect(stdout.text).toContain('\u001b[33mdegraded\u001b[39m');
    expect(stdout.text).toContain('\u001b[31mfailed\u001b[39m');
  });
});

describe('serverless get', () => {
  it('a failed container: status view with the error', async () => {
    const r = await cli(['serverless', 'get', 'worker']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Summary: +failed$/m);
    expect(r.stdout).toMatch(/^Operation: +failed \(terminal\)$/m);
    expect(r.stdout).toMatch(/^Generation: +observed 1, spec 1$/m);
    expect(r.stdout).toMatch(/^Error code: +serverless\.image_not_found$/m);
    expect(r.stdout).toMatch(/^Reason: +ContainerMissing$/m);
    expect(r.stdout).toMatch(/^Retryable: +no$/m);
  });

  it('--json: the container object with url', async () => {
    const r = await cli(['serverless', 'get', '101', '--json']);
    const c = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(c).toMatchObject({ id: 101, name: 'web', spec_generation: 3, observed_generation: 3, url: 'https://web-main.containers.sim.local' });
  });

  it('flags a stale status', async () => {
    sim.world.setFaults({ stale: true });
    const r = await cli(['serverless', 'get', 'web']);
    expect(r.stdout).toMatch(/^Observed: .*STALE$/m);
    expect(r.stderr).toMatch(/warning: the status of web is stale/);
  });

  it('unknown name or id: exit 5', async () => {
    expect((await cli(['serverless', 'get', 'nope'])).code).toBe(5);
    expect((await cli(['serverless', 'get', '999'])).code).toBe(5);
  });
});

describe('validation before any request (exit 2)', () => {
  it.each([
    [['serverless', 'create', '--name', 'x', '--image', 'a:1', '--env', 'FOO'], /--env expects KEY=VALUE, got "FOO"/],
    [['serverless', 'create', '--name', 'x', '--image', 'a:1', '--env', '1X=2'], /--env: "1X" is not a valid variable name/],
    [['serverless', 'create', '--name', 'x', '--image', 'a:1', '--port', '70000'], /--port must be a whole number from 1 to 65535/],
    [['serverless', 'create', '--name', 'x', '--image', 'a:1', '--min', '4', '--max', '2'], /--min 4 is greater than --max 2/],
    [['serverless', 'create', '--name', 'x'], /--image/],
    [['serverless', 'create', '--name', 'x', '--image', 'a:1', '--wait', '--timeout', '10x'], /--timeout: "10x" is not a duration/],
    [['serverless', 'create', '--name', 'x', '--image', 'a:1', '--wait', '--interval', '5'], /--interval: "5" has no unit/],
    [['serverless', 'create', '--name', 'x', '--image', 'a:1', '--timeout', '5m'], /--timeout applies only with --wait/],
    [['serverless', 'update', 'web'], /nothing to update/],
    [['serverless', 'update', 'web', '--env', 'A=1', '--unset-env', 'A'], /A is given to both --env and --unset-env/],
    [['serverless', 'update', 'web', '--unset-env', 'A-B'], /--unset-env: "A-B" is not a valid variable name/],
    [['serverless', 'wait', 'web', '--generation', '0'], /--generation must be a whole number/],
    [['serverless', 'delete', 'web'], /refusing to delete web without confirmation/],
  ])('%j', async (argv, message) => {
    const r = await cli(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
    expect(apiRequests()).toHaveLength(0);
  });

  it('422 from the API is exit 2 with the field errors', async () => {
    const r = await cli(['serverless', 'create', '--name', 'web', '--image', 'a:1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/name: A container named "web" already exists/);
  });
});

describe('serverless create/update without --wait', () => {
  it('create --json prints the container object; stderr names the generation', async () => {
    const r = await cli(['serverless', 'create', '--name', 'fresh', '--image', 'registry.sim.local/acme/fresh:1', '--min', '1', '--max', '2', '--profile', 'medium', '--json']);
    expect(r.code).toBe(0);
    const c = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(c).toMatchObject({ name: 'fresh', spec_generation: 1, url: expect.stringContaining('fresh') as unknown });
    expect(r.stderr).toMatch(/created fresh \(id \d+\): generation 1/);
    expect(apiRequests().find((q) => q.method === 'POST')?.body).toEqual({ name: 'fresh', image_url: 'registry.sim.local/acme/fresh:1', min_instances: 1, max_instances: 2, resource_profile: 'medium' });
  });

  it('update merges --env/--unset-env into the current variables and sends the whole object', async () => {
    const r = await cli(['serverless', 'update', 'web', '--env', 'A=1', '--env', 'B=x=y', '--unset-env', 'LOG_LEVEL', '--port', '9000']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/updated web \(id 101\): generation 4/);
    expect(r.stderr).toMatch(/hint: follow the rollout with: infra serverless wait 101 --generation 4/);
    const methods = apiRequests().map((q) => `${q.method} ${q.path}`);
    expect(methods).toEqual(['GET /api/v1/serverless', 'GET /api/v1/serverless/101', 'PUT /api/v1/serverless/101']);
    expect(apiRequests().at(-1)?.body).toEqual({ port: 9000, environment_variables: { A: '1', B: 'x=y' } });
  });

  it('update with an id and no env flags: one PUT, nothing else', async () => {
    const r = await cli(['serverless', 'update', '101', '--image', 'registry.sim.local/acme/web:2', '-q']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(apiRequests().map((q) => `${q.method} ${q.path}`)).toEqual(['PUT /api/v1/serverless/101']);
  });

  it('unsetting a variable that is not set and nothing else: exit 2, no PUT', async () => {
    const r = await cli(['serverless', 'update', 'web', '--unset-env', 'NOPE']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/NOPE is not set on web/);
    expect(apiRequests().some((q) => q.method === 'PUT')).toBe(false);
  });
});

describe('serverless delete', () => {
  it('--yes deletes without asking', async () => {
    const r = await cli(['serverless', 'delete', '101', '--yes', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: 101, deleted: true });
    expect(apiRequests().map((q) => q.method)).toEqual(['DELETE']);
  });

  it('on a terminal, asks to type the name', async () => {
    const questions: string[] = [];
    const prompter = { secret: async () => '', text: async (q: string) => (questions.push(q), 'web') };
    const r = await cli(['serverless', 'delete', 'web'], { stdinTTY: true, prompter });
    expect(r.code).toBe(0);
    expect(questions[0]).toMatch(/Delete container web \(id 101\).*Type its name to confirm/);
    expect(r.stderr).toMatch(/deleted web \(id 101\)/);
    expect(apiRequests().at(-1)?.method).toBe('DELETE');
  });

  it('a wrong answer deletes nothing (exit 1)', async () => {
    const prompter = { secret: async () => '', text: async () => 'y' };
    const r = await cli(['serverless', 'delete', '101'], { stdinTTY: true, prompter });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not deleted: "y" is not web/);
    expect(apiRequests().some((q) => q.method === 'DELETE')).toBe(false);
  });
});

describe('progress output', () => {
  it('piped: timestamped lines per phase; -q: none', async () => {
    const t = setInterval(() => sim.world.clock.advance(1), 5);
    try {
      const r = await cli(['serverless', 'update', 'web', '--image', 'registry.sim.local/acme/web:2', '--wait', '--interval', '100ms']);
      expect(r.code).toBe(0);
      const lines = r.stderr.trim().split('\n');
      expect(lines[0]).toBe('updated web (id 101): generation 4');
      for (const l of lines.slice(1)) expect(l).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /);
      expect(new Set(lines).size).toBe(lines.length);
      const q = await cli(['serverless', 'update', 'web', '--image', 'registry.sim.local/acme/web:3', '--wait', '--interval', '100ms', '-q']);
      expect(q.code).toBe(0);
      expect(q.stderr).toBe('');
    } finally {
      clearInterval(t);
    }
  });

  it('on a terminal: a spinner that ends with a success mark', async () => {
    const t = setInterval(() => sim.world.clock.advance(1), 5);
    try {
      const stderr = new TtyCapture();
      const r = await cli(['serverless', 'update', 'web', '--image', 'registry.sim.local/acme/web:2', '--wait', '--interval', '100ms'], { stderr });
      expect(r.code).toBe(0);
      expect(stderr.text).toMatch(/✔(\u001b\[39m)? generation 4 of web is ready/);
      expect(stderr.text).toMatch(/generation 4 queued · 0s/);
    } finally {
      clearInterval(t);
    }
  });
});

describe('help', () => {
  it.each(['list', 'get', 'create', 'update', 'redeploy', 'wait', 'delete'])('serverless %s --help has examples', async (verb) => {
    const r = await runCli(['serverless', verb, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Examples:\n {2}infra serverless /);
  });
});
