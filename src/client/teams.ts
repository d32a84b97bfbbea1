// Projects are teams on the wire: integer ids, sent as X-Team-Id (docs/behaviour.md#wire). People may
// name a project instead; the name is looked up in GET /user/teams.
import { AmbiguousNameError, AuthError, NotFoundError } from './errors.js';
import type { HttpClient, RequestOptions } from './http.js';
import { TeamsAnswer, type Team } from './schemas.js';

type Opts = Pick<RequestOptions<unknown>, 'signal' | 'noTeam'>;

export class TeamsApi {
  constructor(private readonly http: HttpClient) {}

  async list(opts: Opts = {}): Promise<{ teams: Team[]; currentTeamId?: string; raw: unknown }> {
    const res = await this.http.get('/user/teams', { schema: TeamsAnswer, ...opts });
    return { teams: res.data.data, currentTeamId: res.data.current_team_id ?? undefined, raw: res.raw };
  }
}

/** Pure: whether a project reference is already a team id (sent as it is, no lookup). */
export function isTeamId(ref: string): boolean {
  return /^\d+$/.test(ref);
}

/** Pure: the team id a project reference means among the account's teams. */
export function pickTeam(teams: readonly Team[], ref: string): string {
  const byId = teams.find((t) => t.id === ref);
  if (byId) return byId.id;
  const hits = teams.filter((t) => t.name === ref);
  if (hits.length > 1) throw new AmbiguousNameError(`${hits.length} projects are named "${ref}"; use the id (${hits.map((t) => t.id).join(', ')})`);
  if (hits.length === 0) {
    const known = teams.map((t) => `${t.name ?? '?'} (${t.id})`).join(', ');
    throw new NotFoundError(`no project named "${ref}"${known ? `; this token sees: ${known}` : ''}`, 404, 'GET /api/v1/user/teams');
  }
  return hits[0]!.id;
}

/**
 * A write in a project the token cannot reach, refused before it is sent: the token's own
 * project (`token_team_id`) is another, or the project is not among the ones it sees.
 */
export class ProjectOutOfReachError extends AuthError {
  override name = 'ProjectOutOfReachError';
  constructor(
    message: string,
    readonly reachable: string[],
  ) {
    super(message, 403, 'GET /api/v1/user/teams');
  }
}

/**
 * Pure: why the token of this teams answer cannot work in `teamId`, or undefined when it can.
 * `token_team_id` null or absent (an older server) says nothing; the list still must hold it.
 */
export function reachProblem(answer: { data: readonly Team[]; token_team_id?: string | null }, teamId: string): ProjectOutOfReachError | undefined {
  const name = (t: Team) => `${t.name ?? '?'} (${t.id})`;
  const scope = answer.token_team_id ?? undefined;
  const reachable = answer.data.filter((t) => scope === undefined || t.id === scope);
  if (reachable.some((t) => t.id === teamId)) return undefined;
  const labels = reachable.map(name);
  const why = scope !== undefined ? `the token is limited to project ${labels[0] ?? scope}` : labels.length ? `the token reaches ${labels.join(', ')}` : 'the token reaches no project';
  return new ProjectOutOfReachError(`the token cannot reach project ${teamId} (${why}); nothing was changed`, labels);
}
