// Answers that lack what a command does not need never fail it; answers that lack what it does
// need stop it before a harmful write (issue 12: "never require a field a command does not need").
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { containerJson } from '../../../src/sim/state/container-views.js';
import { settle } from '../../../src/sim/state/containers.js';
import { REG, requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

describe('serverless redeploy', () => {
  it('an empty 202 is an accepted redeploy: exit 0 (it failed after the redeploy was accepted)', async () => {
    h.sim.use(http.post('*/api/v1/serverless/:id/redeploy', () => new HttpResponse(null, { status: 202 })));
    const r = await h.cli(['serverless', 'redeploy', SEED_IDS.web]);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toContain(`POST /api/v1/serverless/${SEED_IDS.web}/redeploy`);
  });
});

describe('serverless apply --env', () => {
  it('a container read without environment_variables: exit 1 naming the field, nothing written (it sent only the new keys, and PUT replaced the map)', async () => {
    // A server that leaves the map out of both the list and the show answer.
    const withoutEnv = (id: string) => {
      const c = h.sim.world.containers.findAnyTeam(id)!;
      const team = h.sim.world.auth.teams.find((t) => t.id === c.teamId)!;
      const { environment_variables: _, ...rest } = containerJson(settle(c, h.sim.world.now()), h.sim.world.status(c), { team, now: h.sim.world.now(), generations: true });
      return rest;
    };
    h.sim.use(
      http.get('*/api/v1/serverless', () => HttpResponse.json({ data: [withoutEnv(SEED_IDS.web)], pagination: { current_page: 1, last_page: 1, per_page: 200, total: 1 } })),
      http.get('*/api/v1/serverless/:id', ({ params }) => HttpResponse.json({ container: withoutEnv(String(params.id)) })),
    );
    const r = await h.cli(['serverless', 'apply', '--name', 'web', '--image', `${REG}/web:1.2.0`, '--env', 'NEW=1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/container\.environment_variables/);
    expect(h.sim.requests.filter((q) => q.method !== 'GET')).toEqual([]);
  });
});
