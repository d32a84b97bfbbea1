// Guarded deploys (--verify, --rollback-on-failure) against the simulator, in virtual time.
import { describe, expect, it } from 'vitest';
import { settle } from '../../../src/sim/state/containers.js';
import { onlyJson } from '../../helpers/cli.js';
import { REG, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const { web } = SEED_IDS;
const record = (id: string) => settle(h.sim.world.containers.findAnyTeam(id)!, h.sim.world.now());
const puts = () => h.sim.requests.filter((r) => r.method === 'PUT');
const servingTag = async () => {
  const r = await h.cli(['serverless', 'get', web, '--json']);
  return (JSON.parse(r.stdout) as { image_tag?: string; container?: { image_tag?: string } }).container?.image_tag ?? (JSON.parse(r.stdout) as { image_tag?: string }).image_tag;
};

describe('serverless update --rollback-on-failure', () => {
  it('a bad image degrades the rollout: rolled back to the last good deployment, exit 8, the previous image serves', async () => {
    const r = await h.cli(['serverless', 'update', web, '--image', `${REG}/web:crash`, '--rollback-on-failure']);
    expect(r.code, r.stderr).toBe(8);
    // The bad image, then the rollback to revision 3 (web:1.2.0), the last that became ready.
    expect(puts().map((p) => p.body)).toEqual([
      { image: `${REG}/web`, image_tag: 'crash' },
      { image: `${REG}/web`, image_tag: '1.2.0' },
    ]);
    expect(r.stderr).toContain('warning: generation 4 of web ended degraded: rolling back to revision 3 (web-00003)\n');
    expect(r.stderr).toMatch(/^error: generation 4 of web ended degraded; rolled back: generation 5 \(revision 3 \(web-00003\)\) is ready and serves$/m);
    expect(record(web).rollouts.at(-1)?.spec.image_tag).toBe('1.2.0');
    expect(await servingTag()).toBe('1.2.0');
  });

  it('--json: one object naming the failed generation and the restored one', async () => {
    const r = await h.cli(['serverless', 'update', web, '--image', `${REG}/web:crash`, '--rollback-on-failure', '--json']);
    expect(r.code, r.stderr).toBe(8);
    expect(onlyJson(r.stdout)).toMatchObject({
      id: web,
      outcome: 'degraded',
      spec_generation: 4,
      rollback: { failed_generation: 4, rolled_back: true, rollback_generation: 5, rollback_outcome: 'ready', restored: { revision_number: 3, revision_name: 'web-00003', image: `${REG}/web:1.2.0` } },
    });
  });

  it('a --verify check failing on a good rollout rolls back', async () => {
    const r = await h.cli(['serverless', 'update', web, '--image', `${REG}/web:1.3.0`, '--verify', '/status/500', '--rollback-on-failure']);
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).toMatch(/generation 4 of web is ready, but --verify GET http:\/\/[^ ]+\/containers\/web-main\/status\/500 answered 500, not 2xx or 3xx: rolling back to revision 3/);
    expect(puts().map((p) => p.body)).toEqual([
      { image: `${REG}/web`, image_tag: '1.3.0' },
      { image: `${REG}/web`, image_tag: '1.2.0' },
    ]);
    expect(record(web).rollouts.at(-1)?.spec.image_tag).toBe('1.2.0');
  });

  it('a --verify check that passes: exit 0, no rollback', async () => {
    const r = await h.cli(['serverless', 'update', web, '--image', `${REG}/web:1.3.0`, '--verify', '/healthz', '--rollback-on-failure']);
    expect(r.code, r.stderr).toBe(0);
    expect(puts()).toHaveLength(1);
  });

  it('--verify without --rollback-on-failure: a failing check exits 1 and rolls nothing back', async () => {
    const r = await h.cli(['serverless', 'update', web, '--image', `${REG}/web:1.3.0`, '--verify', '/status/503']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('hint: roll back with: infra serverless rollback');
    expect(puts()).toHaveLength(1);
  });

  it('a client timeout never rolls back (exit 6, no rollback write)', async () => {
    const r = await h.cli(['serverless', 'update', web, '--image', `${REG}/web:crash`, '--rollback-on-failure', '--timeout', '2s']);
    expect(r.code).toBe(6);
    expect(puts()).toHaveLength(1);
    expect(r.stderr).not.toMatch(/rolling back/);
  });

  it('--verify-timeout alone is a usage error before any request', async () => {
    const r = await h.cli(['serverless', 'update', web, '--image', `${REG}/web:1.3.0`, '--verify-timeout', '5s']);
    expect(r.code).toBe(2);
    expect(h.sim.requests).toHaveLength(0);
  });
});

describe('serverless apply --rollback-on-failure', () => {
  it('an updated container that degrades goes back alone: exit 8, its --json object carries the rollback', async () => {
    const r = await h.cli(['serverless', 'apply', '--name', 'web', '--image', `${REG}/web:crash`, '--rollback-on-failure', '--json']);
    expect(r.code, r.stderr).toBe(8);
    const [item] = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(item).toMatchObject({ name: 'web', action: 'updated', outcome: 'degraded', rollback: { failed_generation: 4, rolled_back: true, restored: { revision_number: 3 } } });
    expect(record(web).rollouts.at(-1)?.spec.image_tag).toBe('1.2.0');
  });
});
