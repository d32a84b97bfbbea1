// `infra whoami` in-process against the simulator: the two requests it makes, what it prints
// for each token scope, --json with the API's objects unchanged, and an older server.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { rawTeams, tokenScope } from '../../../src/commands/account/whoami.js';
import { cli, requestLines, useSimulator, type Simulator } from '../../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

describe('infra whoami', () => {
  it('reads GET /api/user and GET /api/v1/user/teams (no X-Team-Id), prints user, project, registry, scope', async () => {
    const r = await cli(sim, ['whoami']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(sim).sort()).toEqual(['GET /api/user', 'GET /api/v1/user/teams']);
    expect(sim.requests.every((q) => q.headers['x-team-id'] === undefined)).toBe(true);
    expect(r.stdout).toBe(
      [
        'User:        Sim Operator <operator@sim.local>',
        'User id:     17',
        'Project:     main (id 1), the account default',
        'Registry:    acme (images are pushed under this namespace)',
        'Token scope: every project',
        'Projects:    *main (1), staging (2)',
        '',
      ].join('\n'),
    );
    expect(r.stderr).toBe('');
  });

  it('a token limited to one project says so; --project staging marks staging current', async () => {
    const scoped = await cli(sim, ['whoami'], { token: sim.tokens.default });
    expect(scoped.stdout).toMatch(/^Token scope: this project only: main \(id 1\)$/m);
    expect(scoped.stdout).toMatch(/^Projects: {4}\*main \(1\)$/m);
    const staging = await cli(sim, ['whoami', '--project', 'staging']);
    expect(staging.code).toBe(0);
    expect(staging.stdout).toMatch(/^Project: {5}staging \(id 2\)$/m);
    expect(staging.stdout).toMatch(/^Registry: {4}staging /m);
    expect(staging.stdout).toMatch(/main \(1\), \*staging \(2\)/);
  });

  it('--json: {user, projects, current_project_id, token_project_id} with the API objects as sent', async () => {
    const r = await cli(sim, ['whoami', '--json', '--project', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      user: { id: 17, name: 'Sim Operator', email: 'operator@sim.local', email_verified_at: expect.any(String), created_at: expect.any(String) },
      projects: [
        { id: 1, name: 'main', personal_team: true, registry_namespace: 'acme' },
        { id: 2, name: 'staging', personal_team: false, registry_namespace: 'staging' },
      ],
      current_project_id: 2,
      token_project_id: null,
    });
  });

  it('an older server (no token_team_id, data keyed by index): no scope said, nothing invented', async () => {
    sim.use(
      http.get('*/api/v1/user/teams', () =>
        HttpResponse.json({ data: { 0: { id: 1, name: 'main', personal_team: true, registry_namespace: null }, 1: { id: 2, name: 'staging', personal_team: false } }, current_team_id: 1 }),
      ),
    );
    const r = await cli(sim, ['whoami']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('Token scope');
    expect(r.stdout).toMatch(/^Registry: +no registry namespace in this project$/m);
    expect(r.stdout).toMatch(/\*main \(1\), staging \(2\)/);
    const j = JSON.parse((await cli(sim, ['whoami', '--json'])).stdout) as Record<string, unknown>;
    expect(j).not.toHaveProperty('token_project_id');
    expect(j.projects).toEqual([
      { id: 1, name: 'main', personal_team: true, registry_namespace: null },
      { id: 2, name: 'staging', personal_team: false },
    ]);
  });

  it('401: exit 4; a project the token cannot see: a warning, still exit 0', async () => {
    expect((await cli(sim, ['whoami'], { token: 'nope' })).code).toBe(4);
    const r = await cli(sim, ['whoami', '--project', 'nowhere']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: the configured project nowhere .* is not one of this token's projects/);
    expect(r.stdout).not.toMatch(/^Project:/m);
  });
});

describe('the scope and the teams as sent (pure)', () => {
  it.each([
    [{ token_team_id: null }, { said: true, teamId: null }],
    [{ token_team_id: 3 }, { said: true, teamId: 3 }],
    [{}, { said: false }],
    [null, { said: false }],
  ])('tokenScope(%j)', (raw, expected) => expect(tokenScope(raw)).toEqual(expected));

  it.each([
    [{ data: [{ id: 1 }] }, [{ id: 1 }]],
    [{ data: { 0: { id: 1 }, 1: { id: 2 } } }, [{ id: 1 }, { id: 2 }]],
    [{ data: null }, []],
    [{ data: [1, { id: 2 }] }, [{ id: 2 }]],
  ])('rawTeams(%j)', (raw, expected) => expect(rawTeams(raw)).toEqual(expected));
});
