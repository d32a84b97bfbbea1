// Every command, one line each: its path and the module that defines it (loaded only when the
// command runs, or for help, the man page and completion). A new command is a file and a line.
import type { CommandDef } from '../cli/command.js';
import type { Groups } from '../cli/tree.js';
import type { FamilySpec } from './resource/family.js';
import { makeVerb } from './resource/verbs.js';

export interface CommandEntry {
  /** Words after `infra`, space-separated. */
  path: string;
  /** Other last words that run the same command (`cache credentials`); the definition declares them too. */
  aliases?: readonly string[];
  load(): Promise<CommandDef>;
}

const at = (path: string, load: () => Promise<{ default: CommandDef }>, aliases?: readonly string[]): CommandEntry => ({ path, aliases, load: async () => (await load()).default });

/** Made once, like a module's default export: a second load (help, then the run) gets the same definition. */
function once(make: () => Promise<CommandDef>): () => Promise<CommandDef> {
  let def: Promise<CommandDef> | undefined;
  return () => (def ??= make());
}

/** A command a module makes with a factory of its own (`toggleCommand('pause')`). */
const made = <M>(path: string, load: () => Promise<M>, make: (module: M) => CommandDef): CommandEntry => ({ path, load: once(async () => make(await load())) });

export interface FamilyEntry {
  /** The family's command words: `vps`, `storage buckets`. */
  command: string;
  load(): Promise<FamilySpec>;
}

/** Every family whose descriptor lists generic verbs (a test holds each verb against a line here). */
export const FAMILIES: FamilyEntry[] = [];

/** The lines of one family's generic verbs: `vps('list')` is `infra vps list`, made from the descriptor. */
function family(command: string, load: () => Promise<FamilySpec>): (word: string, aliases?: readonly string[]) => CommandEntry {
  FAMILIES.push({ command, load });
  return (word, aliases) => ({ path: `${command} ${word}`, aliases, load: once(async () => makeVerb(await load(), word)) });
}

// The families whose generic verbs their descriptors list (FamilySpec.verbs): a line below names
// each verb; running it loads the family's module and the verb's builder only.
const metricAlerts = family('alerts metric', async () => (await import('./alerts/metric/family.js')).METRIC_ALERTS);
const alertIncidents = family('alerts resource incidents', async () => (await import('./alerts/resource/family.js')).INCIDENTS);
const alertRules = family('alerts resource rules', async () => (await import('./alerts/resource/family.js')).RULES);
const apps = family('apps', async () => (await import('./apps/family.js')).APPS);
const cache = family('cache', async () => (await import('./cache/family.js')).CACHE);
const database = family('database', async () => (await import('./database/family.js')).DATABASE);
const firewalls = family('firewalls', async () => (await import('./firewalls/family.js')).FIREWALLS);
const parameterGroups = family('parameter-groups', async () => (await import('./parameter-groups/family.js')).PARAMETER_GROUPS);
const queue = family('queue', async () => (await import('./queue/family.js')).QUEUE);
const sshKeys = family('ssh-keys', async () => (await import('./ssh-keys/family.js')).SSH_KEYS);
const staticSites = family('static-sites', async () => (await import('./static-sites/family.js')).SITES);
const buckets = family('storage buckets', async () => (await import('./storage/buckets/family.js')).BUCKETS);
const storageKeys = family('storage keys', async () => (await import('./storage/keys/family.js')).KEYS);
const uptime = family('uptime', async () => (await import('./uptime/family.js')).UPTIME);
const vps = family('vps', async () => (await import('./vps/family.js')).VPS);
// Kubernetes, the account's inbox, search, partner administration and the API's health
const kubernetes = family('kubernetes', async () => (await import('./kubernetes/family.js')).KUBERNETES);

/** In the order `infra --help` lists them. */
/** One module that makes several commands: `tickets('support list', (m) => m.listCommand)`. */
const commandsOf =
  <M>(load: () => Promise<M>) =>
  (path: string, make: (module: M) => CommandDef): CommandEntry =>
    made(path, load, make);
