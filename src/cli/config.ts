// The config file: `<config dir>/config.json`, mode 0600 (it may hold the token).
// Reading is a plain JSON read, because it happens on every invocation and conf pulls in
// ajv (+120 ms); writing goes through conf, which writes atomically (temp file + rename).
import { readFileSync, mkdirSync, chmodSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CliError } from './errors.js';
import type { StoredConfig } from './settings.js';
import { ExitCode } from '../shared/exit-codes.js';

export const CONFIG_KEYS = ['api-url', 'project', 'output'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

export function configDir(env: Record<string, string | undefined>, platform = process.platform): string {
  if (env.INFRA_CONFIG_DIR) return env.INFRA_CONFIG_DIR;
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'infra');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'infra');
}

export function configPath(env: Record<string, string | undefined>): string {
  return join(configDir(env), 'config.json');
}

export function readConfig(env: Record<string, string | undefined>): StoredConfig {
  const path = configPath(env);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new CliError(ExitCode.FAILED, `cannot read the config file ${path}: ${(err as Error).message}`);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as StoredConfig;
  } catch {
    // fall through to the error below
  }
  throw new CliError(ExitCode.FAILED, `the config file ${path} is not valid JSON`, `fix it, or remove it and run 'infra auth login' again`);
}

/** Applies `changes` (undefined removes a key) with an atomic write; returns the new config. */
export async function writeConfig(env: Record<string, string | undefined>, changes: Partial<Record<keyof StoredConfig, string | undefined>>): Promise<StoredConfig> {
  const dir = configDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { default: Conf } = await import('conf');
  const store = new Conf<StoredConfig>({
    cwd: dir,
    configName: 'config',
    projectName: 'infra',
    projectSuffix: '',
    configFileMode: 0o600,
    accessPropertiesByDotNotation: false,
    clearInvalidConfig: false,
  });
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) store.delete(key as keyof StoredConfig);
    else store.set(key as keyof StoredConfig, value);
  }
  // conf leaves an existing file's mode alone until its next write; make sure now.
  chmodSync(store.path, 0o600);
  return { ...store.store };
}
