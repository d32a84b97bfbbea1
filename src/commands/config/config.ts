// The five small config verbs. The token is not a config key: `infra auth` manages it.
import type { CommandRun } from '../../cli/app.js';
import { CONFIG_KEYS, configPath, readConfig, writeConfig, type ConfigKey } from '../../cli/config.js';
import { UsageError } from '../../cli/errors.js';
import { validateApiUrl } from '../../cli/settings.js';

export const get: CommandRun = async (app, { args }) => {
  const key = checkKey(String(args[0]));
  const value = readConfig(app.ctx.env)[key];
  if (value !== undefined) app.print(value);
};

export const set: CommandRun = async (app, { args }) => {
  const key = checkKey(String(args[0]));
  const value = String(args[1]);
  validate(key, value);
  await writeConfig(app.ctx.env, { [key]: value });
};

export const unset: CommandRun = async (app, { args }) => {
  const key = checkKey(String(args[0]));
  await writeConfig(app.ctx.env, { [key]: undefined });
};

export const list: CommandRun = async (app) => {
  const stored = readConfig(app.ctx.env);
  if (app.json) {
    app.printJson(Object.fromEntries(CONFIG_KEYS.filter((k) => stored[k] !== undefined).map((k) => [k, stored[k]])));
    return;
  }
  for (const key of CONFIG_KEYS) if (stored[key] !== undefined) app.print(`${key}=${stored[key]}`);
};

export const path: CommandRun = async (app) => {
  app.print(configPath(app.ctx.env));
};

function checkKey(key: string): ConfigKey {
  if (!(CONFIG_KEYS as readonly string[]).includes(key)) throw new UsageError(`unknown config key "${key}"`, `keys: ${CONFIG_KEYS.join(', ')} (the token is managed by 'infra auth')`);
  return key as ConfigKey;
}

function validate(key: ConfigKey, value: string): void {
  if (key === 'api-url') validateApiUrl(value, 'config set');
  if (key === 'output' && value !== 'human' && value !== 'json') throw new UsageError(`output must be "human" or "json", not "${value}"`);
  if (key === 'project' && value.trim() === '') throw new UsageError('project must not be empty', "use 'infra config unset project' to remove it");
}
