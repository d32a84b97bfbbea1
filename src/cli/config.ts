// The config file: `<config dir>/config.json`, mode 0600 in a 0700 directory. It holds the
// global settings (`output`, `allow-http`) and the contexts (./contexts.ts): each an
// `api-url`, a `project` and, apart from them, the tokens, one per API host (`hosts`)
// (docs/security/hosts-and-tokens.md). A run sees one context's keys as if they were the file's.
//
// Reading is a plain JSON read on every invocation; writing is a read-modify-write under a
// lock, through a temporary file renamed over the old one (./locked-file.ts), so concurrent
// `auth login` and `config set` runs never lose each other's change.
import { mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CliError } from './errors.js';
import type { HostEntry, StoredConfig } from './settings.js';
import { ExitCode } from '../shared/exit-codes.js';
import { DEFAULT_API_URL, hostKey } from '../shared/api-host.js';
import { configTrustProblem } from './config-trust.js';
import { LockTimeoutError, withFileLock, writeFileAtomic } from './locked-file.js';
import { CONTEXT_KEYS, DEFAULT_CONTEXT, isObject, missingContext, moveIntoContexts, selectContext, viewOf } from './contexts.js';

export const CONFIG_KEYS = ['api-url', 'project', 'output', 'allow-http'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

/** The file as found: anything JSON allows, kept as it is except what a write changes. */
export type RawConfig = Record<string, unknown>;

/** What each setting's fix is, for the sentence about a value of the wrong type. */
const FIX: Record<ConfigKey | 'token', string> = {
  'api-url': "run 'infra config set api-url URL' or 'infra config unset api-url'",
  project: "run 'infra config set project ID' or 'infra config unset project'",
  output: "run 'infra config set output json' (or human)",
  'allow-http': "run 'infra config set allow-http true' (or false)",
  token: "run 'infra auth login' to store a token again",
};

export function configDir(env: Record<string, string | undefined>, platform = process.platform): string {
  if (env.INFRA_CONFIG_DIR) return env.INFRA_CONFIG_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'infra');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'infra');
}

export function configPath(env: Record<string, string | undefined>): string {
  return join(configDir(env), 'config.json');
}

function loadRaw(path: string): RawConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CliError(ExitCode.FAILED, `cannot read the config file ${path}: ${(err as Error).message}`);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as RawConfig;
  } catch {
    // fall through to the error below
  }
  throw new CliError(ExitCode.FAILED, `the config file ${path} is not valid JSON`, `fix it, or remove it and run 'infra auth login' again`);
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Today's layout from an older one: a top-level `token` belonged to the stored `api-url`, or
 * to the default host when none was stored. Returns whether anything moved. A token whose
 * host cannot be told (an api-url that does not parse) stays where it is, unused.
 */
export function migrate(raw: RawConfig): boolean {
  const moved = migrateToken(raw);
  return moveIntoContexts(raw) || moved;
}

function migrateToken(raw: RawConfig): boolean {
  if (typeof raw.token !== 'string') return false;
  let key: string;
  try {
    key = hostKey(typeof raw['api-url'] === 'string' && raw['api-url'].trim() !== '' ? raw['api-url'].trim() : DEFAULT_API_URL);
  } catch {
    return false;
  }
  const hosts = isObject(raw.hosts) ? raw.hosts : {};
  const found = hosts[key];
  const entry = isObject(found) ? found : {};
  // A token already stored for that host (by a newer infra) is the newer one: keep it.
  if (typeof entry.token !== 'string') hosts[key] = { ...entry, token: raw.token };
  raw.hosts = hosts;
  delete raw.token;
  return true;
}

