// Projects are teams on the wire: integer ids, sent as X-Team-Id (docs/behaviour.md#wire). People may
// name a project instead; the name is looked up in GET /user/teams.
import { AmbiguousNameError, NotFoundError } from './errors.js';
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
