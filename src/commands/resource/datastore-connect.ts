// `infra database connect` and `infra cache connect`: the engine's own client on this terminal,
// told where to go through its environment or an option file (docs/behaviour.md#connect).
import type { App } from '../../cli/app.js';
import { arg, defineCommand, flag, resourceArg, type CommandDef } from '../../cli/command.js';
import { CliError, UsageError } from '../../cli/errors.js';
import type { DatastoreKind } from '../../client/datastores.js';
import { datastoreFamily } from '../../client/families.js';
import type { Datastore } from '../../client/schemas.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { maskPassword } from '../../output/mask.js';
import { findProgram, runForeground, withSecretFile } from '../kit/foreground.js';
import { cachePlan, databasePlan, EndpointError, endpointOf, installHint, OPTION_FILE, shellLines, type ClientPlan } from './connect-plan.js';
import { dnsEnabled, mergedFields, privatePair, urlOutput } from './connection.js';

const EXAMPLE = { database: 'orders-pg', cache: 'sessions-redis' } as const;
const SECRET_VARS = new Set(['PGPASSWORD', 'MYSQL_PWD', 'REDISCLI_AUTH']);

function planFor(kind: DatastoreKind, engine: string, c: Parameters<typeof endpointOf>[0], choice: Parameters<typeof endpointOf>[1]): ClientPlan {
  const endpoint = endpointOf(c, choice);
  return kind === 'database' ? databasePlan(engine, endpoint) : cachePlan(engine, endpoint);
}

/** The clients an engine takes, known before any request (to say what is missing first). */
function programsOf(kind: DatastoreKind, engine: string): readonly string[] {
  return planFor(kind, engine, { host: 'localhost' }, {}).programs;
}

function printEnv(app: App, vars: Record<string, string>, showSecrets: boolean): void {
  // As --url: whole when piped (`eval "$(infra database connect db --print-env)"`), masked on a
  // terminal unless --show-secrets: a screen is read over shoulders and recorded.
  const masked = app.ctx.stdout.isTTY && !showSecrets;
  const shown = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, masked && SECRET_VARS.has(k) ? maskPassword(v) : v]));
  if (app.json) return app.printJson(shown);
  for (const line of shellLines(shown)) app.print(line);
  if (masked && Object.keys(vars).some((k) => SECRET_VARS.has(k))) app.hint('the password is masked on a terminal: --show-secrets shows it; piped, --print-env prints it whole');
}

