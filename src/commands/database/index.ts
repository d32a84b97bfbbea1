import { Option, type Command } from 'commander';
import { examples, pageOptions, type ActionFactory } from '../../cli/program.js';

/** Shared with `cache`: both families have the same verbs over a different path. */
export function registerDatastore(program: Command, action: ActionFactory, kind: 'database' | 'cache'): Command {
  const family = program
    .command(kind)
    .description(kind === 'database' ? 'managed databases: list, credentials, public DNS' : 'managed caches: list, connection info, public DNS');
  // Ids are opaque UUIDs; these are the seeded ones of `infra sim`, so the examples run there as written.
  const ex = kind === 'database' ? { id: '5ac9f32f-5002-4d08-87c4-b9e6716d0bf9', name: 'orders-pg' } : { id: '1d6e54d7-5670-462c-8b3a-9e1784ba21b4', name: 'sessions-redis' };
  examples(
    pageOptions(family.command('list').description(`list ${kind} instances: engine, version, status, the endpoint to connect to, public DNS on/off`))
      .action(action(() => (kind === 'database' ? import('./list.js') : import('../cache/list.js')))),
    [`infra ${kind} list`, `infra ${kind} list --all --json | jq -r '.[] | "\\(.name) \\(.connection_host):\\(.connection_port)"'`],
  );

  const credentials =
    kind === 'database'
      ? family.command('credentials <id>').description('show how to connect: the current endpoint, both planes, user, password (masked), database and URL')
      : family
          .command('connection-info <id>')
          .alias('credentials')
          .description('show how to connect: the current endpoint, both planes, password (masked) and URL (alias: credentials)');
  examples(
    credentials
      .option('--show-secrets', 'show the password and the URL unmasked')
      .option('--url', 'print only the connection URL, unmasked (for scripts)')
      .addOption(new Option('--rotate').hideHelp())
      .addHelpText('after', '\nPassword rotation is not offered by the API (there is no --rotate).')
      .action(action(() => (kind === 'database' ? import('./credentials.js') : import('../cache/connection-info.js')))),
    kind === 'database'
      ? [`infra database credentials ${ex.name}`, `infra database credentials ${ex.id} --show-secrets`, `psql "$(infra database credentials ${ex.name} --url)"`, `infra database credentials ${ex.name} --json`]
      : [`infra cache connection-info ${ex.name}`, `infra cache credentials ${ex.id}`, `redis-cli -u "$(infra cache connection-info ${ex.name} --url)"`],
  );

  const dns = family.command('dns').description(`public DNS of a ${kind}: adds a public endpoint beside the private one`);
  examples(
    dns
      .command('enable <id>')
      .description('enable public DNS; prints dns_hostname:dns_port')
      .action(action(() => (kind === 'database' ? import('./dns-enable.js') : import('../cache/dns-enable.js')))),
    [`infra ${kind} dns enable ${ex.name}`, `infra ${kind} dns enable ${ex.id} --json`],
  );
  examples(
    dns
      .command('disable <id>')
      .description('disable public DNS; connections use the private endpoint again')
      .action(action(() => (kind === 'database' ? import('./dns-disable.js') : import('../cache/dns-disable.js')))),
    [`infra ${kind} dns disable ${ex.name}`],
  );
  return family;
}

export function registerDatabase(program: Command, action: ActionFactory): void {
  registerDatastore(program, action, 'database');
}
