// serverless list/get/create/update/delete against the simulator, in-process, in the real
// dialect (UUID ids, image + image_tag, min_scale/max_scale, slug, the whole env map on PUT).
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../../src/sim/server.js';
import { SEED_IDS } from '../../../src/sim/state/seed.js';
import { settle } from '../../../src/sim/state/containers.js';
import { Capture, runCli, type InProcessOptions } from '../../helpers/cli.js';
import { cli as simCli, REG, requestLines, simApi, useHarness, useSimulator, type Harness } from '../../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

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

/** The CLI reads "now" from the simulator's frozen clock, so ages do not drift with real time. */
const cli = (argv: string[], opts: InProcessOptions = {}) => simCli(sim, argv, opts);
const apiRequests = () => sim.requests;
const container = (id: string) => settle(sim.world.containers.findAnyTeam(id)!, sim.world.now());
const named = (name: string) => sim.world.containers.all().find((c) => c.teamId === SEED_IDS.teams.main && c.name === name);
const { web, api, worker, batch } = SEED_IDS;

describe('serverless list', () => {
  it('columns come from status_details, never the legacy status', async () => {
    const r = await cli(['serverless', 'list']);
    expect(r.code).toBe(0);
    const [header, ...rows] = r.stdout.trim().split('\n');
    expect(header).toBe('ID\tNAME\tSUMMARY\tHEALTH\tOPERATION\tTERMINAL\tGENERATION\tOBSERVED');
    expect(rows).toContain(`${api}\tapi\tdegraded\thealthy\tfailed\tyes\t2/2\t19m ago`);
    expect(rows.find((l) => l.startsWith(`${worker}\t`))).toMatch(new RegExp(`^${worker}\\tworker\\tfailed\\tunhealthy\\tfailed\\tyes\\t1/1\\t`));
    // batch is mid-rollout: the legacy string says "running"; the view says in_progress.
    expect(rows).toContain(`${batch}\tbatch\tin_progress\tunknown\trunning\tno\t2/2\t3s ago`);
    expect(header).not.toMatch(/STATUS/);
    expect(apiRequests().map((q) => q.query)).toEqual([{ page: '1', per_page: '200' }]);
  });

  it('shows the age of observed_at', async () => {
    sim.world.setFaults({ stale: true });
    sim.world.clock.advance(125);
    const r = await cli(['serverless', 'list']);
    // The stale status is the one last observed: batch's rollout, seen starting 2 minutes ago.
    expect(r.stdout).toMatch(new RegExp(`^${batch}\\tbatch\\tin_progress\\tunknown\\trunning\\tno\\t2/2\\t2m ago \\(stale\\)$`, 'm'));
    expect(r.stderr).toMatch(/warning: the status of 6 containers \(web, api, worker, edge, batch, cron\) is stale/);
  });

  it('--json prints the items as the API sent them; --page/--per-page are sent', async () => {
    const r = await cli(['serverless', 'list', '--json', '--per-page', '2', '--page', '2']);
    const items = JSON.parse(r.stdout) as { id: string; image: string; image_tag: string; status_details: unknown }[];
    expect(items.map((c) => c.id)).toEqual([worker, SEED_IDS.edge]);
    expect(items[0]).toMatchObject({ image: `${REG}/worker`, image_tag: 'missing', min_scale: 0, max_scale: 3, status_details: { summary: 'failed' } });
    expect(apiRequests().at(-1)?.query).toEqual({ page: '2', per_page: '2' });
  });

  it('--all follows every page', async () => {
    const r = await cli(['serverless', 'list', '--all', '--per-page', '4', '--json']);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBe(6);
    expect(apiRequests().map((q) => q.query.page)).toEqual(['1', '2']);
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
    expect(r.stdout).toMatch(new RegExp(`^ID: +${worker}$`, 'm'));
    expect(r.stdout).toMatch(/^Image: +registry\.sim\.local\/acme\/worker:missing$/m);
    expect(r.stdout).toMatch(/^Summary: +failed$/m);
    expect(r.stdout).toMatch(/^Operation: +failed \(terminal\)$/m);
    expect(r.stdout).toMatch(/^Generation: +observed 1, spec 1$/m);
    expect(r.stdout).toMatch(/^Error code: +serverless\.image_not_found$/m);
    expect(r.stdout).toMatch(/^Reason: +ContainerMissing$/m);
    expect(r.stdout).toMatch(/^Retryable: +no: retrying will not help$/m);
    // A name costs one list request, then the container is read by its id.
    expect(requestLines(sim)).toEqual(['GET /api/v1/serverless', `GET /api/v1/serverless/${worker}`]);
  });

  it('--json: the container object with url; an id costs no list request', async () => {
    const r = await cli(['serverless', 'get', web, '--json']);
    const c = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(c).toMatchObject({ id: web, name: 'web', slug: 'web', image: `${REG}/web`, image_tag: '1.2.0', spec_generation: 3, observed_generation: 3, url: `${sim.url}/containers/web-main` });
    expect(requestLines(sim)).toEqual([`GET /api/v1/serverless/${web}`]);
  });

  it('flags a stale status', async () => {
    sim.world.setFaults({ stale: true });
    const r = await cli(['serverless', 'get', 'web']);
    expect(r.stdout).toMatch(/^Observed: .*STALE$/m);
    expect(r.stderr).toMatch(/warning: the status of web is stale/);
  });

  it('unknown name or id: exit 5', async () => {
    expect((await cli(['serverless', 'get', 'nope'])).code).toBe(5);
    expect((await cli(['serverless', 'get', '00000000-0000-4000-8000-000000000000'])).code).toBe(5);
  });
});