const schedulesToggleModule = commandsOf(() => import('./serverless/schedules/toggle.js'));
const databaseLoadModule = commandsOf(() => import('./database/load.js'));
const bucketsMetricsReadsModule = commandsOf(() => import('./storage/buckets/metrics-reads.js'));
const notificationsListModule = commandsOf(() => import('./notifications/list.js'));
const notificationsReadModule = commandsOf(() => import('./notifications/read.js'));
const notificationsPreferencesModule = commandsOf(() => import('./notifications/preferences.js'));
const supportTicketsModule = commandsOf(() => import('./support/tickets.js'));
const partnerAccountModule = commandsOf(() => import('./partner/account.js'));
const partnerSubTeamsModule = commandsOf(() => import('./partner/sub-teams.js'));

export const COMMANDS: readonly CommandEntry[] = [
  at('auth login', () => import('./auth/login.js')),
  at('auth status', () => import('./auth/status.js')),
  at('auth logout', () => import('./auth/logout.js')),
  at('config get', () => import('./config/get.js')),
  at('config set', () => import('./config/set.js')),
  at('config unset', () => import('./config/unset.js')),
  at('config list', () => import('./config/list.js')),
  at('config path', () => import('./config/path.js')),
  // contexts: an API URL, its tokens and a project, switched as one
  at('context list', () => import('./context/list.js')),
  at('context current', () => import('./context/current.js')),
  at('context create', () => import('./context/create.js')),
  at('context use', () => import('./context/use.js')),
  at('context delete', () => import('./context/delete.js')),
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
  at('serverless apply', () => import('./serverless/apply.js')),
  at('serverless preflight', () => import('./serverless/preflight.js')),
  at('serverless probe', () => import('./serverless/probe.js')),
  at('serverless deployments', () => import('./serverless/deployments.js')),
  at('serverless rollback', () => import('./serverless/rollback.js')),
  at('serverless run', () => import('./serverless/run.js')),
  at('serverless runs list', () => import('./serverless/runs/list.js')),
  at('serverless runs show', () => import('./serverless/runs/show.js')),
  at('serverless runs logs', () => import('./serverless/runs/logs.js')),
  at('serverless runs cancel', () => import('./serverless/runs/cancel.js')),
  at('serverless runs wait', () => import('./serverless/runs/wait.js')),
  at('serverless schedules list', () => import('./serverless/schedules/list.js')),
  at('serverless schedules show', () => import('./serverless/schedules/show.js')),
  at('serverless schedules create', () => import('./serverless/schedules/create.js')),
  at('serverless schedules delete', () => import('./serverless/schedules/delete.js')),
  schedulesToggleModule('serverless schedules pause', (m) => m.toggleCommand('pause')),
  schedulesToggleModule('serverless schedules resume', (m) => m.toggleCommand('resume')),
  at('serverless deploy', () => import('./serverless/deploy.js')),
  at('serverless builds show', () => import('./serverless/builds-show.js')),
  at('serverless builds cancel', () => import('./serverless/builds-cancel.js')),
  at('serverless usage', () => import('./serverless/usage.js')),
  at('serverless metrics', () => import('./serverless/metrics.js')),
  // a container's environment in bulk: each write is one PUT, so one rollout
  at('serverless env list', () => import('./serverless/env/list.js')),
  at('serverless env set', () => import('./serverless/env/set.js')),
  at('serverless env unset', () => import('./serverless/env/unset.js')),
  at('serverless env import', () => import('./serverless/env/import.js')),
  at('serverless env export', () => import('./serverless/env/export.js')),
  at('serverless env diff', () => import('./serverless/env/diff.js')),
  vps('list'),
  vps('get'),
  at('vps create', () => import('./vps/create.js')),
  at('vps update', () => import('./vps/update.js')),
  at('vps delete', () => import('./vps/delete.js')),
  vps('start'),
  vps('stop'),
  vps('reboot'),
  at('vps reinstall', () => import('./vps/reinstall.js')),
  vps('password'),
  vps('images'),
  vps('plans'),
  vps('metrics'),
  vps('wait'),
  vps('diagnose'),
  vps('events'),
  vps('status'),
  at('vps volumes list', () => import('./vps/volumes-list.js')),
  at('vps volumes get', () => import('./vps/volumes-get.js')),
  at('vps volumes create', () => import('./vps/volumes-create.js')),
  at('vps volumes resize', () => import('./vps/volumes-resize.js')),
  at('vps volumes delete', () => import('./vps/volumes-delete.js')),
  at('vps volumes wait', () => import('./vps/volumes-wait.js')),
  // options (the provider CLI's flags and routes): a volume's own events and diagnose
  at('vps volumes events', () => import('./vps/volumes-events.js')),
  at('vps volumes diagnose', () => import('./vps/volumes-diagnose.js')),
  at('volumes list', () => import('./vps/volumes-everywhere.js')),
  database('list'),
  database('get'),
  at('database create', () => import('./database/create.js')),
  at('database update', () => import('./database/update.js')),
  database('delete'),
  database('start'),
  database('stop'),
  database('credentials'),
  database('connect'),
  at('database credentials rotate', () => import('./database/rotate.js')),
  at('database credentials wait', () => import('./database/rotate-wait.js')),
  database('force-stop'),
  at('database high-availability', () => import('./database/high-availability.js')),
  at('database load', () => import('./database/load.js')),
  databaseLoadModule('database queries', (m) => m.loadCommand('queries')),
  database('dns enable'),
  database('dns disable'),
  at('database replicas list', () => import('./database/replicas-list.js')),
  at('database replicas add', () => import('./database/replicas-add.js')),
  at('database replicas remove', () => import('./database/replicas-remove.js')),
  at('database replicas status', () => import('./database/replicas-status.js')),
  database('plans'),
  database('metrics'),
  database('wait'),
  database('diagnose'),
  database('logs'),
  database('events'),
  cache('list'),
  cache('get'),
  at('cache create', () => import('./cache/create.js')),
  at('cache update', () => import('./cache/update.js')),
  cache('delete'),
  cache('start'),
  cache('stop'),
  cache('force-stop'),
  cache('connection-info', ['credentials']),
  cache('connect'),
  cache('dns enable'),
  cache('dns disable'),
  at('cache plans', () => import('./cache/plans.js')),
  cache('metrics'),
  cache('wait'),
  cache('diagnose'),
  cache('logs'),
  cache('events'),
  at('snapshots list', () => import('./snapshots/list.js')),
  at('snapshots restore', () => import('./snapshots/restore.js')),
  at('snapshots create', () => import('./snapshots/create.js')),
  at('snapshots delete', () => import('./snapshots/delete.js')),
  at('snapshots clone', () => import('./snapshots/clone.js')),
  at('snapshots wait', () => import('./snapshots/wait.js')),
  at('recovery capabilities', () => import('./recovery/capabilities.js')),
  // queue
  queue('list'),
  queue('get'),
  at('queue create', () => import('./queue/create.js')),
  at('queue update', () => import('./queue/update.js')),
  queue('delete'),
  queue('start'),
  queue('stop'),
  at('queue connection-info', () => import('./queue/connection-info.js'), ['credentials']),
  at('queue connect', () => import('./queue/connect.js')),
  queue('metrics'),
  queue('wait'),
  queue('diagnose'),
  queue('logs'),
  queue('events'),
  // parameter-groups
  parameterGroups('list'),
  parameterGroups('get'),
  at('parameter-groups create', () => import('./parameter-groups/create.js')),
  at('parameter-groups update', () => import('./parameter-groups/update.js')),
  at('parameter-groups delete', () => import('./parameter-groups/delete.js')),
  at('parameter-groups clone', () => import('./parameter-groups/clone.js')),
  // storage
  buckets('list'),
  buckets('get'),
  at('storage buckets create', () => import('./storage/buckets/create.js')),
  at('storage buckets update', () => import('./storage/buckets/update.js')),
  buckets('delete'),
  buckets('metrics'),
  bucketsMetricsReadsModule('storage buckets metrics trend', (m) => m.bucketMetricsCommand('trend')),
  bucketsMetricsReadsModule('storage buckets metrics top-objects', (m) => m.bucketMetricsCommand('top-objects')),
  bucketsMetricsReadsModule('storage buckets metrics health', (m) => m.bucketMetricsCommand('health')),
  at('storage buckets policy get', () => import('./storage/buckets/policy-get.js')),
  at('storage buckets policy set', () => import('./storage/buckets/policy-set.js')),
  at('storage buckets policy grant', () => import('./storage/buckets/policy-grant.js')),
  buckets('wait'),
  buckets('diagnose'),
  storageKeys('list'),
  storageKeys('get'),
  at('storage keys create', () => import('./storage/keys/create.js')),
  at('storage keys delete', () => import('./storage/keys/delete.js'), ['revoke']),
  // firewalls
  firewalls('list'),
  firewalls('get'),
  at('firewalls create', () => import('./firewalls/create.js')),
  at('firewalls update', () => import('./firewalls/update.js')),
  firewalls('delete'),
  at('firewalls attach', () => import('./firewalls/attach.js')),
  at('firewalls detach', () => import('./firewalls/detach.js')),
  firewalls('deploy'),
  firewalls('wait'),
  // ssh-keys
  sshKeys('list'),
  sshKeys('get'),
  at('ssh-keys add', () => import('./ssh-keys/add.js')),
  sshKeys('delete'),
  // static-sites
  staticSites('list'),
  staticSites('get'),
  at('static-sites create', () => import('./static-sites/create.js')),
  at('static-sites deploy', () => import('./static-sites/deploy.js')),
  at('static-sites link', () => import('./static-sites/link.js')),
  at('static-sites unlink', () => import('./static-sites/unlink.js')),
  at('static-sites deployments', () => import('./static-sites/deployments.js')),
  at('static-sites activate', () => import('./static-sites/activate.js')),
  staticSites('delete'),
  at('static-sites domains list', () => import('./static-sites/domains-list.js')),
  at('static-sites domains add', () => import('./static-sites/domains-add.js')),
  at('static-sites domains verify', () => import('./static-sites/domains-verify.js')),
  at('static-sites domains remove', () => import('./static-sites/domains-remove.js')),
  staticSites('wait'),
  staticSites('diagnose'),
  // the status board, ssh and open (operate at a glance)
  at('status', () => import('./status/status.js')),
  at('vps ssh', () => import('./vps/ssh.js')),
  at('vps ssh-config', () => import('./vps/ssh-config.js')),
  at('open', () => import('./open/open.js')),
  // webhooks
  at('webhooks config get', () => import('./webhooks/config-get.js')),
  at('webhooks config set', () => import('./webhooks/config-set.js')),
  at('webhooks regenerate-secret', () => import('./webhooks/regenerate-secret.js')),
  at('webhooks deliveries', () => import('./webhooks/deliveries.js')),
  // projects
  at('projects list', () => import('./projects/list.js')),
  // the account
  at('whoami', () => import('./account/whoami.js')),
  at('account limits request', () => import('./account/limits-request.js')),
  at('approvals get', () => import('./approvals/get.js')),
  at('approvals wait', () => import('./approvals/wait.js')),
  at('registry context', () => import('./registry/context.js')),
  at('registry verify-push', () => import('./registry/verify-push.js')),
  at('registry usage', () => import('./registry/usage.js')),
  at('registry repos list', () => import('./registry/repos/list.js')),
  at('registry repos show', () => import('./registry/repos/show.js')),
  at('registry repos delete', () => import('./registry/repos/delete.js')),
  at('registry tags list', () => import('./registry/tags/list.js')),
  at('registry tags delete', () => import('./registry/tags/delete.js')),
  // operations
  at('operations get', () => import('./operations/get.js')),
  at('operations wait', () => import('./operations/wait.js')),
  // apps, uptime checks and alerts
  at('apps catalog', () => import('./apps/catalog.js')),
  apps('list'),
  apps('get'),
  at('apps create', () => import('./apps/create.js')),
  at('apps update', () => import('./apps/update.js')),
  apps('delete'),
  apps('restart'),
  apps('credentials'),
  at('apps metrics', () => import('./apps/metrics.js')),
  apps('diagnose'),
  apps('logs'),
  apps('events'),
  apps('wait'),
  uptime('list'),
  uptime('get'),
  at('uptime create', () => import('./uptime/create.js')),
  at('uptime update', () => import('./uptime/update.js')),
  uptime('delete'),
  uptime('pause'),
  uptime('resume'),
  at('uptime results', () => import('./uptime/results.js')),
  at('uptime incidents', () => import('./uptime/incidents.js')),
  at('uptime test', () => import('./uptime/test.js')),
  uptime('diagnose'),
  metricAlerts('list'),
  metricAlerts('get'),
  at('alerts metric create', () => import('./alerts/metric/create.js')),
  at('alerts metric update', () => import('./alerts/metric/update.js')),
  metricAlerts('delete'),
  metricAlerts('enable'),
  metricAlerts('disable'),
  at('alerts metric history', () => import('./alerts/metric/history.js')),
  at('alerts metric metrics', () => import('./alerts/metric/metrics.js')),
  at('alerts metric preview', () => import('./alerts/metric/preview.js')),
  at('alerts resource rules list', () => import('./alerts/resource/rules-list.js')),
  alertRules('get'),
  at('alerts resource rules create', () => import('./alerts/resource/rules-create.js')),
  at('alerts resource rules update', () => import('./alerts/resource/rules-update.js')),
  alertRules('delete'),
  alertRules('enable'),
  alertRules('disable'),
  at('alerts resource incidents list', () => import('./alerts/resource/incidents-list.js')),
  alertIncidents('get'),
  at('alerts resource sources', () => import('./alerts/resource/sources.js')),
  at('alerts resource catalog', () => import('./alerts/resource/catalog.js')),
  // Merged logs: one tail of several containers and products.
  at('logs', () => import('./logs/logs.js')),
  // The project's state as one file: export it, apply it, check it for drift (commands/apply/).
  at('export', () => import('./apply/export.js')),
  at('apply', () => import('./apply/apply.js')),
  // Kubernetes, the account's inbox, search, partner administration and the API's health
  kubernetes('list'),
  kubernetes('get'),
  at('kubernetes create', () => import('./kubernetes/create.js')),
  at('kubernetes scale', () => import('./kubernetes/scale.js')),
  at('kubernetes pools add', () => import('./kubernetes/pools-add.js')),
  at('kubernetes pools remove', () => import('./kubernetes/pools-remove.js')),
  kubernetes('delete'),
  kubernetes('wait'),
  notificationsListModule('notifications', (m) => m.listCommand(['notifications'])),
  at('notifications list', () => import('./notifications/list.js')),
  at('notifications count', () => import('./notifications/count.js')),
  notificationsReadModule('notifications read', (m) => m.readCommand),
  notificationsReadModule('notifications read-all', (m) => m.readAllCommand),
  notificationsReadModule('notifications delete', (m) => m.deleteCommand),
  notificationsPreferencesModule('notifications preferences get', (m) => m.getCommand),
  notificationsPreferencesModule('notifications preferences set', (m) => m.setCommand),
  notificationsPreferencesModule('notifications preferences reset', (m) => m.resetCommand),
  supportTicketsModule('support list', (m) => m.listCommand),
  supportTicketsModule('support get', (m) => m.getCommand),
  supportTicketsModule('support create', (m) => m.createCommand),
  supportTicketsModule('support reply', (m) => m.replyCommand),
  supportTicketsModule('support resolve', (m) => m.resolveCommand),
  at('search', () => import('./search/search.js')),
  partnerAccountModule('partner tier', (m) => m.tierCommand),
  partnerAccountModule('partner usage', (m) => m.usageCommand),
  partnerSubTeamsModule('partner sub-teams list', (m) => m.listCommand),
  partnerSubTeamsModule('partner sub-teams create', (m) => m.createCommand),
  partnerSubTeamsModule('partner sub-teams get', (m) => m.getCommand),
  partnerSubTeamsModule('partner sub-teams usage', (m) => m.usageCommand),
  partnerSubTeamsModule('partner sub-teams regenerate-key', (m) => m.regenerateCommand),
  at('health', () => import('./health/health.js')),
  at('api', () => import('./api/api.js')),
  at('sim', () => import('./sim/serve.js')),
  at('completion', () => import('./completion/completion.js')),
];

