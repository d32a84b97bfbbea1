// serverless apply end to end against the simulator, in virtual time: create, update (only
// what differs, the environment merged), unchanged (no write), several containers from one
// file, --dry-run, --preflight, --wait on all of them, and a create retried under its key.
import { errorText } from '../../helpers/cli.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { settle } from '../../../src/sim/state/containers.js';
import { REG, requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const dir = mkdtempSync(join(tmpdir(), 'infra-apply-'));
let files = 0;
function file(doc: unknown, ext = 'json'): string {
  const p = join(dir, `deploy-${++files}.${ext}`);
  writeFileSync(p, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  return p;
}
const named = (name: string) => h.sim.world.containers.all().filter((c) => c.teamId === SEED_IDS.teams.main && c.name === name);
const record = (id: string) => settle(h.sim.world.containers.findAnyTeam(id)!, h.sim.world.now());
const writes = () => h.sim.requests.filter((r) => r.method !== 'GET');
const LIST = 'GET /api/v1/serverless';
const { web, edge } = SEED_IDS;

describe('serverless apply, one container from the flags', () => {
  it('absent: created with the defaults, under an idempotency key that is printed', async () => {
    const r = await h.cli(['serverless', 'apply', '--name', 'shop', '--image', `${REG}/shop:1.0`, '--env', 'REGION=eu']);
    expect(r.code, r.stderr).toBe(0);
    const [shop] = named('shop');
    expect(shop).toBeDefined();
    expect(r.stdout).toBe(
      [
        `shop: created (id ${shop!.id}, generation 1)`,
        '  + name: shop',
        '  + slug: shop',
        `  + image: ${REG}/shop:1.0`,
        '  + port: 8080',
        '  + min_scale: 0',
        '  + max_scale: 3',
        '  + resource_profile: small',
        '  + env.REGION: (set)',
        '',
      ].join('\n'),
    );
    expect(requestLines(h.sim)).toEqual([LIST, 'POST /api/v1/serverless']);
    const post = writes()[0]!;
    expect(post.body).toEqual({
      name: 'shop',
      slug: 'shop',
      deployment_type: 'docker_image',
      image: `${REG}/shop`,
      image_tag: '1.0',
      port: 8080,
      resource_profile: 'small',
      min_scale: 0,
      max_scale: 3,
      environment_variables: { REGION: 'eu' },
    });
    const key = post.headers['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.stderr).toContain(`idempotency key for the create of shop: ${key} (to retry safely: --idempotency-key ${key})\n`);
    expect(r.stderr).toContain(`hint: follow the rollout with: infra serverless wait ${shop!.id}\n`);
  });

  it('present: only what differs is sent; the environment merged with the current one', async () => {
    const r = await h.cli(['serverless', 'apply', '--name', 'web', '--image', `${REG}/web:1.3.0`, '--env', 'LOG_LEVEL=debug', '--env', 'NEW=1', '--min', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe([`web: updated (id ${web}, generation 4)`, `  ~ image: ${REG}/web:1.2.0 → ${REG}/web:1.3.0`, '  ~ env.LOG_LEVEL: (changed)', '  + env.NEW: (set)', ''].join('\n'));
    expect(requestLines(h.sim)).toEqual([LIST, `PUT /api/v1/serverless/${web}`]);
    // min 1 is already so: not sent.
    expect(writes()[0]?.body).toEqual({ image: `${REG}/web`, image_tag: '1.3.0', environment_variables: { LOG_LEVEL: 'debug', NEW: '1' } });
    expect(writes()[0]?.headers['idempotency-key']).toBeUndefined();
    expect(record(web).spec.environment_variables).toEqual({ LOG_LEVEL: 'debug', NEW: '1' });
  });

  it('--show-secrets shows the values; --unset-env removes a variable that is set', async () => {
    const r = await h.cli(['serverless', 'apply', '--name', 'web', '--image', `${REG}/web:1.2.0`, '--env', 'A=1', '--unset-env', 'LOG_LEVEL', '--unset-env', 'NEVER_SET', '--show-secrets']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe([`web: updated (id ${web}, generation 4)`, '  + env.A: 1', '  - env.LOG_LEVEL: info', ''].join('\n'));
    expect(writes()[0]?.body).toEqual({ environment_variables: { A: '1' } });
  });

  it('nothing differs: "unchanged", no write, exit 0', async () => {
    const r = await h.cli(['serverless', 'apply', '--name', 'web', '--image', `${REG}/web:1.2.0`, '--env', 'LOG_LEVEL=info', '--min', '1', '--port', '8080', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`web: unchanged (id ${web})\n`);
    expect(requestLines(h.sim)).toEqual([LIST]);
    expect(record(web).specGeneration).toBe(3);
  });

  it('--json: one object per container', async () => {
    const r = await h.cli(['serverless', 'apply', '--name', 'web', '--image', `${REG}/web:1.2.1`, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { name: 'web', id: web, action: 'updated', diff: [{ field: 'image', from: `${REG}/web:1.2.0`, to: `${REG}/web:1.2.1` }], spec_generation: 4, outcome: null, wait: null },
    ]);
  });

  it('--wait: waits for the rollout; a degraded one exits 3', async () => {
    const ok = await h.cli(['serverless', 'apply', '--name', 'web', '--image', `${REG}/web:1.3.0`, '--wait']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(errorText(ok.stderr)).toMatch(/Z web: generation 4 of web is ready \(\d+s\)$/m);
    const bad = await h.cli(['serverless', 'apply', '--name', 'web', '--image', `${REG}/web:crash`, '--wait', '--json']);
    expect(bad.code).toBe(3);
    const [one] = JSON.parse(bad.stdout) as Record<string, unknown>[];
    expect(one).toMatchObject({ action: 'updated', outcome: 'degraded', wait: { id: web, spec_generation: 5, outcome: 'degraded', evidence: 'generation' } });
    expect(errorText(bad.stderr)).toContain('error: web: rollout of generation 5 of web degraded: the new revision failed while the previous revision keeps serving\n');
    expect(errorText(bad.stderr)).toContain('error: 1 of 1 rollout did not end ready: web degraded\n');
  });
});

describe('serverless apply -f with several containers', () => {
  const doc = {
    containers: [
      { name: 'web', image: `${REG}/web:1.3.0`, env: { LOG_LEVEL: 'debug' } },
      { name: 'shop', image: `${REG}/shop:1.0`, port: 3000, env: { REGION: 'eu', WORKERS: 4, DEBUG: false }, min: 0, max: 2, profile: 'medium' },
      { name: 'edge', image: `${REG}/edge:noingress` },
    ],
  };

  it('one list request, then a PUT, a POST and nothing for the unchanged one', async () => {
    const r = await h.cli(['serverless', 'apply', '-f', file(doc), '--json', '--idempotency-key', 'deploy-42']);
    expect(r.code, r.stderr).toBe(0);
    const shop = named('shop')[0]!;
    expect(requestLines(h.sim)).toEqual([LIST, `PUT /api/v1/serverless/${web}`, 'POST /api/v1/serverless']);
    // With several containers each create gets KEY-<slug>.
    expect(writes()[1]?.headers['idempotency-key']).toBe('deploy-42-shop');
    expect(writes()[1]?.body).toMatchObject({ port: 3000, min_scale: 0, max_scale: 2, resource_profile: 'medium', environment_variables: { REGION: 'eu', WORKERS: '4', DEBUG: 'false' } });
    const out = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(out.map((o) => [o.name, o.id, o.action, o.spec_generation])).toEqual([
      ['web', web, 'updated', 4],
      ['shop', shop.id, 'created', 1],
      ['edge', edge, 'unchanged', null],
    ]);
    expect(out[1]).toMatchObject({ idempotency_key: 'deploy-42-shop', diff: expect.arrayContaining([{ field: 'env.REGION', from: null, to: '***' }]) });
    expect(out[2]).toMatchObject({ diff: [], outcome: null });
  });

  it('--dry-run: the plan on stdout and nothing sent but the list', async () => {
    const r = await h.cli(['serverless', 'apply', '-f', file(doc), '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^web: would update \\(id ${web}\\)\\n  ~ image: `, 'm'));
    expect(r.stdout).toMatch(/^shop: would create\n  \+ name: shop$/m);
    expect(r.stdout).toContain(`edge: unchanged (id ${edge})\n`);
    expect(requestLines(h.sim)).toEqual([LIST]);
    expect(named('shop')).toEqual([]);
    const j = await h.cli(['serverless', 'apply', '-f', file(doc), '--dry-run', '--json']);
    expect((JSON.parse(j.stdout) as { action: string; dry_run: boolean }[]).map((o) => [o.action, o.dry_run])).toEqual([
      ['update', true],
      ['create', true],
      ['unchanged', true],
    ]);
  });

  it('--wait waits on all at once, one line each; the exit code is the worst outcome', async () => {
    const bad = { containers: [...doc.containers.slice(0, 2), { name: 'api', image: `${REG}/api:missing` }] };
    const r = await h.cli(['serverless', 'apply', '-f', file(bad), '--wait', '--json']);
    expect(r.code).toBe(3);
    const out = JSON.parse(r.stdout) as { name: string; outcome: string }[];
    expect(out.map((o) => [o.name, o.outcome])).toEqual([
      ['web', 'ready'],
      ['shop', 'ready'],
      ['api', 'degraded'],
    ]);
    expect(r.stderr.match(/^\S+Z web: generation 4 of web is ready/gm)).toHaveLength(1);
    expect(r.stderr.match(/^\S+Z shop: generation 1 of shop is ready/gm)).toHaveLength(1);
    expect(errorText(r.stderr)).toContain('error: api: rollout of generation 3 of api degraded');
    expect(errorText(r.stderr)).toContain('error: 1 of 3 rollouts did not end ready: api degraded\n');
  });

  it('--wait --progress json: NDJSON events of every container on stderr', async () => {
    const r = await h.cli(['serverless', 'apply', '-f', file(doc), '--wait', '--progress', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const events = r.stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const shop = named('shop')[0]!.id;
    expect(events.filter((e) => e.phase === 'done').map((e) => [e.name, e.outcome])).toEqual(
      expect.arrayContaining([
        ['web', 'ready'],
        ['shop', 'ready'],
      ]),
    );
    expect(new Set(events.map((e) => e.id))).toEqual(new Set([web, shop]));
    expect(r.stderr).not.toMatch(/Z web: /);
  });

  it('--preflight: a failing image in one entry stops everything before any write', async () => {
    const arm = { containers: [doc.containers[0], { name: 'shop', image: `${REG}/shop:arm64` }] };
    const r = await h.cli(['serverless', 'apply', '-f', file(arm), '--preflight']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: preflight failed for ${REG}/shop:arm64: nothing was changed\n`);
    expect(requestLines(h.sim).sort()).toEqual([LIST, 'GET /api/v1/registry/preflight', 'GET /api/v1/registry/preflight'].sort());
    expect(writes()).toEqual([]);
  });

  it('-f - reads standard input; unset_env removes', async () => {
    const r = await h.cli(['serverless', 'apply', '-f', '-'], { stdin: JSON.stringify([{ name: 'web', image: `${REG}/web:1.2.0`, unset_env: ['LOG_LEVEL'] }]) });
    expect(r.code, r.stderr).toBe(0);
    expect(writes()[0]?.body).toEqual({ environment_variables: {} });
  });

  it.each([
    ['not JSON', '{"containers": [', /is not valid JSON/],
    [
      'an unknown field',
      { containers: [{ name: 'web', image: 'x/y:1', min_scale: 1 }] },
      /containers\[0\]: unknown field "min_scale" \(fields: name, slug, image, port, env, unset_env, min, max, profile, initial_scale, scale_down_delay, build_cache\)/,
    ],
    ['no image', [{ name: 'web' }], /\[0\]: "image" is required \(web\)/],
    [
      'a name twice',
      [
        { name: 'web', image: 'x/y:1' },
        { name: 'web', image: 'x/y:2' },
      ],
      /the container "web" is given twice/,
    ],
    ['min above max', { name: 'web', image: 'x/y:1', min: 3, max: 2 }, /min 3 is greater than max 2/],
    ['a bad profile', [{ name: 'web', image: 'x/y:1', profile: 'huge' }], /"profile" must be one of free, micro, small, medium, large/],
    ['an env value object', [{ name: 'web', image: 'x/y:1', env: { A: { b: 1 } } }], /env: the value of A must be a text/],
    ['no containers', { containers: [] }, /no containers in it/],
  ])('a file with %s: exit 2 naming it, nothing sent', async (_what, doc2, message) => {
    const p = file(doc2);
    const r = await h.cli(['serverless', 'apply', '-f', p]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^error: --file: ${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'));
    expect(r.stderr).toMatch(message);
    expect(h.sim.requests).toEqual([]);
  });

  it('a YAML file (.yaml), and YAML on standard input: the same as JSON', async () => {
    const yaml = ['containers:', '  - name: web', `    image: ${REG}/web:1.3.0`, '    env:', '      LOG_LEVEL: debug', '  - name: shop', `    image: ${REG}/shop:1.0`, '    port: 3000', ''].join('\n');
    const r = await h.cli(['serverless', 'apply', '-f', file(yaml, 'yaml'), '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { name: string; action: string }[]).map((o) => [o.name, o.action])).toEqual([
      ['web', 'updated'],
      ['shop', 'created'],
    ]);
    expect(writes().map((w) => w.body)).toEqual([{ image: `${REG}/web`, image_tag: '1.3.0', environment_variables: { LOG_LEVEL: 'debug' } }, expect.objectContaining({ name: 'shop', port: 3000 })]);
    const stdin = await h.cli(['serverless', 'apply', '-f', '-', '--dry-run'], { stdin: yaml });
    expect(stdin.stdout).toBe([`web: unchanged (id ${web})`, `shop: unchanged (id ${named('shop')[0]!.id})`, ''].join('\n'));
  });

  it('YAML outside the subset: exit 2 with the line, nothing sent', async () => {
    const p = file('containers:\n  - name: web\n    image: |\n      x\n', 'yml');
    const r = await h.cli(['serverless', 'apply', '-f', p]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: --file: ${p}: line 3: multi-line scalars (| and >) are not read; write the file as JSON\n`);
    expect(h.sim.requests).toEqual([]);
  });
});

describe('a create retried under the same key', () => {
  /** A gateway that passes the first create on, then loses its answer (502): the create happened. */
  function loseFirstCreateAnswer() {
    let lost = false;
    h.sim.use(
      http.post('*/api/v1/serverless', async ({ request }) => {
        if (lost) return undefined;
        lost = true;
        const headers: Record<string, string> = {};
        request.headers.forEach((v, k) => (headers[k] = v));
        await fetch(`${h.sim.url}/api/v1/serverless`, { method: 'POST', headers, body: await request.text() });
        return HttpResponse.json({ message: 'Bad Gateway' }, { status: 502 });
      }),
    );
  }

  it('the client retries the POST with the same key and gets the first answer: one container', async () => {
    loseFirstCreateAnswer();
    const r = await h.cli(['serverless', 'apply', '--name', 'shop', '--image', `${REG}/shop:1.0`, '--idempotency-key', 'retry-me', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    const posts = h.sim.requests.filter((q) => q.method === 'POST');
    // The CLI's first POST, the gateway's forward of it, the CLI's retry.
    expect(posts).toHaveLength(3);
    expect(posts.map((p) => p.headers['idempotency-key'])).toEqual(['retry-me', 'retry-me', 'retry-me']);
    expect(named('shop')).toHaveLength(1);
    expect(r.stdout).toMatch(new RegExp(`^shop: created \\(id ${named('shop')[0]!.id}, generation 1\\)$`, 'm'));
    expect(r.stderr).toMatch(/generation 1 of shop is ready/);
  });

  it('the same key with another request: the API refuses it (409), exit 1, nothing created twice', async () => {
    const first = await h.cli(['serverless', 'apply', '--name', 'shop', '--image', `${REG}/shop:1.0`, '--idempotency-key', 'k-1']);
    expect(first.code, first.stderr).toBe(0);
    const second = await h.cli(['serverless', 'apply', '--name', 'other', '--image', `${REG}/other:1.0`, '--idempotency-key', 'k-1']);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/^error: the create of other was refused: the idempotency key k-1 was already used for a different request/m);
    expect(second.stderr).toMatch(/^hint: reuse a key only to retry the very same request/m);
    expect(named('other')).toEqual([]);
  });

  it('run again after a success: the container is found, nothing is created', async () => {
    await h.cli(['serverless', 'apply', '--name', 'shop', '--image', `${REG}/shop:1.0`, '--idempotency-key', 'k-2']);
    h.sim.requests.length = 0;
    const again = await h.cli(['serverless', 'apply', '--name', 'shop', '--image', `${REG}/shop:1.0`, '--idempotency-key', 'k-2']);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^shop: unchanged/);
    expect(requestLines(h.sim)).toEqual([LIST]);
    expect(named('shop')).toHaveLength(1);
  });
});
