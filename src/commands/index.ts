// Every command, one line each: its path and the module that defines it (loaded only when the
// command runs, or for help, the man page and completion). A new command is a file and a line.
import type { CommandDef } from '../cli/command.js';
import type { Groups } from '../cli/tree.js';

export interface CommandEntry {
  /** Words after `infra`, space-separated. */
  path: string;
  load(): Promise<CommandDef>;
}

const at = (path: string, load: () => Promise<{ default: CommandDef }>): CommandEntry => ({ path, load: async () => (await load()).default });

/** In the order `infra --help` lists them. */
export const COMMANDS: readonly CommandEntry[] = [
  at('auth login', () => import('./auth/login.js')),
  at('auth status', () => import('./auth/status.js')),
  at('auth logout', () => import('./auth/logout.js')),
  at('config get', () => import('./config/get.js')),
  at('config set', () => import('./config/set.js')),
  at('config unset', () => import('./config/unset.js')),
  at('config list', () => import('./config/list.js')),
  at('config path', () => import('./config/path.js')),
  at('serverless list', () => import('./serverless/list.js')),
  at('serverless get', () => import('./serverless/get.js')),
  at('serverless create', () => import('./serverless/create.js')),
  at('serverless update', () => import('./serverless/update.js')),
  at('serverless redeploy', () => import('./serverless/redeploy.js')),
  at('serverless wait', () => import('./serverless/wait.js')),
  at('serverless delete', () => import('./serverless/delete.js')),
  at('serverless revisions', () => import('./serverless/revisions.js')),
  at('serverless events', () => import('./serverless/events.js')),
  at('serverless logs', () => import('./serverless/logs.js')),
  at('serverless diagnose', () => import('./serverless/diagnose.js')),
  at('vps list', () => import('./vps/list.js')),
  at('vps get', () => import('./vps/get.js')),
  at('vps create', () => import('./vps/create.js')),
  at('vps update', () => import('./vps/update.js')),
  at('vps delete', () => import('./vps/delete.js')),
  at('vps start', () => import('./vps/start.js')),
  at('vps stop', () => import('./vps/stop.js')),
  at('vps reboot', () => import('./vps/reboot.js')),
  at('vps reinstall', () => import('./vps/reinstall.js')),
  at('vps password', () => import('./vps/password.js')),
  at('vps images', () => import('./vps/images.js')),
  at('vps plans', () => import('./vps/plans.js')),
  at('vps metrics', () => import('./vps/metrics.js')),
  at('vps wait', () => import('./vps/wait.js')),
  at('vps diagnose', () => import('./vps/diagnose.js')),
  at('vps events', () => import('./vps/events.js')),
  at('database list', () => import('./database/list.js')),
  at('database credentials', () => import('./database/credentials.js')),
  at('database dns enable', () => import('./database/dns-enable.js')),
  at('database dns disable', () => import('./database/dns-disable.js')),
  at('cache list', () => import('./cache/list.js')),
  at('cache connection-info', () => import('./cache/connection-info.js')),
  at('cache dns enable', () => import('./cache/dns-enable.js')),
  at('cache dns disable', () => import('./cache/dns-disable.js')),
  at('snapshots list', () => import('./snapshots/list.js')),
  at('snapshots restore', () => import('./snapshots/restore.js')),
  at('snapshots create', () => import('./snapshots/create.js')),
  at('snapshots delete', () => import('./snapshots/delete.js')),
  at('snapshots clone', () => import('./snapshots/clone.js')),
  at('snapshots wait', () => import('./snapshots/wait.js')),
  at('recovery capabilities', () => import('./recovery/capabilities.js')),
  // queue: issue 14 adds its commands here
  // parameter-groups: issue 14 adds its commands here
  // storage: issue 14 adds its commands here
  // firewalls: issue 14 adds its commands here
  // ssh-keys: issue 14 adds its commands here
  // static-sites: issue 14 adds its commands here
  at('static-sites list', () => import('./static-sites/list.js')),
  at('static-sites get', () => import('./static-sites/get.js')),
  at('static-sites create', () => import('./static-sites/create.js')),
  at('static-sites deploy', () => import('./static-sites/deploy.js')),
  at('static-sites deployments', () => import('./static-sites/deployments.js')),
  at('static-sites activate', () => import('./static-sites/activate.js')),
  at('static-sites delete', () => import('./static-sites/delete.js')),
  at('static-sites domains list', () => import('./static-sites/domains-list.js')),
  at('static-sites domains add', () => import('./static-sites/domains-add.js')),
  at('static-sites domains verify', () => import('./static-sites/domains-verify.js')),
  at('static-sites domains remove', () => import('./static-sites/domains-remove.js')),
  at('static-sites wait', () => import('./static-sites/wait.js')),
  at('static-sites diagnose', () => import('./static-sites/diagnose.js')),
  // webhooks: issue 14 adds its commands here
  at('webhooks config get', () => import('./webhooks/config-get.js')),
  at('webhooks config set', () => import('./webhooks/config-set.js')),
  at('webhooks regenerate-secret', () => import('./webhooks/regenerate-secret.js')),
  at('webhooks deliveries', () => import('./webhooks/deliveries.js')),
  // projects: issue 14 adds its commands here
  at('projects list', () => import('./projects/list.js')),
  // operations: issue 14 adds its commands here
  at('api', () => import('./api/api.js')),
  at('sim', () => import('./sim/serve.js')),
  at('completion', () => import('./completion/completion.js')),
];

/** Descriptions of the command groups, by path. */
export const GROUPS: Groups = {
  auth: 'log in, check and remove the stored API token',
  config: 'read and change settings (keys: api-url, project, output)',
  serverless: 'serverless containers: rollouts, status, logs and diagnosis',
  vps: 'virtual private servers: lifecycle, images, plans, metrics, diagnosis',
  database: 'managed databases: list, credentials, public DNS',
  'database dns': 'public DNS of a database: adds a public endpoint beside the private one',
  cache: 'managed caches: list, connection info, public DNS',
  'cache dns': 'public DNS of a cache: adds a public endpoint beside the private one',
  snapshots: 'recovery points of VPS, caches and databases: take, delete, restore in place or to a new resource',
  recovery: 'what each product supports for recovery points and restores',
  // groups of the families issue 14 adds
  'static-sites': 'static sites: deploy a directory or an archive, roll back, custom domains',
  'static-sites domains': 'custom domains of a static site: add, verify ownership, remove',
  webhooks: 'event notifications of the project: where they go, the signing secret, deliveries',
  'webhooks config': 'where the webhooks go and whether they are on',
  projects: 'the projects (teams) the token may use',
};
