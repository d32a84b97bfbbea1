// `whoami`: the token's user (GET /api/user, outside /api/v1) beside its projects
// (GET /api/v1/user/teams), the project commands run in, the token's project scope and the
// registry namespace images are pushed under (real-api "whoami", "projects").
import { defineCommand } from '../../cli/command.js';
import { AccountApi } from '../../client/account.js';
import type { Team } from '../../client/schemas.js';
import { readProjects } from '../kit/projects.js';

/** The teams as sent (a list, or an object keyed by index on older servers). */
export function rawTeams(raw: unknown): Record<string, unknown>[] {
  const data = raw && typeof raw === 'object' ? (raw as { data?: unknown }).data : undefined;
  const items = Array.isArray(data) ? data : data && typeof data === 'object' ? Object.values(data) : [];
  return items.filter((t): t is Record<string, unknown> => !!t && typeof t === 'object');
}

/**
 * `token_team_id` as sent: null means the token works in every project; a number, that project
 * only; absent (older servers) → undefined, and nothing is said about the scope.
 */
export function tokenScope(raw: unknown): { said: false } | { said: true; teamId: string | number | null } {
  if (!raw || typeof raw !== 'object' || !('token_team_id' in raw)) return { said: false };
  const v = (raw as { token_team_id: unknown }).token_team_id;
  return { said: true, teamId: typeof v === 'number' || typeof v === 'string' ? v : null };
}

const label = (t: Team | undefined, id: string) => (t?.name ? `${t.name} (id ${id})` : `id ${id}`);

export default defineCommand({
  path: ['whoami'],
  description: "show the token's user, its projects (the current one marked), its project scope and the registry namespace",
  examples: ['infra whoami', 'infra whoami --json | jq .current_project_id', 'infra whoami --project staging'],
  help: 'The current project is the one commands run in: --project (or INFRA_PROJECT, or the config) when given, else the account default. Images are pushed under the registry namespace of the current project.',
  run: async (app) => {
    const client = await app.client();
    const signal = app.ctx.signal;
    const [me, view] = await Promise.all([new AccountApi(client.http).user({ signal }), readProjects(app, client)]);
    if (view.problem) app.warn(`the configured project ${app.settings.project} (${app.settings.projectSource}) is not one of this token's projects: ${view.problem}`);
    const scope = tokenScope(view.raw);
    const teams = rawTeams(view.raw);
    if (app.json) {
      const current = teams.find((t) => String(t.id) === view.currentId);
      return app.printJson({
        user: me.raw,
        projects: teams,
        current_project_id: current ? current.id : (view.currentId ?? null),
        ...(scope.said ? { token_project_id: scope.teamId } : {}),
      });
    }
    const current = view.teams.find((t) => t.id === view.currentId);
    const u = me.user;
    const scopeTeam = scope.said && scope.teamId !== null ? view.teams.find((t) => t.id === String(scope.teamId)) : undefined;
    app.keyValue([
      ['User', u.name ? `${u.name}${u.email ? ` <${u.email}>` : ''}` : (u.email ?? undefined)],
      ['User id', u.id],
      ['Project', view.currentId ? `${label(current, view.currentId)}${app.settings.project === undefined ? ', the account default' : ''}` : undefined],
      ['Registry', current ? (current.registry_namespace ? `${current.registry_namespace} (images are pushed under this namespace)` : 'no registry namespace in this project') : undefined],
      ['Token scope', !scope.said ? undefined : scope.teamId === null ? 'every project' : `this project only: ${label(scopeTeam, String(scope.teamId))}`],
      ['Projects', view.teams.length ? view.teams.map((t) => `${t.id === view.currentId ? '*' : ''}${t.name ?? '?'} (${t.id})`).join(', ') : 'none'],
    ]);
  },
});