/** The typed view of a raw file: a value of the wrong type is left out, with a sentence saying which and how to fix it. */
export function typedConfig(raw: RawConfig, path: string, warn: (line: string) => void): StoredConfig {
  const out: StoredConfig = {};
  for (const key of CONFIG_KEYS) {
    const value = raw[key];
    if (value === undefined) continue;
    if (typeof value === 'string') out[key] = value;
    else warn(`the config file ${path} has ${kind(value)} for "${key}" where text belongs: ignored; ${FIX[key]}`);
  }
  // (a text token was moved under its host by migrate(): one left here is of the wrong type, or of a host unknown)
  if (raw.token !== undefined)
    warn(`the config file ${path} has ${typeof raw.token === 'string' ? 'a "token" of an API URL that does not parse' : `${kind(raw.token)} for "token" where text belongs`}: ignored; ${FIX.token}`);
  if (raw.hosts === undefined) return out;
  if (!isObject(raw.hosts)) {
    warn(`the config file ${path} has ${kind(raw.hosts)} for "hosts" where the stored tokens belong: ignored; ${FIX.token}`);
    return out;
  }
  const hosts: Record<string, HostEntry> = {};
  for (const [host, entry] of Object.entries(raw.hosts)) {
    const token = isObject(entry) ? entry.token : undefined;
    if (typeof token === 'string') hosts[host] = { token };
    else warn(`the config file ${path} has ${kind(token)} for the token of ${host} where text belongs: ignored; run 'infra auth login --api-url ${host}'`);
  }
  out.hosts = hosts;
  return out;
}

/**
 * The config in effect. A file that others could have changed is not used at all (`warn`
 * says why and how to fix it); a legacy top-level token is moved under its host, in memory
 * and, when the file can be written, on disk.
 */
export function readConfig(env: Record<string, string | undefined>, warn: (line: string) => void = () => {}): StoredConfig {
  const path = configPath(env);
  const problem = configTrustProblem(configDir(env), path);
  if (problem) {
    warn(`${problem.message}: its settings and tokens are not used; fix it with: ${problem.fix}`);
    return {};
  }
  const raw = loadRaw(path);
  if (migrate(raw)) {
    try {
      updateConfig(env, () => {});
    } catch {
      // read-only: the next write that works moves it
    }
  }
  return withContext(raw, env, path, warn);
}

/** The typed view of the context a run uses (the global keys and that context's), with its name. */
function withContext(raw: RawConfig, env: Record<string, string | undefined>, path: string, warn: (line: string) => void): StoredConfig {
  const sel = selectContext(raw, env);
  const missing = missingContext(sel);
  return { ...typedConfig(viewOf(raw, sel), path, warn), context: { name: sel.name, source: sel.source, known: sel.known, ...(missing ? { problem: missing } : {}) } };
}

/**
 * The selected context's object inside `raw`, made when it is `default` and missing (a fresh
 * file); a context named by --context/INFRA_CONTEXT or current-context that does not exist is
 * refused, so a write never lands in a context nobody meant.
 */
export function contextEntry(raw: RawConfig, env: Record<string, string | undefined>): Record<string, unknown> {
  const sel = selectContext(raw, env);
  const missing = missingContext(sel);
  if (missing) throw new CliError(ExitCode.USAGE, `${missing.message}; nothing was stored`, missing.hint);
  if (sel.entry) return sel.entry;
  const contexts = isObject(raw.contexts) ? raw.contexts : {};
  const made: Record<string, unknown> = {};
  contexts[DEFAULT_CONTEXT] = made;
  raw.contexts = contexts;
  raw['current-context'] ??= DEFAULT_CONTEXT;
  return made;
}

/**
 * The whole file, migrated in memory, for the commands that show every context; a file
 * that others could have changed reads as empty (readConfig warns about it).
 */
export function readRawConfig(env: Record<string, string | undefined>): RawConfig {
  const path = configPath(env);
  if (configTrustProblem(configDir(env), path)) return {};
  const raw = loadRaw(path);
  migrate(raw);
  return raw;
}

