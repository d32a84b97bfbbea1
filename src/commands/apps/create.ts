import { defineCommand, option, required, withDefault } from '../../cli/command.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { createAndWait } from '../resource/write-and-wait.js';
import { APPS } from './family.js';
import { nonEmpty } from '../../cli/options.js';

export default defineCommand({
  path: ['apps', 'create'],
  description: "create an app from the catalog (see 'infra apps catalog'); --wait until it runs",
  options: {
    type: required('--type <app-type>', "app type from the catalog: wordpress, n8n, ghost... (see 'infra apps catalog')", nonEmpty('--type')),
    name: required('--name <name>', 'name of the app', nonEmpty('--name')),
    subdomain: option('--subdomain <label>', 'its address: <label>.<apps domain> (default: the name)', nonEmpty('--subdomain')),
    profile: required('--profile <name>', 'resource profile the catalog lists for the type', nonEmpty('--profile')),
    appVersion: option('--app-version <version>', "version of the app (default: the catalog's default)", nonEmpty('--app-version')),
    adminUser: option('--admin-user <user>', 'name of the admin account (default: chosen by the platform)', nonEmpty('--admin-user')),
    datacenter: withDefault('--datacenter <dc>', 'datacenter (apps run in fsn1)', 'fsn1', nonEmpty('--datacenter')),
    ...operationWaitOptions('creation'),
  },
  examples: [
    'infra apps create --type wordpress --name blog --profile small --wait',
    'infra apps create --type n8n --name flows --subdomain flows-acme --profile medium --app-version 1.79',
    'id=$(infra apps create --type ghost --name news --profile medium) && infra apps wait "$id"',
  ],
  run: async (app, { opts }) => {
    const flags = waitFlagsOf(opts);
    const body: Record<string, unknown> = { app_type: opts.type, name: opts.name, subdomain: opts.subdomain ?? opts.name, resource_profile: opts.profile, datacenter: opts.datacenter };
    if (opts.appVersion) body.version = opts.appVersion;
    if (opts.adminUser) body.admin_user = opts.adminUser;
    return createAndWait(app, APPS, body, flags);
  },
});
