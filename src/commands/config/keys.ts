// What the config verbs share: the known keys and what a value of each must look like. The
// token is not a config key: `infra auth` manages it.
import { CONFIG_KEYS, type ConfigKey } from '../../cli/config.js';
import { UsageError } from '../../cli/errors.js';
import { validateApiUrl } from '../../cli/settings.js';

export function checkKey(key: string): ConfigKey {
  if (!(CONFIG_KEYS as readonly string[]).includes(key))
    throw new UsageError(`unknown config key "${key}"`, `keys: ${CONFIG_KEYS.join(', ')} (the token is managed by 'infra auth login' and 'infra auth logout')`);
  return key as ConfigKey;
}

/** `allowHttp`: plain http to a remote host was allowed for this run (--allow-http, INFRA_ALLOW_HTTP, config). */
export function validate(key: ConfigKey, value: string, allowHttp = false): void {
  if (key === 'api-url') validateApiUrl(value, 'config set', allowHttp);
  if (key === 'allow-http' && value !== 'true' && value !== 'false') throw new UsageError(`allow-http must be "true" or "false", not "${value}"`);
  if (key === 'output' && value !== 'human' && value !== 'json') throw new UsageError(`output must be "human" or "json", not "${value}"`);
  if (key === 'project' && value.trim() === '') throw new UsageError('project must not be empty', "use 'infra config unset project' to remove it");
}