/** Why a write failed, in words (the path is said beside it). */
function writeFailure(err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'EROFS':
      return 'the file system is read-only';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'a part of the path is a file, not a directory';
    default:
      return err.message;
  }
}

/**
 * Changes the file under the lock: it is read again, migrated, changed by `change`, and
 * written whole; returns the typed result. Fails with one sentence (exit 1) naming the path
 * and saying that nothing was stored.
 */
export function updateConfig(env: Record<string, string | undefined>, change: (raw: RawConfig) => void): StoredConfig {
  const dir = configDir(env);
  const path = configPath(env);
  const unchanged = 'nothing was stored';
  const problem = configTrustProblem(dir, path);
  if (problem) throw new CliError(ExitCode.FAILED, `${problem.message}; ${unchanged}`, `fix it with: ${problem.fix}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return withFileLock(path, () => {
      const raw = loadRaw(path);
      migrate(raw);
      change(raw);
      writeFileAtomic(path, `${JSON.stringify(raw, null, 2)}\n`);
      return withContext(raw, env, path, () => {});
    });
  } catch (err) {
    if (err instanceof CliError) throw err;
    if (err instanceof LockTimeoutError) throw new CliError(ExitCode.FAILED, `${err.message}; ${unchanged}`, `try again; if no other infra runs, remove ${err.lockFile}`);
    const e = err as NodeJS.ErrnoException;
    if (typeof e.code !== 'string') throw err;
    throw new CliError(ExitCode.FAILED, `cannot write the config file ${path} (${writeFailure(e)}); ${unchanged}`, 'set INFRA_CONFIG_DIR to a writable directory, or use INFRA_TOKEN for the token');
  }
}

/** Sets (a string) or removes (undefined) settings: `api-url` and `project` in the context in use, the others for every context. */
export async function writeConfig(env: Record<string, string | undefined>, changes: Partial<Record<ConfigKey, string | undefined>>): Promise<StoredConfig> {
  return updateConfig(env, (raw) => applySettings(raw, env, changes));
}

function applySettings(raw: RawConfig, env: Record<string, string | undefined>, changes: Partial<Record<ConfigKey, string | undefined>>): void {
  for (const [key, value] of Object.entries(changes)) {
    const target = (CONTEXT_KEYS as readonly string[]).includes(key) ? contextEntry(raw, env) : raw;
    if (value === undefined) delete target[key];
    else target[key] = value;
  }
}

/**
 * Stores (a string) or removes (undefined) the token of one API host in the context in use
 * (INFRA_CONTEXT, which --context sets for the run, else the current one); `settings` are set
 * in the same write. `auth login` and every other way of logging in store through this.
 */
export function setHostToken(env: Record<string, string | undefined>, apiUrl: string, token: string | undefined, settings: Partial<Record<ConfigKey, string>> = {}): StoredConfig {
  const key = hostKey(apiUrl);
  return updateConfig(env, (raw) => {
    applySettings(raw, env, settings);
    const into = contextEntry(raw, env);
    const hosts = isObject(into.hosts) ? into.hosts : {};
    const found = hosts[key];
    const entry: Record<string, unknown> = isObject(found) ? { ...found } : {};
    if (token === undefined) delete entry.token;
    else entry.token = token;
    if (Object.keys(entry).length === 0) delete hosts[key];
    else hosts[key] = entry;
    into.hosts = hosts;
  });
}

/** Removes every token stored in the context in use (`auth logout --all`); other per-host data stays. */
export function clearHostTokens(env: Record<string, string | undefined>): StoredConfig {
  return updateConfig(env, (raw) => {
    const into = contextEntry(raw, env);
    if (!isObject(into.hosts)) return void delete into.hosts;
    for (const [key, entry] of Object.entries(into.hosts)) {
      if (!isObject(entry)) continue;
      const rest = { ...entry };
      delete rest.token;
      if (Object.keys(rest).length === 0) delete into.hosts[key];
      else into.hosts[key] = rest;
    }
  });
}