/** Descriptions of the command groups, by path. */
export const GROUPS: Groups = {
  auth: 'log in, check and remove the stored API token',
  config: 'read and change settings (keys: api-url, project, output)',
  context: 'named contexts (an API URL, its tokens and a project) for working with several accounts',
  serverless: 'serverless containers: deploys (apply, preflight, probe, rollback), rollouts, status, logs and diagnosis',
  'serverless runs': "one-off runs of a container's image (infra serverless run starts one): list, show, logs, cancel, wait",
  'serverless schedules': 'commands run on a cron schedule in a timezone: create, show the next runs, pause, resume, delete',
  vps: 'virtual private servers: lifecycle, images, plans, metrics, diagnosis',
  database: 'managed databases: lifecycle, credentials, public DNS, read replicas, metrics, diagnosis',
  'vps volumes': 'block-storage volumes of a VPS: create, resize, delete (billed separately; never deleted with the VPS)',
  volumes: 'every block-storage volume of the project, whichever VPS it belongs to',
  'database dns': 'public DNS of a database: adds a public endpoint beside the private one',
  'database replicas': 'read replicas of a database (private endpoints only)',
  cache: 'managed caches: lifecycle, connection info, public DNS, metrics, diagnosis',
  'cache dns': 'public DNS of a cache: adds a public endpoint beside the private one',
  snapshots: 'recovery points of VPS, caches and databases: take, delete, restore in place or to a new resource',
  recovery: 'what each product supports for recovery points and restores',
  // groups of the other product families
  queue: 'managed RabbitMQ queues: lifecycle, connection info, metrics, diagnosis',
  'parameter-groups': 'engine settings for databases, caches and queues: create, change, clone',
  storage: 'object storage: S3-compatible buckets and their access keys',
  'storage buckets': 'S3-compatible buckets: settings, usage, lifecycle, diagnosis',
  'storage buckets policy': "a bucket's access policy: its own statements, and grants of folders to access keys",
  'storage keys': 'S3 access keys: create (the secret is shown once), list, revoke',
  firewalls: 'firewalls: rules, deployment, and the instances they protect',
  'ssh-keys': 'SSH public keys for logging in to VPS instances',
  'static-sites': 'static sites: deploy a directory or an archive, link a directory, roll back, custom domains',
  'static-sites domains': 'custom domains of a static site: add, verify ownership, remove',
  webhooks: 'event notifications of the project: where they go, the signing secret, deliveries',
  'webhooks config': 'where the webhooks go and whether they are on',
  projects: 'the projects (teams) the token may use',
  account: "the account's limits: ask for higher ones (a reviewer decides)",
  'account limits': 'ask for higher account limits; the answer is an approval to follow',
  approvals: 'approvals a reviewer decides (a limit increase): read one, wait for the decision',
  'serverless env': "a container's environment variables in bulk: list, set, unset, import, export, diff",
  'serverless builds': 'builds of a container from source (serverless deploy): the latest build, cancel one',
  registry: "the project's image registry: where to push, repositories and tags, usage",
  'registry repos': "the project's image repositories: list, show, delete",
  'registry tags': 'the tags of an image repository: list, delete',
  operations: 'the operations a change starts (GET /api/v1/operations/{id}): read one, wait for it to finish',
  // groups of apps, uptime checks and alerts
  apps: 'one-click apps (WordPress, n8n, Ghost): create from the catalog, restart, credentials, metrics, diagnosis',
  uptime: 'uptime checks of URLs: results, incidents, a check run now, pause and resume',
  alerts: 'alerts: thresholds on metrics, and rules on resources with their incidents',
  'alerts metric': "metric alerts: a threshold on a VPS's metric, its history and where it is delivered",
  'alerts resource': 'resource alerts: rules on a signal of a resource, the incidents they open, their sources',
  'alerts resource rules': 'rules on a signal of a resource (VPS, database): create, change, switch on and off',
  'alerts resource incidents': 'incidents opened by resource alert rules: open and resolved',
  // groups of Kubernetes, the inbox, search, partner administration
  kubernetes: 'Kubernetes clusters (alias k8s): create, scale, node pools, wait until they run',
  'kubernetes pools': "a cluster's node pools: add one, remove one (a failed pool's removal clears the cluster's error)",
  notifications: "the account's notifications, unread first (infra notifications alone lists them): read, delete, preferences",
  'notifications preferences': 'which notification categories reach which channels: show, switch one, reset to the defaults',
  support: 'support tickets: open one, read the replies, reply, resolve',
  partner: 'partner administration: the discount tier, usage, and sub-customer teams',
  'partner sub-teams': 'sub-customer teams of a partner account: create (the API key is shown once), usage, a new key',
};
