import type { App } from '../../cli/app.js';
import { completedFrom, defineCommand, flag, option, required, withDefault, type OptionSpec } from '../../cli/command.js';
import { maskPassword } from '../../output/mask.js';
import { nonEmpty } from '../../cli/options.js';
import { networkTierOption } from '../kit/placement.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { choicesRoute } from '../resource/family.js';
import { DATABASE } from './family.js';
import { createAndWait } from '../resource/write-and-wait.js';

const ENGINES = ['postgresql', 'mysql', 'mariadb'] as const;
// A required choice: commander checks the word and lists the choices in help.
const engine: OptionSpec<(typeof ENGINES)[number]> = { flags: '--engine, --provider <engine>', description: 'database engine', choices: ENGINES, required: true };

export default defineCommand({
  path: ['database', 'create'],
  description: 'create a managed database (PostgreSQL, MySQL or MariaDB); --wait until it runs',
  options: {
    name: required('--name <name>', 'name of the instance (lowercase letters, digits and dashes)', nonEmpty('--name')),
    engine,
    profile: completedFrom(required('--profile, --plan <name>', "resource profile (see 'infra database plans')", nonEmpty('--profile')), choicesRoute(DATABASE, 'plans')),
    engineVersion: option('--engine-version <version>', "engine version (default: the platform's current one)", nonEmpty('--engine-version')),
    databaseName: option('--database-name <name>', "database to create in it (default: the engine's bootstrap database)", nonEmpty('--database-name')),
    datacenter: withDefault('--datacenter <dc>', 'datacenter: fsn1, nbg1 or hel1', 'fsn1', nonEmpty('--datacenter')),
    networkTier: networkTierOption(),
    ...operationWaitOptions('creation'),
    showSecrets: flag('--show-secrets', "with --wait, show the application user's password unmasked"),
  },
  examples: [
    'infra database create --name analytics-pg --engine postgresql --profile small --database-name analytics --wait',
    'infra database create --name shop-replica --engine mysql --engine-version 8.4.3 --plan medium --datacenter nbg1',
    'id=$(infra database create --name reports --engine mariadb --plan small) && infra database wait "$id"',
  ],
  run: async (app, { opts }) => {
    const flags = waitFlagsOf(opts);
    const body: Record<string, unknown> = { name: opts.name, provider: opts.engine, datacenter: opts.datacenter, resource_profile: opts.profile };
    if (opts.engineVersion) body.version = opts.engineVersion;
    if (opts.networkTier) body.network_tier = opts.networkTier;
    if (opts.databaseName) body.database_name = opts.databaseName;
    return createAndWait(app, DATABASE, body, flags, (created) => showApplicationUser(app, created, opts.showSecrets));
  },
});

/**
 * Once the database runs, the user an application connects as, said once in human output
 * (it was only in `database credentials --json`): masked unless --show-secrets, as
 * `database credentials` shows it. On stderr: stdout stays the id for `id=$(...)`.
 */
async function showApplicationUser(app: App, created: { id: string; name: string }, showSecrets: boolean): Promise<void> {
  if (app.json) return;
  const client = await app.client();
  const { value } = await client.datastores.credentials('database', created.id, { signal: app.ctx.signal });
  const user = value.application_user;
  if (!user?.username) return;
  const password = showSecrets ? (user.password ?? '(none)') : maskPassword(user.password);
  app.info(`application user: ${user.username}, password ${password}`);
  if (!showSecrets) app.hint(`'infra database credentials ${created.name} --show-secrets' shows the password and the URL`);
}
