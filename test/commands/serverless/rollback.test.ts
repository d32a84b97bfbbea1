// serverless deployments and rollback against the simulator, in virtual time.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { settle } from '../../../src/sim/state/containers.js';
import { deploymentImageParts, pickTarget } from '../../../src/commands/serverless/rollback-plan.js';
import { onlyJson } from '../../helpers/cli.js';
import { peek, REG, requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const { web, api, worker } = SEED_IDS;
const record = (id: string) => settle(h.sim.world.containers.findAnyTeam(id)!, h.sim.world.now());
const puts = () => h.sim.requests.filter((r) => r.method === 'PUT');
const DEPLOYMENTS = (id: string) => `GET /api/v1/serverless/${id}/deployments`;

describe('serverless deployments', () => {
  it('the history, newest first: revision, name, image, status, current, traffic, deployed at', async () => {
    const r = await h.cli(['serverless', 'deployments', 'web']);
    expect(r.code, r.stderr).toBe(0);
    const [header, ...rows] = r.stdout.trim().split('\n');
    expect(header).toBe('REVISION\tNAME\tIMAGE\tSTATUS\tCURRENT\tTRAFFIC\tDEPLOYED');
    expect(rows.map((l) => l.split('\t').slice(0, 6))).toEqual([
      ['3', 'web-00003', `${REG}/web:1.2.0`, 'active', 'yes', '100%'],
      ['2', 'web-00002', `${REG}/web:1.1.0`, 'inactive', '', '0%'],
      ['1', 'web-00001', `${REG}/web:1.0.0`, 'inactive', '', '0%'],
    ]);
    expect(rows[0]).toMatch(/\t\d{4}-\d\d-\d\dT[\d:.]+Z \(23h ago\)$/);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/serverless', DEPLOYMENTS(web)]);
    expect(h.sim.requests[1]?.query).toEqual({ page: '1', per_page: '200' });
  });

  it('a failed deployment says it never deployed; --json prints the items as sent', async () => {
    const r = await h.cli(['serverless', 'deployments', api]);
    expect(r.stdout.split('\n')[1]).toMatch(/^2\tapi-00002\tregistry\.sim\.local\/acme\/api:crash\tfailed\t\t0%\tnever \(failed\)$/);
    const j = await h.cli(['serverless', 'deployments', api, '--json']);
    const items = JSON.parse(j.stdout) as Record<string, unknown>[];
    expect(items.map((d) => [d.revision_number, d.status, d.is_current])).toEqual([
      [2, 'failed', false],
      [1, 'active', true],
    ]);
    expect(items[0]).toHaveProperty('status_details');
  });

  it('an unknown container: exit 5', async () => {
    expect((await h.cli(['serverless', 'deployments', 'nope'])).code).toBe(5);
  });
});

describe('serverless rollback', () => {
  it('by default: the newest earlier deployment that became ready; only what differs is sent', async () => {
    const r = await h.cli(['serverless', 'rollback', 'web', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim).slice(0, 3)).toEqual(['GET /api/v1/serverless', DEPLOYMENTS(web), `PUT /api/v1/serverless/${web}`]);
    expect(puts()[0]?.body).toEqual({ image: `${REG}/web`, image_tag: '1.1.0' });
    expect(r.stderr).toContain('rolling back web to revision 2 (web-00002): image registry.sim.local/acme/web, image_tag 1.1.0\n');
    expect(r.stderr).toMatch(/generation 4 of web is ready/);
    expect(r.stderr).toContain('web runs the image and settings of revision 2 (web-00002) again\n');
    expect(record(web).rollouts.at(-1)?.spec.image_tag).toBe('1.1.0');
  });

  it('a degraded container goes back to the revision that still serves', async () => {
    const r = await h.cli(['serverless', 'rollback', api, '--wait', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(puts()[0]?.body).toEqual({ image_tag: '2.3.0', image: `${REG}/api` });
    expect(onlyJson(r.stdout)).toMatchObject({
      id: api,
      outcome: 'ready',
      spec_generation: 3,
      rolled_back_to: { revision_number: 1, revision_name: 'api-00001', image: `${REG}/api:2.3.0` },
      changed: { image: `${REG}/api`, image_tag: '2.3.0' },
    });
    expect(h.sim.world.status(record(api)).details.summary).toBe('ready');
  });

  it('--to a revision number or name; settings come back with the image', async () => {
    await h.cli(['serverless', 'update', web, '--min', '2', '--max', '5', '--profile', 'medium']);
    h.sim.requests.length = 0;
    const r = await h.cli(['serverless', 'rollback', web, '--to', 'web-00001']);
    expect(r.code, r.stderr).toBe(0);
    expect(puts()[0]?.body).toEqual({ image: `${REG}/web`, image_tag: '1.0.0', min_scale: 1, max_scale: 3, resource_profile: 'small' });
    expect(r.stderr).toMatch(new RegExp(`^hint: follow the rollout with: infra serverless wait ${web} --generation 5$`, 'm'));
    const byNumber = await h.cli(['serverless', 'rollback', web, '--to', '2', '--json']);
    expect(onlyJson(byNumber.stdout)).toMatchObject({ rolled_back_to: { revision_number: 2 }, changed: { image_tag: '1.1.0' }, container: { id: web, spec_generation: 6 } });
  });

  it('nothing differs: says so, no write, exit 0', async () => {
    const r = await h.cli(['serverless', 'rollback', web, '--to', '3']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning: revision 3 (web-00003) is the latest deployment of web\n');
    expect(r.stderr).toContain('nothing to roll back: web already runs the image and settings of revision 3 (web-00003)\n');
    expect(puts()).toEqual([]);
  });

  it('an unknown revision: exit 5 listing the revisions; no earlier working deployment: exit 1', async () => {
    const r = await h.cli(['serverless', 'rollback', web, '--to', '9']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('error: web has no deployment with revision 9\n');
    expect(r.stderr).toContain('hint: its revisions: 3, 2, 1 (infra serverless deployments web)\n');
    const none = await h.cli(['serverless', 'rollback', worker]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^error: no deployment of worker older than the latest became ready: there is nothing to roll back to$/m);
    expect(puts()).toEqual([]);
  });

  it('rolling back to a failed deployment warns; the rollout fails the same way (exit 3, degraded)', async () => {
    await h.cli(['serverless', 'update', api, '--image', `${REG}/api:2.4.0`, '--wait']);
    const r = await h.cli(['serverless', 'rollback', api, '--to', '2', '--wait']);
    expect(r.stderr).toContain('warning: revision 2 (api-00002) failed: rolling back to it may fail the same way\n');
    expect(r.code).toBe(3);
  });
});

describe('reading a deployment', () => {
  it('the image as a whole reference or as repository + tag; the tag field wins', () => {
    expect(deploymentImageParts({ image: 'r.io/a/web:1.0', image_tag: '1.0' })).toEqual({ image: 'r.io/a/web', image_tag: '1.0' });
    expect(deploymentImageParts({ image: 'r.io/a/web', image_tag: '1.0' })).toEqual({ image: 'r.io/a/web', image_tag: '1.0' });
    expect(deploymentImageParts({ image: 'r.io:5000/a/web' })).toEqual({ image: 'r.io:5000/a/web', image_tag: 'latest' });
    expect(deploymentImageParts({ image: 'r.io/a/web@sha256:abc', image_tag: '1.0' })).toEqual({ image: 'r.io/a/web', image_tag: '1.0' });
    expect(deploymentImageParts({ image: 'r.io/a/web@sha256:abc' })).toBeUndefined();
  });

  it('the default target skips deployments that never became ready', () => {
    const d = (n: number, status: string, deployed: string | null) => ({ revision_number: n, status, deployed_at: deployed });
    const items = [d(4, 'failed', null), d(3, 'failed', null), d(2, 'inactive', '2026-01-02T00:00:00Z'), d(1, 'inactive', '2026-01-01T00:00:00Z')];
    expect(pickTarget(items, undefined, 'web').revision_number).toBe(2);
  });
});

describe('a rollback the server answers without a new generation', () => {
  // The PUT is taken, but no rollout starts: the answer keeps the generation of the read before.
  function answerWithoutRollout(): void {
    h.sim.use(
      http.put('*/api/v1/serverless/:id', async ({ params }) => {
        const now = await peek<{ container: Record<string, unknown> }>(h.sim, `/api/v1/serverless/${String(params.id)}`);
        return HttpResponse.json({ message: 'Serverless container update initiated', container: now.container });
      }),
    );
  }

  it('--wait says no rollout follows, and never reports the earlier generation as the rollback', async () => {
    answerWithoutRollout();
    const r = await h.cli(['serverless', 'rollback', 'web', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`rolled back web (id ${web}): the server started no new generation for this change (spec_generation stays 3), so no rollout follows and there is none to wait for\n`);
    expect(r.stderr).not.toMatch(/is ready|runs the image and settings of/);
    // One re-read tells a change without a rollout from a lagging answer.
    expect(requestLines(h.sim).slice(2)).toEqual([`PUT /api/v1/serverless/${web}`, `GET /api/v1/serverless/${web}`]);
  });

  it('--json: the rollback object, its container as answered', async () => {
    answerWithoutRollout();
    const r = await h.cli(['serverless', 'rollback', 'web', '--wait', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ rolled_back_to: { revision_number: 2 }, changed: { image_tag: '1.1.0' }, container: { id: web, spec_generation: 3 } });
  });
});
