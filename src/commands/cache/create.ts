import { completedFrom, defineCommand, option, required, withDefault, type OptionSpec } from '../../cli/command.js';
import { nonEmpty } from '../../cli/options.js';
import { networkTierOption } from '../kit/placement.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { createAndWait } from '../resource/write-and-wait.js';
import { choicesRoute } from '../resource/family.js';
import { CACHE } from './family.js';

const PROVIDERS = ['redis', 'valkey', 'dragonfly'] as const;
// A required choice: commander checks the word and lists the choices in help.
const provider: OptionSpec<(typeof PROVIDERS)[number]> = { flags: '--provider, --engine <provider>', description: 'cache engine', choices: PROVIDERS, required: true };

export default defineCommand({
  path: ['cache', 'create'],
  description: 'create a managed cache (Redis, Valkey or Dragonfly); --wait until it runs',
  options: {
    name: required('--name <name>', 'name of the instance (lowercase letters, digits and dashes)', nonEmpty('--name')),
    provider,
    profile: completedFrom(required('--profile, --plan <name>', "resource profile (see 'infra cache plans')", nonEmpty('--profile')), choicesRoute(CACHE, 'plans')),
    engineVersion: option('--engine-version <version>', "engine version (default: the platform's current one)", nonEmpty('--engine-version')),
    datacenter: withDefault('--datacenter <dc>', 'datacenter: ash, fsn1, nbg1 or hel1', 'fsn1', nonEmpty('--datacenter')),
    networkTier: networkTierOption(),
    ...operationWaitOptions('creation'),
  },
  examples: [
    'infra cache create --name queue-locks --provider redis --profile small --wait',
    'infra cache create --name hot-keys --provider valkey --engine-version 8.0 --plan medium --datacenter ash',
  ],
  run: async (app, { opts }) => {
    const flags = waitFlagsOf(opts);
    const body: Record<string, unknown> = { name: opts.name, provider: opts.provider, datacenter: opts.datacenter, resource_profile: opts.profile };
    if (opts.engineVersion) body.version = opts.engineVersion;
    if (opts.networkTier) body.network_tier = opts.networkTier;
    return createAndWait(app, CACHE, body, flags);
  },
});
