// Which client a datastore takes and how it is told where to go (docs/behaviour.md#connect):
// pure, from the credentials answer. Secrets go only in `env` or `optionFile`; `args` hold
// nothing a `ps` on the machine may not see.
import type { Credentials } from '../../client/schemas.js';

export interface Endpoint {
  host: string;
  port?: number;
  username?: string;
  password?: string;
  database?: string;
  /** From the URL: `rediss://`, or `sslmode`/`ssl-mode` in its query. */
  tls?: string;
}

export interface ClientPlan {
  /** The clients that can connect, the preferred first. */
  programs: readonly string[];
  /** Before the user's own arguments; `optionFile` in them stands for the file's path. */
  args: readonly string[];
  env: Record<string, string>;
  /** A MySQL option file: the password kept out of argv and out of the deprecated MYSQL_PWD. */
  optionFile?: string;
  /** The variables --print-env shows: what a GUI tool or a script asks for. */
  printable: Record<string, string>;
}

export const OPTION_FILE = '{option-file}';

export class EndpointError extends Error {
  override name = 'EndpointError';
}

// A host the API gave goes into argv (`redis-cli -h`) and an option file: only a host name or an
// address, never something a client would read as an option or a second line.
const HOST = /^(?!-)[A-Za-z0-9.:_[\]-]{1,253}$/;
const PLAIN = /^[^\0\r\n]*$/;

function checked(what: string, value: string | undefined, rule: RegExp): string | undefined {
  if (value === undefined) return undefined;
  if (!rule.test(value)) throw new EndpointError(`the API gave a ${what} a client cannot take safely: ${JSON.stringify(value)}`);
  return value;
}

function parseUrl(url: string | null | undefined): URL | undefined {
  if (!url) return undefined;
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

export interface EndpointChoice {
  /** The application user instead of the superuser (databases). */
  applicationUser?: boolean;
  /** The private pair instead of the current one: this machine is on the project's network. */
  privatePair?: { host: string; port?: number };
}

/** Where to connect and as whom, from the credentials answer (its fields first, its URL after). */
export function endpointOf(c: Credentials, choice: EndpointChoice = {}): Endpoint {
  const url = parseUrl(c.connection_info);
  const host = choice.privatePair?.host ?? c.host ?? url?.hostname ?? undefined;
  if (!host) throw new EndpointError('the API gave no host to connect to');
  const port = choice.privatePair ? choice.privatePair.port : (c.port ?? (url?.port ? Number(url.port) : undefined));
  const app = choice.applicationUser ? c.application_user : undefined;
  if (choice.applicationUser && !app?.username) throw new EndpointError('the API gave no application user for this database');
  const username = app?.username ?? c.username ?? (url?.username ? decodeURIComponent(url.username) : undefined) ?? undefined;
  const password = (app ? app.password : (c.password ?? (url?.password ? decodeURIComponent(url.password) : undefined))) ?? undefined;
  const path = url?.pathname.replace(/^\//, '');
  const database = c.database ?? (path && !/^\d+$/.test(path) ? decodeURIComponent(path) : undefined) ?? undefined;
  const tls = url?.protocol === 'rediss:' ? 'tls' : (url?.searchParams.get('sslmode') ?? url?.searchParams.get('ssl-mode') ?? undefined);
  return {
    host: checked('host', host.replace(/^\[(.*)\]$/, '$1'), HOST)!,
    ...(port !== undefined && Number.isInteger(port) ? { port } : {}),
    ...(username !== undefined ? { username: checked('user name', username, PLAIN) } : {}),
    ...(password ? { password: checked('password', password, PLAIN) } : {}),
    ...(database !== undefined ? { database: checked('database name', database, PLAIN) } : {}),
    ...(tls ? { tls: checked('TLS mode', tls, /^[A-Za-z_-]{1,32}$/) } : {}),
  };
}

/** A value in a MySQL option file: quoted, with the escapes the file format reads. */
function optionValue(v: string): string {
  return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\t/g, '\\t')}"`;
}

export function databasePlan(engine: string, e: Endpoint): ClientPlan {
  if (engine === 'postgresql') {
    const env: Record<string, string> = { PGHOST: e.host };
    if (e.port !== undefined) env.PGPORT = String(e.port);
    if (e.username) env.PGUSER = e.username;
    if (e.database) env.PGDATABASE = e.database;
    if (e.tls) env.PGSSLMODE = e.tls;
    const printable = { ...env, ...(e.password ? { PGPASSWORD: e.password } : {}) };
    return { programs: ['psql'], args: [], env: printable, printable };
  }
  if (engine === 'mysql' || engine === 'mariadb') {
    const lines = ['[client]', `host=${optionValue(e.host)}`];
    if (e.port !== undefined) lines.push(`port=${e.port}`);
    if (e.username) lines.push(`user=${optionValue(e.username)}`);
    if (e.password) lines.push(`password=${optionValue(e.password)}`);
    if (e.database) lines.push(`database=${optionValue(e.database)}`);
    const printable: Record<string, string> = { MYSQL_HOST: e.host };
    if (e.port !== undefined) printable.MYSQL_TCP_PORT = String(e.port);
    if (e.username) printable.MYSQL_USER = e.username;
    if (e.password) printable.MYSQL_PWD = e.password;
    if (e.database) printable.MYSQL_DATABASE = e.database;
    // --defaults-extra-file must be the client's first argument, or it is not read.
    return { programs: engine === 'mariadb' ? ['mariadb', 'mysql'] : ['mysql', 'mariadb'], args: [`--defaults-extra-file=${OPTION_FILE}`], env: {}, optionFile: lines.join('\n') + '\n', printable };
  }
  throw new EndpointError(`no client is known for the ${engine || 'unnamed'} engine`);
}

export function cachePlan(provider: string, e: Endpoint): ClientPlan {
  const args = ['-h', e.host];
  if (e.port !== undefined) args.push('-p', String(e.port));
  // `default` is who AUTH without a name logs in as; naming it would fail on clients before 6.
  if (e.username && e.username !== 'default') args.push('--user', e.username);
  if (e.tls) args.push('--tls');
  const env: Record<string, string> = {};
  // Both clients read the password from REDISCLI_AUTH (valkey-cli kept the name), not from -a.
  if (e.password) env.REDISCLI_AUTH = e.password;
  const printable: Record<string, string> = { REDIS_HOST: e.host, ...(e.port !== undefined ? { REDIS_PORT: String(e.port) } : {}), ...(e.username ? { REDIS_USER: e.username } : {}), ...env };
  return { programs: provider === 'valkey' ? ['valkey-cli', 'redis-cli'] : ['redis-cli', 'valkey-cli'], args, env, printable };
}

/** `NAME='value'` lines a POSIX shell reads back exactly (`eval "$(… --print-env)"`). */
export function shellLines(vars: Record<string, string>): string[] {
  return Object.entries(vars).map(([k, v]) => `export ${k}='${v.replace(/'/g, `'\\''`)}'`);
}

/** How to get a client, said when none is on PATH. */
export function installHint(programs: readonly string[]): string {
  const first = programs[0];
  if (first === 'psql') return 'install the PostgreSQL client (apt install postgresql-client, brew install libpq), or use --print-env or --url with a client of your own';
  if (first === 'mysql' || first === 'mariadb')
    return 'install the MySQL or MariaDB client (apt install mariadb-client, brew install mysql-client), or use --print-env or --url with a client of your own';
  return 'install redis-cli or valkey-cli (apt install redis-tools, brew install redis), or use --print-env or --url with a client of your own';
}
