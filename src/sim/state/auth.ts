// Projects, tokens and permissions (spec section 5).

export interface Project {
  id: string;
  name: string;
}

export interface TokenRecord {
  name: string;
  value: string;
  permissions: ReadonlySet<string>;
  /** null = 'All my projects'; otherwise 'This project only'. */
  scope: string | null;
  /** The account default project used when X-Team-Id is omitted. */
  defaultProject: string;
}

const NOUNS = ['vps', 'database', 'cache', 'storage', 'firewall', 'snapshot', 'ssh-key', 'serverless', 'static-site'];
const ALL_PERMISSIONS = [
  ...NOUNS.flatMap((n) => [`${n}:read`, `${n}:write`, `${n}:delete`]),
  'webhook:read',
  'webhook:write',
  'serverless:diagnostics',
];
/** Spec 5 rule 4. */
export const DEFAULT_PERMISSIONS = ['vps:read', 'database:read', 'cache:read', 'storage:read', 'static-site:read'];

export const MAIN_PROJECT = 'prj-main';
export const STAGING_PROJECT = 'prj-staging';

export const SIM_TOKENS = {
  admin: 'sim_admin_0a1b2c3d4e5f',
  default: 'sim_default_6a7b8c9d0e1f',
  no_diagnostics: 'sim_nodiag_2b3c4d5e6f70',
  other_project: 'sim_staging_8c9d0e1f2a3b',
} as const;

export type AuthResult =
  | { ok: true; token: TokenRecord; project: Project }
  | { ok: false; status: 401 | 403 | 404; message: string };

export class AuthState {
  readonly projects: Project[] = [
    { id: MAIN_PROJECT, name: 'main' },
    { id: STAGING_PROJECT, name: 'staging' },
  ];
  readonly tokens: TokenRecord[] = [
    token('admin', SIM_TOKENS.admin, ALL_PERMISSIONS, null, MAIN_PROJECT),
    token('default', SIM_TOKENS.default, DEFAULT_PERMISSIONS, MAIN_PROJECT, MAIN_PROJECT),
    token(
      'no_diagnostics',
      SIM_TOKENS.no_diagnostics,
      [...DEFAULT_PERMISSIONS, 'serverless:read', 'serverless:write'],
      MAIN_PROJECT,
      MAIN_PROJECT,
    ),
    token('other_project', SIM_TOKENS.other_project, ALL_PERMISSIONS, STAGING_PROJECT, STAGING_PROJECT),
  ];

  /**
   * 401 without a known bearer token; 404 for a project that does not exist (checked
   * before scope, so every token gets the same answer); 403 for a project outside the
   * token's scope.
   */
  authenticate(authorization: string | null, teamId: string | null): AuthResult {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!match) return { ok: false, status: 401, message: 'Unauthenticated: missing bearer token.' };
    const tok = this.tokens.find((t) => t.value === match[1]);
    if (!tok) return { ok: false, status: 401, message: 'Unauthenticated: invalid or expired token.' };
    const projectId = teamId && teamId.trim() !== '' ? teamId.trim() : tok.defaultProject;
    const project = this.projects.find((p) => p.id === projectId);
    if (!project) return { ok: false, status: 404, message: `Project ${projectId} not found.` };
    if (tok.scope !== null && tok.scope !== project.id) {
      return { ok: false, status: 403, message: `This token is limited to project ${tok.scope}.` };
    }
    return { ok: true, token: tok, project };
  }
}

function token(name: string, value: string, perms: string[], scope: string | null, def: string): TokenRecord {
  return { name, value, permissions: new Set(perms), scope, defaultProject: def };
}
