// Resolution of the global settings: flag > environment > config file > default, and the
// --project/--team alias rule. Pure, so the precedence table is tested directly.
import { UsageError } from './errors.js';
import { checkApiUrl, DEFAULT_API_URL, hostKey, redactUrl } from '../shared/api-host.js';

export interface GlobalFlags {
  apiUrl?: string;
  project?: string;
  team?: string;
  json?: boolean;
  color?: boolean;
  debug?: boolean;
  quiet?: boolean;
  allowHttp?: boolean;
  context?: string;
  query?: string;
  columns?: string;
  headers?: boolean;
}

/** What is stored for one API host (a token today; the place for more per-host data later). */
export interface HostEntry {
  token?: string;
}

export interface StoredConfig {
  'api-url'?: string;
  project?: string;
  output?: string;
  'allow-http'?: string;
  /** Tokens by API host (hostKey of the URL): a token is only ever sent to its own host. */
  hosts?: Record<string, HostEntry>;
  /** The context these keys were read from (src/cli/contexts.ts); absent: no config file was read. */
  context?: {
    name: string;
    source: 'env' | 'config' | 'default';
    known: string[];
    /** The context named does not exist: said when a command needs the API. */
    problem?: { message: string; hint: string };
  };
}

export type TokenSource = 'env' | 'config' | 'none';

export interface Settings {
  /** The context in use (--context > INFRA_CONTEXT > the config's current-context > default). */
  context: string;
  contextSource: 'flag' | 'env' | 'config' | 'default';
  /** The context named does not exist: refused where the API URL is needed (as apiUrlProblem). */
  contextProblem?: UsageError;
  /** The API URL in effect (the default when none is given); credentials in it shown as ***. */
  apiUrl?: string;
  apiUrlSource: 'flag' | 'env' | 'config' | 'default' | 'none';
  /** Why the stored apiUrl may not be used (said when a command needs it, so 'infra config' can still repair it). */
  apiUrlProblem?: UsageError;
  /** The key the stored token was looked up under (undefined when the URL does not parse). */
  host?: string;
  /** Hosts that have a stored token: named when the one in use has none. */
  storedHosts: string[];
  allowHttp: boolean;
  allowHttpSource: 'flag' | 'env' | 'config' | 'none';
  project?: string;
  projectSource: 'flag' | 'env' | 'config' | 'none';
  token?: string;
  tokenSource: TokenSource;
  json: boolean;
  outputSource: 'flag' | 'config' | 'none';
  debug: boolean;
  debugSource: 'flag' | 'env' | 'none';
  quiet: boolean;
  noColor: boolean;
  /** --query: the JMESPath expression that shapes JSON output (compiled by the App before any request). */
  query?: string;
  /** --columns: the table columns asked for, in order, as typed (matched by the App's table()). */
  columns?: string[];
  /** false with --no-headers: tables have no header line. */
  headers: boolean;
}

export function pickProject(project: string | undefined, team: string | undefined, names: [string, string]): string | undefined {
  const p = blankToUndefined(project);
  const t = blankToUndefined(team);
  if (p !== undefined && t !== undefined && p !== t)
    throw new UsageError(`${names[0]} "${p}" and ${names[1]} "${t}" name different projects`, `${names[1]} is an alias of ${names[0]}: give one of them`);
  return p ?? t;
}

