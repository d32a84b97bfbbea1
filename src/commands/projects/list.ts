// `projects list`: the projects (teams) the token may use, the one in effect marked *.
import { defineCommand } from '../../cli/command.js';
import { wideOption } from '../../cli/options.js';
import type { Team } from '../../client/schemas.js';
import { readProjects } from '../kit/projects.js';

export default defineCommand({
  path: ['projects', 'list'],
  description: 'list the projects (teams) this token may use; the one commands run in is marked *',
  options: wideOption(),
  examples: ['infra projects list', "infra projects list --json | jq -r '.[] | select(.current) | .id'", 'infra projects list --project staging'],
  help: 'Commands run in the project given with --project (or INFRA_PROJECT, or the config), by id or name; without one, in the account default.',
  run: async (app) => {
    const client = await app.client();
    const view = await readProjects(app, client);
    if (view.problem) app.warn(`the configured project ${app.settings.project} (${app.settings.projectSource}) is not one of these: ${view.problem}`);
    if (app.json) {
      // The teams as sent, each with whether commands run in it.
      const items = Array.isArray((view.raw as { data?: unknown })?.data) ? (view.raw as { data: Record<string, unknown>[] }).data : [];
      app.printJson(items.map((t) => ({ ...t, current: String(t.id) === view.currentId })));
      return;
    }
    if (view.teams.length === 0) {
      app.info('this token sees no projects');
      return;
    }
    const table = app.table<Team>([
      { header: 'CURRENT', value: (t) => (t.id === view.currentId ? '*' : '') },
      { header: 'ID', value: (t) => t.id },
      { header: 'NAME', value: (t) => t.name ?? '' },
      { header: 'PERSONAL', value: (t) => (t.personal_team ? 'yes' : ''), fit: { priority: 2 } },
      { header: 'REGISTRY NAMESPACE', value: (t) => t.registry_namespace ?? '', fit: { priority: 1 } },
    ]);
    table.add(view.teams);
    await table.end();
  },
});
