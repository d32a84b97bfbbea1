// Teams (projects), tokens and permissions (docs/behaviour.md#api-auth). Teams have integer ids and are
// selected with `X-Team-Id: <int>`; without the header a token uses its account default.

export interface Team {
  id: number;
  name: string;
  personal_team: boolean;
  registry_namespace: string | null;
}

export interface TokenRecord {
  name: string;
  value: string;
  permissions: ReadonlySet<string>;
  /** null = 'All my projects'; otherwise 'This project only'. */
  scope: number | null;
  /** The account default team used when X-Team-Id is omitted. */
  defaultTeam: number;
}

const NOUNS = ['vps', 'database', 'cache', 'storage', 'firewall', 'snapshot', 'ssh-key', 'serverless', 'static-site', 'queue', 'parameter-group', 'app', 'uptime-check', 'alert'];
const ALL_PERMISSIONS = [...NOUNS.flatMap((n) => [`${n}:read`, `${n}:write`, `${n}:delete`]), 'webhook:read', 'webhook:write', 'serverless:diagnostics'];
/** The default permissions of a new token (docs/behaviour.md#api-auth). */
export const DEFAULT_PERMISSIONS = ['vps:read', 'database:read', 'cache:read', 'storage:read', 'static-site:read'];

export const MAIN_TEAM = 1;
export const STAGING_TEAM = 2;

export const SIM_TOKENS = {
  admin: 'sim_admin_0a1b2c3d4e5f',
  default: 'sim_default_6a7b8c9d0e1f',
  no_diagnostics: 'sim_nodiag_2b3c4d5e6f70',
  other_project: 'sim_staging_8c9d0e1f2a3b',
} as const;

export type AuthResult = { ok: true; token: TokenRecord; team: Team } | { ok: false; status: 401 | 403 | 404; message: string };

export class AuthState {
  readonly teams: Team[] = [
    { id: MAIN_TEAM, name: 'main', personal_team: true, registry_namespace: 'acme' },
    { id: STAGING_TEAM, name: 'staging', personal_team: false, registry_namespace: 'staging' },
  ];
  readonly tokens: TokenRecord[] = [
    token('admin', SIM_TOKENS.admin, ALL_PERMISSIONS, null, MAIN_TEAM),
    token('default', SIM_TOKENS.default, DEFAULT_PERMISSIONS, MAIN_TEAM, MAIN_TEAM),
    token('no_diagnostics', SIM_TOKENS.no_diagnostics, [...DEFAULT_PERMISSIONS, 'serverless:read', 'serverless:write'], MAIN_TEAM, MAIN_TEAM),
    token('other_project', SIM_TOKENS.other_project, ALL_PERMISSIONS, STAGING_TEAM, STAGING_TEAM),
  ];

  /** The teams a token may use (GET /user/teams). */
  teamsOf(tok: TokenRecord): Team[] {
    return this.teams.filter((t) => tok.scope === null || tok.scope === t.id);
  }

  /**
   * 401 without a known bearer token; 404 for a team that does not exist or is not an
   * integer (checked before scope, so every token gets the same answer); 403 for a team
   * outside the token's scope.
   */
  authenticate(authorization: string | null, teamHeader: string | null): AuthResult {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const tok = match ? this.tokens.find((t) => t.value === match[1]) : undefined;
    if (!tok) return { ok: false, status: 401, message: 'Unauthenticated.' };
    const raw = teamHeader?.trim() ?? '';
    const teamId = raw === '' ? tok.defaultTeam : /^[0-9]{1,9}$/.test(raw) ? Number(raw) : null;
    const team = teamId === null ? undefined : this.teams.find((t) => t.id === teamId);
    if (!team) return { ok: false, status: 404, message: `Team ${raw} not found.` };
    if (tok.scope !== null && tok.scope !== team.id) {
      return { ok: false, status: 403, message: 'This token is limited to another team.' };
    }
    return { ok: true, token: tok, team };
  }
}

function token(name: string, value: string, perms: string[], scope: number | null, def: number): TokenRecord {
  return { name, value, permissions: new Set(perms), scope, defaultTeam: def };
}
