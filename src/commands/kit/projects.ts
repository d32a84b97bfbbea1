// The project this CLI works in: the one given (--project, INFRA_PROJECT, config; an id or a
// name), else the account's default, which GET /user/teams names as `current_team_id`.
import type { App } from '../../cli/app.js';
import type { Client } from '../../client/index.js';
import { pickTeam } from '../../client/teams.js';
import type { Team } from '../../client/schemas.js';

export interface ProjectView {
  teams: Team[];
  raw: unknown;
  /** The id in effect, when known. */
  currentId?: string;
  /** Why the configured project is not among the teams, when it is not. */
  problem?: string;
}

/** One request (no X-Team-Id: the list is the account's, whatever project is chosen). */
export async function readProjects(app: App, client: Client): Promise<ProjectView> {
  const { teams, currentTeamId, raw } = await client.teams.list({ signal: app.ctx.signal, noTeam: true });
  const given = app.settings.project;
  if (given === undefined) return { teams, raw, currentId: currentTeamId };
  try {
    return { teams, raw, currentId: pickTeam(teams, given) };
  } catch (err) {
    return { teams, raw, problem: (err as Error).message };
  }
}
