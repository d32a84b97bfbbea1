// Resolution of the global settings: flag > environment > config file > default, and the
// --project/--team alias rule. Pure, so the precedence table is tested directly.
import { UsageError } from './errors.js';

export interface GlobalFlags {
  apiUrl?: string;
  project?: string;
  team?: string;
  json?: boolean;
  color?: boolean;
  debug?: boolean;
  quiet?: boolean;
}

export interface StoredConfig {
  'api-url'?: string;
  project?: string;
  output?: string;
  token?: string;
}

export type TokenSource = 'env' | 'config' | 'none';

export interface Settings {
  apiUrl?: string;
  apiUrlSource: 'flag' | 'env' | 'config' | 'none';
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
  const apiUrl = first([blankToUndefined(flags.apiUrl), 'flag'], [blankToUndefined(env.INFRA_API_URL), 'env'], [blankToUndefined(config['api-url']), 'config']);
  if (apiUrl.value !== undefined) validateApiUrl(apiUrl.value, API_URL_SOURCES[apiUrl.source]);
  const envToken = blankToUndefined(env.INFRA_TOKEN);
  const configToken = blankToUndefined(config.token);
  const envDebug = env.INFRA_DEBUG === '1' || env.INFRA_DEBUG === 'true';
  return {
    apiUrl: apiUrl.value,
    apiUrlSource: apiUrl.source,
    project: project.value,
    projectSource: project.source,
    token: envToken ?? configToken,
    tokenSource: envToken ? 'env' : configToken ? 'config' : 'none',
    json: flags.json === true || config.output === 'json',
    outputSource: flags.json === true ? 'flag' : config.output === 'json' ? 'config' : 'none',
    debug: flags.debug === true || envDebug,
    debugSource: flags.debug === true ? 'flag' : envDebug ? 'env' : 'none',
    quiet: flags.quiet === true,
    noColor: flags.color === false,
  };
}

/** Where a bad API URL came from, named so the user knows what to fix. */
const API_URL_SOURCES = { flag: '--api-url', env: 'INFRA_API_URL', config: "the config file's api-url", none: 'nowhere' } as const;

export function validateApiUrl(value: string, source: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`invalid API URL "${value}" (from ${source})`, 'give a URL such as https://api.example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`invalid API URL "${value}" (from ${source}): only http and https are supported`);
}

function first<T>(...candidates: [T | undefined, 'flag' | 'env' | 'config'][]): { value?: T; source: 'flag' | 'env' | 'config' | 'none' } {
  for (const [value, source] of candidates) if (value !== undefined) return { value, source };
  return { source: 'none' };
}

function blankToUndefined(v: string | undefined): string | undefined {
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}