export function connectCommand(kind: DatastoreKind): CommandDef {
  const ex = EXAMPLE[kind];
  const clients = kind === 'database' ? 'psql (PostgreSQL) or mysql/mariadb' : 'redis-cli or valkey-cli';
  return defineCommand({
    path: [kind, 'connect'],
    description: `start ${clients} connected to a ${kind}; the password goes through the environment or a 0600 file, never the command line`,
    args: [resourceArg('<id>', `${kind} id or name`, datastoreFamily(kind)), arg('[client-args...]', "arguments for the client, after -- (psql's -c 'select 1')")],
    options: {
      printEnv: flag('--print-env', 'print the variables the client reads (export lines; --json: an object) instead of starting it'),
      url: flag('--url', 'print the connection URL instead of starting a client'),
      showSecrets: flag('--show-secrets', 'with --print-env or --url on a terminal: show the password'),
      private: flag('--private', "connect to the private endpoint (this machine is on the project's network) even when public DNS is off"),
      ...(kind === 'database' ? { applicationUser: flag('--application-user', 'connect as the application user instead of the superuser') } : {}),
    },
    examples: [
      `infra ${kind} connect ${ex}`,
      kind === 'database' ? `infra database connect ${ex} -- -c 'select now()'` : `infra cache connect ${ex} -- ping`,
      `eval "$(infra ${kind} connect ${ex} --print-env)"`,
      `infra ${kind} connect ${ex} --private`,
    ],
    help: [
      `With public DNS off a ${kind} has only a private endpoint: enable it with 'infra ${kind} dns enable <id>', or pass --private from a machine on the project's network.`,
      "Ctrl-C belongs to the client while it runs (psql cancels the query); the exit code is the client's.",
    ].join('\n'),
    run: async (app, { args: [ref, clientArgs], opts }) => {
      const applicationUser = 'applicationUser' in opts ? opts.applicationUser === true : false;
      if (opts.printEnv && opts.url) throw new UsageError('--print-env and --url are two ways to print; give one');
      const client = await app.client();
      const signal = app.ctx.signal;
      const resolved = await client.datastores.resolve(kind, ref, { signal });
      const instance: Datastore = resolved.item ?? (await client.datastores.get(kind, resolved.id, { signal })).value;
      const name = instance.name ?? ref;
      const engine = engineKey(instance);
      const launching = !opts.printEnv && !opts.url;
      let program: { name: string; path: string } | undefined;
      if (launching) {
        let programs: readonly string[];
        try {
          programs = programsOf(kind, engine);
        } catch (err) {
          if (err instanceof EndpointError) throw new CliError(ExitCode.FAILED, `${name}: ${err.message}`, `use 'infra ${kind} credentials ${ref} --url' with a client of your own`);
          throw err;
        }
        program = findProgram(app.ctx.env, programs);
        // Said before the password is read: no secret is fetched for a client that cannot start.
        if (!program) throw new CliError(ExitCode.FAILED, `${programs.join(' or ')} is not on PATH`, installHint(programs));
      }
      // A private endpoint answers only inside the project's network: say so, rather than let
      // the client hang on a connect timeout.
      if (!dnsEnabled(instance) && !opts.private) {
        throw new CliError(ExitCode.FAILED, `${name} has no public endpoint: public DNS is off`, `run 'infra ${kind} dns enable ${ref}', or pass --private from a machine on the project's network`);
      }
      const status = instance.status_details?.summary ?? instance.status;
      if (status && !/^(ready|running|active|healthy)$/i.test(status)) app.warn(`${name} is ${status}: the client may not get a connection`);
      const creds = (await client.datastores.credentials(kind, resolved.id, { signal })).value;
      const fields = mergedFields(creds, instance) ?? {};
      const inside = opts.private ? privatePair(fields) : undefined;
      let plan: ClientPlan;
      try {
        const [host, port] = inside ? splitPair(inside) : [];
        plan = planFor(kind, engine, creds, { applicationUser, ...(host ? { privatePair: { host, ...(port ? { port } : {}) } } : {}) });
      } catch (err) {
        if (err instanceof EndpointError) throw new CliError(ExitCode.FAILED, `${name}: ${err.message}`);
        throw err;
      }
      if (opts.url) {
        if (!creds.connection_info) throw new CliError(ExitCode.FAILED, `the API gave no connection URL for ${name}`, `use --print-env`);
        return urlOutput(app, creds.connection_info, opts.showSecrets);
      }
      if (opts.printEnv) return printEnv(app, plan.printable, opts.showSecrets);
      const chosen = program!;
      const start = (args: readonly string[]) => runForeground(app, { path: chosen.path, name: chosen.name, args: [...args, ...clientArgs], env: plan.env });
      if (plan.optionFile === undefined) return start(plan.args);
      return withSecretFile('client.cnf', plan.optionFile, (path) => start(plan.args.map((a) => a.replace(OPTION_FILE, path))));
    },
  });
}

/** `host:port` (or `[v6]:port`) as the private pair is written. */
function splitPair(pair: string): [string, number | undefined] {
  const m = /^(.*):(\d+)$/.exec(pair);
  return m ? [m[1]!, Number(m[2])] : [pair, undefined];
}

/** The engine as a word the plans know: `provider.type` where the API gives it, else the display name. */
function engineKey(d: Datastore): string {
  const word = (d.provider?.type ?? d.engine?.name ?? d.provider?.name ?? '').toLowerCase();
  if (word.includes('postgres')) return 'postgresql';
  if (word.includes('maria')) return 'mariadb';
  for (const known of ['mysql', 'valkey', 'redis', 'dragonfly']) if (word.includes(known)) return known;
  return word;
}
