// projects list and the project of auth status against the simulator: the teams of the token,
// the one commands run in marked (given by id or name, or the account default).
import { describe, expect, it } from 'vitest';
import { onlyJson } from '../../helpers/cli.js';
import { cli, requestLines, useSimulator, type Simulator } from '../../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

describe('projects list', () => {
  it('the teams of the token, the account default marked; one request, without X-Team-Id', async () => {
    const r = await cli(sim, ['projects', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('CURRENT\tID\tNAME\tPERSONAL\tREGISTRY NAMESPACE\n*\t1\tmain\tyes\tacme\n\t2\tstaging\t\tstaging\n');
    expect(requestLines(sim)).toEqual(['GET /api/v1/user/teams']);
    expect(sim.requests[0]?.headers['x-team-id']).toBeUndefined();
  });

  it('--project by name or id marks that one, still one request; INFRA_PROJECT too', async () => {
    expect((await cli(sim, ['projects', 'list', '--project', 'staging'])).stdout).toMatch(/^\*\t2\tstaging/m);
    expect((await cli(sim, ['projects', 'list'], { env: { INFRA_PROJECT: '2' } })).stdout).toMatch(/^\*\t2\tstaging/m);
    expect(requestLines(sim)).toEqual(['GET /api/v1/user/teams', 'GET /api/v1/user/teams']);
  });

  it('--json: the teams as sent, each with current', async () => {
    const r = await cli(sim, ['projects', 'list', '--json', '--project', 'staging']);
    expect(JSON.parse(r.stdout)).toEqual([
      { id: 1, name: 'main', personal_team: true, registry_namespace: 'acme', current: false },
      { id: 2, name: 'staging', personal_team: false, registry_namespace: 'staging', current: true },
    ]);
  });

  it('a project the token does not see is listed and said, not fatal; a scoped token sees its one', async () => {
    const r = await cli(sim, ['projects', 'list', '--project', 'prod']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning: the configured project prod (flag) is not one of these: no project named "prod"');
    expect(r.stdout).not.toContain('*');
    const scoped = await cli(sim, ['projects', 'list'], { token: sim.tokens.other_project! });
    expect(scoped.stdout).toBe('CURRENT\tID\tNAME\tPERSONAL\tREGISTRY NAMESPACE\n*\t2\tstaging\t\tstaging\n');
  });
});

describe('auth status names the project', () => {
  it('the account default, by id and name', async () => {
    const r = await cli(sim, ['auth', 'status']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Project:\s+account default: 1 main \(no X-Team-Id sent\)/);
    expect(requestLines(sim)).toEqual(['GET /api/v1/vps', 'GET /api/v1/user/teams']);
  });

  it('a project given by name: its id and name; --json adds project_id and project_name', async () => {
    const r = await cli(sim, ['auth', 'status', '--project', 'staging', '--json']);
    expect(onlyJson(r.stdout)).toMatchObject({ project: 'staging', project_source: 'flag', project_id: '2', project_name: 'staging', ok: true });
  });

  it('a rejected token: no teams request, nothing named', async () => {
    const r = await cli(sim, ['auth', 'status', '--json'], { token: 'nope' });
    expect(r.code).toBe(4);
    expect(onlyJson(r.stdout)).toMatchObject({ ok: false, project_id: null, project_name: null });
    expect(requestLines(sim)).toEqual(['GET /api/v1/vps']);
  });
});