describe('validation before any request (exit 2)', () => {
  it.each([
    [['serverless', 'create', '--name', 'x', '--image', 'a:1', '--env', 'FOO'], /--env expects KEY=VALUE, got "FOO"/],
    [['serverless', 'create', '--name', 'x', '--image', 'a:1', '--env', '1X=2'], /--env: "1X" is not a valid variable name/],
    [['serverless', 'create', '--name', 'x', '--image', 'a:1', '--port', '70000'], /--port must be a whole number from 1 to 65535/],
    [['serverless', 'create', '--name', 'x', '--image', 'a:1', '--min', '4', '--max', '2'], /--min 4 is greater than --max 2/],
    [['serverless', 'create', '--name', 'x', '--image', 'a:1', '--min', '5'], /--min 5 is greater than the maximum scale 3/],
    [['serverless', 'create', '--name', 'x', '--image', 'a:1', '--profile', 'huge'], /--profile must be one of free, micro, small, medium, large/],
    [['serverless', 'update', 'web', '--profile', 'xl'], /--profile must be one of free, micro, small, medium, large/],
    [['serverless', 'create', '--name', 'x', '--image', 'a:1', '--slug', 'Bad_Slug'], /--slug takes lowercase letters, digits and hyphens/],
    [['serverless', 'create', '--name', '___', '--image', 'a:1'], /cannot derive a slug from the name "___"/],
    [['serverless', 'create', '--name', 'x', '--image', 'a@sha256:0123'], /--image a@sha256:0123: a digest reference cannot be sent/],
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

  it('a 422 from the API is exit 2 with its field errors, one line each', async () => {
    // The CLI cannot know the registry's naming rules; the API checks them.
    const r = await cli(['serverless', 'create', '--name', 'bad', '--image', 'Bad/Img:-x']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')).toEqual([
      'error: The image field format is invalid: a repository without tag or digest (send the tag in image_tag). (and 1 more error) (422 on POST /api/v1/serverless)',
      '  image: The image field format is invalid: a repository without tag or digest (send the tag in image_tag).',
      '  image_tag: The image tag field format is invalid.',
      '',
    ]);
    expect(requestLines(sim)).toEqual(['POST /api/v1/serverless']);
    expect(named('bad')).toBeUndefined();
  });

  it('a slug already taken: the 422 names the field', async () => {
    const r = await cli(['serverless', 'create', '--name', 'web', '--image', 'a:1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('  slug: The slug has already been taken.\n');
  });
});

describe('serverless create without --wait', () => {
  it('prints the new id on stdout and nothing else; stderr names the generation and how to follow it', async () => {
    const r = await cli(['serverless', 'create', '--name', 'fresh', '--image', `${REG}/fresh:1`]);
    expect(r.code).toBe(0);
    const id = named('fresh')!.id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.stdout).toBe(`${id}\n`);
    expect(r.stderr).toBe(`created fresh (id ${id}): generation 1\nhint: follow the rollout with: infra serverless wait fresh --generation 1\n`);
    expect(requestLines(sim)).toEqual(['POST /api/v1/serverless']);
  });

  it('--json prints the container object (and no id line); the body carries the defaults the API requires', async () => {
    const r = await cli(['serverless', 'create', '--name', 'fresh', '--image', `${REG}/fresh:1`, '--min', '1', '--max', '2', '--profile', 'medium', '--json']);
    expect(r.code).toBe(0);
    const c = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(c).toMatchObject({ id: named('fresh')!.id, name: 'fresh', slug: 'fresh', spec_generation: 1, url: `${sim.url}/containers/fresh-main` });
    expect(r.stderr).toMatch(/^created fresh \(id [0-9a-f-]{36}\): generation 1$/m);
    expect(apiRequests().find((q) => q.method === 'POST')?.body).toEqual({
      name: 'fresh',
      slug: 'fresh',
      deployment_type: 'docker_image',
      image: `${REG}/fresh`,
      image_tag: '1',
      port: 8080,
      resource_profile: 'medium',
      min_scale: 1,
      max_scale: 2,
    });
  });

  it.each([
    ['--slug given', ['--name', 'fresh', '--slug', 'fresh-eu'], 'fresh', 'fresh-eu'],
    ['slug derived from the name', ['--name', 'My_App.v2'], 'My_App.v2', 'my-app-v2'],
  ])('%s', async (_what, flags, name, slug) => {
    const r = await cli(['serverless', 'create', ...flags, '--image', `${REG}/fresh:1`, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(apiRequests()[0]?.body).toMatchObject({ name, slug });
    expect(JSON.parse(r.stdout)).toMatchObject({ name, slug, url: `${sim.url}/containers/${slug}-main` });
  });

  it.each([
    ['registry.sim.local/acme/fresh:2.1', 'registry.sim.local/acme/fresh', '2.1'],
    ['registry.sim.local:5000/acme/fresh', 'registry.sim.local:5000/acme/fresh', 'latest'],
    ['registry.sim.local:5000/acme/fresh:v3', 'registry.sim.local:5000/acme/fresh', 'v3'],
    ['nginx', 'nginx', 'latest'],
  ])('--image %s is sent as image %s, image_tag %s', async (ref, image, tag) => {
    const r = await cli(['serverless', 'create', '--name', 'fresh', '--image', ref]);
    expect(r.code, r.stderr).toBe(0);
    expect(apiRequests()[0]?.body).toMatchObject({ image, image_tag: tag });
    expect(apiRequests()[0]?.body).not.toHaveProperty('image_url');
    expect(named('fresh')!.spec).toMatchObject({ image, image_tag: tag });
  });
});

describe('serverless update without --wait', () => {
  it('merges --env/--unset-env into the current variables and sends the whole map', async () => {
    const r = await cli(['serverless', 'update', 'web', '--env', 'A=1', '--env', 'B=x=y', '--unset-env', 'LOG_LEVEL', '--port', '9000']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`updated web (id ${web}): generation 4\nhint: follow the rollout with: infra serverless wait web --generation 4\n`);
    // The list item that resolved the name carries the variables: no extra read.
    expect(requestLines(sim)).toEqual(['GET /api/v1/serverless', `PUT /api/v1/serverless/${web}`]);
    expect(apiRequests().at(-1)?.body).toEqual({ port: 9000, environment_variables: { A: '1', B: 'x=y' } });
    expect(container(web).spec.environment_variables).toEqual({ A: '1', B: 'x=y' });
  });

  it('a variable not named is kept: the PUT replaces the map, so the CLI sends it whole', async () => {
    const r = await cli(['serverless', 'update', 'web', '--env', 'A=1']);
    expect(r.code).toBe(0);
    expect(apiRequests().at(-1)?.body).toEqual({ environment_variables: { LOG_LEVEL: 'info', A: '1' } });
    expect(container(web).spec.environment_variables).toEqual({ LOG_LEVEL: 'info', A: '1' });
    // The premise: a PUT with a partial map drops what it does not name.
    const res = await simApi(sim).send('PUT', `/api/v1/serverless/${web}`, { environment_variables: { B: '2' } });
    expect(res.status).toBe(200);
    expect(container(web).spec.environment_variables).toEqual({ B: '2' });
  });

  it('by id: the read before the change, then the PUT (no list request)', async () => {
    // The read before is the baseline of a wait on servers without generations.
    const r = await cli(['serverless', 'update', web, '--image', `${REG}/web:2`, '-q']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(requestLines(sim)).toEqual([`GET /api/v1/serverless/${web}`, `PUT /api/v1/serverless/${web}`]);
    expect(apiRequests().at(-1)?.body).toEqual({ image: `${REG}/web`, image_tag: '2' });
  });

  it('--json prints the updated container', async () => {
    const r = await cli(['serverless', 'update', 'web', '--max', '5', '--profile', 'large', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: web, max_scale: 5, resource_profile: 'large', spec_generation: 4, observed_generation: 3 });
    expect(apiRequests().at(-1)?.body).toEqual({ max_scale: 5, resource_profile: 'large' });
  });

  it('the micro profile (v1.7.0) is taken, sent and served', async () => {
    const r = await cli(['serverless', 'update', 'web', '--profile', 'micro', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(apiRequests().at(-1)?.body).toEqual({ resource_profile: 'micro' });
    expect(JSON.parse(r.stdout)).toMatchObject({ id: web, resource_profile: 'micro' });
  });

  it('unsetting a variable that is not set and nothing else: exit 2, no PUT', async () => {
    const r = await cli(['serverless', 'update', 'web', '--unset-env', 'NOPE']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/NOPE is not set on web/);
    expect(apiRequests().some((q) => q.method === 'PUT')).toBe(false);
  });
});

describe('serverless delete', () => {
  it('--yes deletes without asking; an id costs no list request', async () => {
    const r = await cli(['serverless', 'delete', web, '--yes', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: web, deleted: true });
    expect(requestLines(sim)).toEqual([`DELETE /api/v1/serverless/${web}`]);
    expect(sim.world.containers.findAnyTeam(web)).toBeUndefined();
  });

  it('on a terminal, asks to type the name', async () => {
    const questions: string[] = [];
    const prompter = { secret: async () => '', text: async (q: string) => (questions.push(q), 'web') };
    const r = await cli(['serverless', 'delete', 'web'], { stdinTTY: true, prompter });
    expect(r.code).toBe(0);
    expect(questions[0]).toMatch(new RegExp(`Delete container web \\(id ${web}\\).*Type its name to confirm`));
    expect(r.stderr).toMatch(new RegExp(`deleted web \\(id ${web}\\)`));
    expect(requestLines(sim).at(-1)).toBe(`DELETE /api/v1/serverless/${web}`);
  });

  it('a wrong answer deletes nothing (exit 1)', async () => {
    const prompter = { secret: async () => '', text: async () => 'y' };
    const r = await cli(['serverless', 'delete', web], { stdinTTY: true, prompter });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not done: "y" is not web; nothing was sent/);
    expect(apiRequests().some((q) => q.method === 'DELETE')).toBe(false);
  });
});

describe('on a server without generations', () => {
  let sim0: Simulator;
  useSimulator((s) => (sim0 = s), { generations: false });
  const cli0 = (argv: string[]) => simCli(sim0, argv);

  it('list shows no generations; get has no generation line', async () => {
    const l = await cli0(['serverless', 'list']);
    expect(l.stdout).toContain(`${web}\tweb\tready\thealthy\tsucceeded\tyes\t-\t`);
    const g = await cli0(['serverless', 'get', 'web']);
    expect(g.code).toBe(0);
    expect(g.stdout).not.toMatch(/^Generation:/m);
    expect(g.stdout).toMatch(/^Summary: +ready$/m);
  });

  it('update prints how to follow the change from the read before it (--observed-after)', async () => {
    const before = sim0.world.status(settle(sim0.world.containers.findAnyTeam(web)!, sim0.world.now())).details.observed_at;
    const r = await cli0(['serverless', 'update', 'web', '--min', '2']);
    expect(r.code).toBe(0);
    // The deployment count before the change (3 in the seed) proves the new rollout on resume.
    expect(r.stderr).toBe(`updated web (id ${web})\nhint: follow the rollout with: infra serverless wait web --observed-after ${before} --deployments-before 3\n`);
  });

  it('create prints the id, and a wait without a baseline (nothing earlier to confuse it with)', async () => {
    const r = await cli0(['serverless', 'create', '--name', 'fresh', '--image', `${REG}/fresh:1`]);
    expect(r.code).toBe(0);
    const id = sim0.world.containers.all().find((c) => c.name === 'fresh')!.id;
    expect(r.stdout).toBe(`${id}\n`);
    expect(r.stderr).toBe(`created fresh (id ${id})\nhint: follow the rollout with: infra serverless wait fresh\n`);
  });
});

describe('progress output (virtual time)', () => {
  let h: Harness;
  useHarness((x) => (h = x));

  it('piped: timestamped lines per phase; -q: none', async () => {
    const r = await h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:2`, '--wait']);
    expect(r.code).toBe(0);
    const out = r.stderr.trim().split('\n');
    expect(out[0]).toBe(`updated web (id ${web}): generation 4`);
    for (const l of out.slice(1)) expect(l).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /);
    // One line per phase, not one per poll.
    expect(out.slice(1).map((l) => l.replace(/^\S+ /, ''))).toEqual([
      'waiting for generation 4 of web (timeout 15m)',
      'generation 4 queued',
      'rolling out generation 4 (health: unknown)',
      expect.stringMatching(/^generation 4 of web is ready \(\d+s\)$/),
    ]);
    const q = await h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:3`, '--wait', '-q']);
    expect(q.code).toBe(0);
    expect(q.stderr).toBe('');
  });

  it('on a terminal: a spinner that ends with a success mark', async () => {
    const stderr = new TtyCapture();
    // The spinner draws on its own (real) timer: give it time for a frame while the change is queued.
    let paused = false;
    const onIdle = async () => {
      if (!paused && h.clock.pending > 0) {
        paused = true;
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const r = await h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:2`, '--wait'], { stderr, onIdle });
    expect(r.code).toBe(0);
    expect(stderr.text).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] generation 4 queued · [01]s/);
    expect(stderr.text).toMatch(/✔(\u001b\[39m)? generation 4 of web is ready \(\d+s\)\n$/);
  });
});

describe('help', () => {
  it.each(['list', 'get', 'create', 'update', 'redeploy', 'wait', 'delete'])('serverless %s --help has examples', async (verb) => {
    const r = await runCli(['serverless', verb, '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Examples:\n {2}infra serverless /);
  });
});
