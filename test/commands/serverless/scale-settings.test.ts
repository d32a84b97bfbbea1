// The container settings API v1.7.0 added (initial_scale, scale_down_delay_seconds,
// build_cache_enabled) on create, update, get and apply, over HTTP against the simulator, in
// virtual time: exactly those fields sent, shown when the server sends them, refused before any
// request when malformed, and --wait following the rollout such a change starts, on servers
// with and without generations.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { settle } from '../../../src/sim/state/containers.js';
import { peek, REG, requestLines, SEED_IDS, SERVER_KINDS, useHarness, type Harness } from '../../helpers/sim.js';

const { web } = SEED_IDS;
const dir = mkdtempSync(join(tmpdir(), 'infra-scale-'));
let files = 0;
function file(doc: unknown, ext = 'json'): string {
  const p = join(dir, `deploy-${++files}.${ext}`);
  writeFileSync(p, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  return p;
}

const writes = (h: Harness) => h.sim.requests.filter((r) => r.method !== 'GET');
const record = (h: Harness, id: string) => settle(h.sim.world.containers.findAnyTeam(id)!, h.sim.world.now());
const named = (h: Harness, name: string) => h.sim.world.containers.all().find((c) => c.teamId === SEED_IDS.teams.main && c.name === name);

describe('on a server with generations', () => {
  let h: Harness;
  useHarness((x) => (h = x));

  it('create sends the three settings, in the API units; --json carries them back', async () => {
    const r = await h.cli(['serverless', 'create', '--name', 'shop', '--image', `${REG}/shop:1.0`, '--initial-scale', '2', '--scale-down-delay', '5m', '--no-build-cache', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes(h)).toHaveLength(1);
    expect(writes(h)[0]!.body).toEqual({
      name: 'shop',
      slug: 'shop',
      deployment_type: 'docker_image',
      image: `${REG}/shop`,
      image_tag: '1.0',
      port: 8080,
      resource_profile: 'small',
      min_scale: 0,
      max_scale: 3,
      initial_scale: 2,
      scale_down_delay_seconds: 300,
      build_cache_enabled: false,
    });
    expect(JSON.parse(r.stdout)).toMatchObject({ name: 'shop', initial_scale: 2, scale_down_delay_seconds: 300, build_cache_enabled: false });
    expect(r.stderr).not.toMatch(/warning/);
  });

  it('create without them sends none of them', async () => {
    const r = await h.cli(['serverless', 'create', '--name', 'plain', '--image', `${REG}/plain:1.0`]);
    expect(r.code, r.stderr).toBe(0);
    const body = writes(h)[0]!.body as Record<string, unknown>;
    for (const k of ['initial_scale', 'scale_down_delay_seconds', 'build_cache_enabled']) expect(body).not.toHaveProperty(k);
  });

  it('update with only the settings is a change: exactly those fields, a new generation', async () => {
    const r = await h.cli(['serverless', 'update', 'web', '--initial-scale', '0', '--scale-down-delay', '0s', '--build-cache', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes(h).map((q) => q.body)).toEqual([{ initial_scale: 0, scale_down_delay_seconds: 0, build_cache_enabled: true }]);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: web, initial_scale: 0, scale_down_delay_seconds: 0, build_cache_enabled: true, spec_generation: 4 });
  });

  it('--no-build-cache alone sends false; neither flag sends nothing of it', async () => {
    expect((await h.cli(['serverless', 'update', 'web', '--no-build-cache'])).code).toBe(0);
    expect((await h.cli(['serverless', 'update', 'web', '--max', '4'])).code).toBe(0);
    expect(writes(h).map((q) => q.body)).toEqual([{ build_cache_enabled: false }, { max_scale: 4 }]);
    expect(record(h, web).spec.build_cache_enabled).toBe(false);
  });

  it('get shows them; null reads as not set', async () => {
    const before = await h.cli(['serverless', 'get', 'web']);
    expect(before.stdout).toMatch(/^Initial scale: +not set \(the platform default\)$/m);
    expect(before.stdout).toMatch(/^Scale-down delay: +not set \(the platform default\)$/m);
    expect(before.stdout).toMatch(/^Build cache: +on$/m);
    await h.cli(['serverless', 'update', 'web', '--initial-scale', '1', '--scale-down-delay', '90s', '--no-build-cache']);
    const after = await h.cli(['serverless', 'get', 'web']);
    expect(after.stdout).toMatch(/^Initial scale: +1 instance$/m);
    expect(after.stdout).toMatch(/^Scale-down delay: +1m30s \(90 seconds\)$/m);
    expect(after.stdout).toMatch(/^Build cache: +off$/m);
    const json = await h.cli(['serverless', 'get', 'web', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ initial_scale: 1, scale_down_delay_seconds: 90, build_cache_enabled: false });
  });

  it.each([
    [['--initial-scale', '-1'], /--initial-scale must be a whole number from 0 to 1000/],
    [['--initial-scale', '1001'], /--initial-scale must be a whole number from 0 to 1000/],
    [['--initial-scale', '1.5'], /--initial-scale must be a whole number/],
    [['--scale-down-delay', '1500ms'], /--scale-down-delay must be whole seconds/],
    [['--scale-down-delay', '30'], /--scale-down-delay: "30" has no unit/],
    [['--scale-down-delay', 'soon'], /--scale-down-delay: "soon" is not a duration/],
  ])('update %j: exit 2, nothing sent', async (flags, message) => {
    const r = await h.cli(['serverless', 'update', 'web', ...flags]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(h.sim.requests).toEqual([]);
  });

  it('update --build-cache --wait follows the rollout the change starts, to its generation', async () => {
    const r = await h.cli(['serverless', 'update', 'web', '--no-build-cache', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^updated web \(id .*\): generation 4$/m);
    expect(r.stderr).toMatch(/generation 4 of web is ready/);
    const c = record(h, web);
    expect(h.sim.world.status(c).observedGeneration).toBe(4);
  });
});

describe('a server with generations that answers a change without a new generation', () => {
  let h: Harness;
  useHarness((x) => (h = x));
  type View = { container: Record<string, unknown> };

  /** PUT keeps build_cache_enabled; `rollout`: also starts one, but answers with the old generation (a lagging answer). */
  function keepWithoutGeneration(rollout: boolean): void {
    h.sim.use(
      http.put('*/api/v1/serverless/:id', async ({ request, params }) => {
        const body = (await request.json()) as { build_cache_enabled: boolean };
        const id = String(params.id);
        const old = await peek<View>(h.sim, `/api/v1/serverless/${id}`);
        const c = h.sim.world.containers.findAnyTeam(id)!;
        if (rollout) h.sim.world.containers.change(c, { ...c.spec, build_cache_enabled: body.build_cache_enabled }, h.sim.world.now());
        else c.spec = { ...c.spec, build_cache_enabled: body.build_cache_enabled };
        const now = await peek<View>(h.sim, `/api/v1/serverless/${id}`);
        return HttpResponse.json({ message: 'Serverless container update initiated', container: { ...now.container, spec_generation: old.container.spec_generation } });
      }),
    );
  }

  it('no rollout: update --wait says so, and claims no generation ready', async () => {
    keepWithoutGeneration(false);
    const r = await h.cli(['serverless', 'update', 'web', '--no-build-cache', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(`updated web (id ${web}): the server started no new generation for this change (spec_generation stays 3), so no rollout follows and there is none to wait for\n`);
    // One re-read tells a change without a rollout from a lagging answer.
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/serverless', `PUT /api/v1/serverless/${web}`, `GET /api/v1/serverless/${web}`]);
  });

  it('no rollout, without --wait: no hint to wait for an earlier generation', async () => {
    keepWithoutGeneration(false);
    const r = await h.cli(['serverless', 'update', 'web', '--no-build-cache', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/hint: follow the rollout/);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: web, build_cache_enabled: false, spec_generation: 3 });
  });

  it('a lagging answer: the re-read names the new generation, and --wait follows it', async () => {
    keepWithoutGeneration(true);
    const r = await h.cli(['serverless', 'update', 'web', '--no-build-cache', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^updated web \(id .*\): generation 4$/m);
    expect(r.stderr).toMatch(/generation 4 of web is ready/);
  });

  it('apply: "no rollout", nothing waited for', async () => {
    keepWithoutGeneration(false);
    const r = await h.cli(['serverless', 'apply', '--name', 'web', '--image', `${REG}/web:1.2.0`, '--no-build-cache', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`web: updated (id ${web}; the server started no new generation, generation stays 3: no rollout)\n  ~ build_cache_enabled: true → false\n`);
    expect(r.stderr).not.toMatch(/is ready/);
  });
});

describe('apply with the settings (with generations)', () => {
  let h: Harness;
  useHarness((x) => (h = x));

  it('creates with them, shows them in the plan; the same file again sends nothing', async () => {
    const f = file({ containers: [{ name: 'shop', image: `${REG}/shop:1.0`, initial_scale: 1, scale_down_delay: '30s', build_cache: false }] });
    const r = await h.cli(['serverless', 'apply', '-f', f]);
    expect(r.code, r.stderr).toBe(0);
    expect(writes(h)[0]!.body).toMatchObject({ initial_scale: 1, scale_down_delay_seconds: 30, build_cache_enabled: false });
    expect(r.stdout).toContain('  + initial_scale: 1\n  + scale_down_delay_seconds: 30\n  + build_cache_enabled: false\n');
    const again = await h.cli(['serverless', 'apply', '-f', f, '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject([{ name: 'shop', action: 'unchanged', diff: [] }]);
    expect(writes(h)).toHaveLength(1);
  });

  it('updates only the settings that differ (YAML)', async () => {
    // web: initial_scale null, no delay, build cache on (the seed).
    const f = file(`name: web\nimage: ${REG}/web:1.2.0\nmin: 1\ninitial_scale: 2\nscale_down_delay: 5m\nbuild_cache: true\n`, 'yaml');
    const r = await h.cli(['serverless', 'apply', '-f', f]);
    expect(r.code, r.stderr).toBe(0);
    expect(writes(h).map((q) => q.body)).toEqual([{ initial_scale: 2, scale_down_delay_seconds: 300 }]);
    // From null (not set): shown as a setting added.
    expect(r.stdout).toContain('  + initial_scale: 2\n  + scale_down_delay_seconds: 300\n');
  });

  it('the flags form takes them too; with -f they are refused', async () => {
    const r = await h.cli(['serverless', 'apply', '--name', 'web', '--image', `${REG}/web:1.2.0`, '--no-build-cache', '--dry-run', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject([{ action: 'update', diff: [{ field: 'build_cache_enabled', from: true, to: false }] }]);
    const f = file({ name: 'web', image: `${REG}/web:1.2.0` });
    for (const flag of [['--build-cache'], ['--no-build-cache'], ['--initial-scale', '1'], ['--scale-down-delay', '1m']]) {
      const c = await h.cli(['serverless', 'apply', '-f', f, ...flag]);
      expect(c.code).toBe(2);
      expect(c.stderr).toMatch(new RegExp(`cannot be combined with ${flag[0]}`));
    }
    expect(writes(h)).toEqual([]);
  });

  it.each([
    [{ scale_down_delay: 30 }, /"scale_down_delay" must be a duration in whole seconds/],
    [{ scale_down_delay: '1.5s' }, /"scale_down_delay" must be whole seconds/],
    [{ scale_down_delay: 'later' }, /"scale_down_delay": "later" is not a duration/],
    [{ initial_scale: -1 }, /"initial_scale" must be a whole number from 0 to 1000/],
    [{ build_cache: 'yes' }, /"build_cache" must be true or false/],
  ])('a bad %j: exit 2 before any request', async (extra, message) => {
    const r = await h.cli(['serverless', 'apply', '-f', file({ name: 'web', image: `${REG}/web:1.2.0`, ...extra })]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(h.sim.requests).toEqual([]);
  });
});

describe('on a server without generations (older than v1.7.0)', () => {
  let h: Harness;
  useHarness((x) => (h = x), SERVER_KINDS[1]);

  it('update sends the setting, warns that the answer lacks it, and --wait follows the rollout', async () => {
    const r = await h.cli(['serverless', 'update', 'web', '--no-build-cache', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes(h).map((q) => q.body)).toEqual([{ build_cache_enabled: false }]);
    expect(r.stderr).toMatch(/warning: the answer for web does not carry build_cache_enabled: this server may predate API v1\.7\.0 and ignore it/);
    // The simulator rolls out every update: the wait ends on that rollout's evidence.
    expect(r.stderr).toMatch(/web is ready/);
    expect(record(h, web).rollouts.length).toBe(4);
  });

  it('get shows no setting lines', async () => {
    const r = await h.cli(['serverless', 'get', 'web']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/^(Initial scale|Scale-down delay|Build cache):/m);
  });

  it('apply cannot diff a setting the server does not report: exit 1, nothing sent', async () => {
    const r = await h.cli(['serverless', 'apply', '-f', file({ name: 'web', image: `${REG}/web:1.2.0`, build_cache: false })]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/the server does not report build_cache_enabled for web \(it may predate API v1\.7\.0\), so apply cannot tell whether it differs/);
    expect(r.stderr).toMatch(/infra serverless update .* --no-build-cache/);
    expect(writes(h)).toEqual([]);
  });

  it('apply creates with them and warns that the answer lacks them', async () => {
    const r = await h.cli(['serverless', 'apply', '--name', 'shop', '--image', `${REG}/shop:1.0`, '--initial-scale', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes(h)[0]!.body).toMatchObject({ initial_scale: 1 });
    expect(named(h, 'shop')!.spec.initial_scale).toBe(1);
    expect(r.stderr).toMatch(/does not carry initial_scale/);
  });
});