export function resolveSettings(flags: GlobalFlags, env: Record<string, string | undefined>, config: StoredConfig): Settings {
  const flagProject = pickProject(flags.project, flags.team, ['--project', '--team']);
  // A flag overrides the environment, so a conflicting INFRA_PROJECT/INFRA_TEAM pair only
  // matters when no flag chose the project.
  const envProject = flagProject === undefined ? pickProject(env.INFRA_PROJECT, env.INFRA_TEAM, ['INFRA_PROJECT', 'INFRA_TEAM']) : undefined;
  const project = first([flagProject, 'flag'], [envProject, 'env'], [blankToUndefined(config.project), 'config']);
  const given = first([blankToUndefined(flags.apiUrl), 'flag'], [blankToUndefined(env.INFRA_API_URL), 'env'], [blankToUndefined(config['api-url']), 'config']);
  const apiUrl: { value: string; source: Settings['apiUrlSource'] } = given.value === undefined ? { value: DEFAULT_API_URL, source: 'default' } : { value: given.value, source: given.source };
  const allowHttp = allowHttpFrom(flags, env, config);
  const check = checkApiUrl(apiUrl.value, API_URL_SOURCES[apiUrl.source], allowHttp.value);
  // A URL given for this run (flag, environment) is refused at once, whatever the command; a
  // stored one only when a command needs it, so 'infra config' can still repair it.
  if (check.problem !== undefined && (apiUrl.source === 'flag' || apiUrl.source === 'env')) throw new UsageError(check.problem, check.hint);
  const host = check.problem === undefined ? hostKey(apiUrl.value) : undefined;
  const envToken = blankToUndefined(env.INFRA_TOKEN);
  // INFRA_TOKEN is the caller's explicit choice for this run, whatever the host; a stored
  // token only ever goes to the host it was stored for.
  const configToken = host === undefined ? undefined : blankToUndefined(config.hosts?.[host]?.token);
  const envDebug = env.INFRA_DEBUG === '1' || env.INFRA_DEBUG === 'true';
  const ctx = config.context;
  const errorFormat = blankToUndefined(env.INFRA_ERROR_FORMAT)?.toLowerCase();
  if (errorFormat !== undefined && errorFormat !== 'json' && errorFormat !== 'text') throw new UsageError(`INFRA_ERROR_FORMAT must be json or text, not "${env.INFRA_ERROR_FORMAT}"`);
  const query = flags.query === undefined ? undefined : flags.query.trim();
  if (query === '') throw new UsageError('--query needs an expression', "for example --query '[].name' (see 'infra help formatting')");
  const columns = flags.columns === undefined ? undefined : flags.columns.split(',').map((c) => c.trim());
  if (columns !== undefined && columns.some((c) => c === '')) throw new UsageError(`--columns takes names separated by commas, not "${flags.columns}"`, 'for example --columns name,status');
  return {
    context: ctx?.name ?? 'default',
    contextSource: blankToUndefined(flags.context) !== undefined ? 'flag' : (ctx?.source ?? 'default'),
    contextProblem: ctx?.problem ? new UsageError(ctx.problem.message, ctx.problem.hint) : undefined,
    apiUrl: redactUrl(apiUrl.value),
    apiUrlSource: apiUrl.source,
    apiUrlProblem: check.problem === undefined ? undefined : new UsageError(check.problem, check.hint),
    host,
    storedHosts: Object.keys(config.hosts ?? {}).filter((h) => blankToUndefined(config.hosts?.[h]?.token) !== undefined),
    allowHttp: allowHttp.value,
    allowHttpSource: allowHttp.source,
    project: project.value,
    projectSource: project.source,
    token: envToken ?? configToken,
    tokenSource: envToken ? 'env' : configToken ? 'config' : 'none',
    // --query shapes JSON, so it asks for JSON.
    json: flags.json === true || query !== undefined || config.output === 'json',
    outputSource: flags.json === true || query !== undefined ? 'flag' : config.output === 'json' ? 'config' : 'none',
    debug: flags.debug === true || envDebug,
    debugSource: flags.debug === true ? 'flag' : envDebug ? 'env' : 'none',
    quiet: flags.quiet === true,
    noColor: flags.color === false,
    query,
    columns,
    headers: flags.headers !== false,
  };
}

/** Where a bad API URL came from, named so the user knows what to fix. */
const API_URL_SOURCES = { flag: '--api-url', env: 'INFRA_API_URL', config: "the config file's api-url", default: 'the default', none: 'nowhere' } as const;

/** Plain http to a host that is not loopback, allowed explicitly: --allow-http, INFRA_ALLOW_HTTP=1 or config allow-http=true. */
function allowHttpFrom(flags: GlobalFlags, env: Record<string, string | undefined>, config: StoredConfig): { value: boolean; source: Settings['allowHttpSource'] } {
  if (flags.allowHttp === true) return { value: true, source: 'flag' };
  const fromEnv = blankToUndefined(env.INFRA_ALLOW_HTTP);
  if (fromEnv !== undefined) return { value: fromEnv === '1' || fromEnv.toLowerCase() === 'true', source: 'env' };
  if (config['allow-http'] !== undefined) return { value: config['allow-http'] === 'true', source: 'config' };
  return { value: false, source: 'none' };
}

/** Throws when `value` cannot be used as the API URL (`config set api-url` checks before storing). */
export function validateApiUrl(value: string, source: string, allowHttp = false): void {
  const check = checkApiUrl(value, source, allowHttp);
  if (check.problem !== undefined) throw new UsageError(check.problem, check.hint);
}

function first<T>(...candidates: [T | undefined, 'flag' | 'env' | 'config'][]): { value?: T; source: 'flag' | 'env' | 'config' | 'none' } {
  for (const [value, source] of candidates) if (value !== undefined) return { value, source };
  return { source: 'none' };
}

function blankToUndefined(v: string | undefined): string | undefined {
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}
