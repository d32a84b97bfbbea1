// The settings in effect and where each came from (`infra config list`): the precedence of
// docs/behaviour.md#invocation (flag > environment > config file > default), shown rather than guessed.
// Pure; the token's value never appears, only whether one is set and from where.
import type { Settings } from '../../cli/settings.js';

export interface EffectiveSetting {
  key: string;
  /** null: not set (`note` says what happens then). The token's value is never shown. */
  value: string | null;
  source: 'flag' | 'env' | 'config' | 'default';
  /** The flag, variable or file that set it, e.g. INFRA_API_URL; null for a default. */
  from: string | null;
  note?: string;
}

export interface EffectiveInput {
  settings: Settings;
  env: Record<string, string | undefined>;
  configFile: string;
}

export function effectiveSettings({ settings, env, configFile }: EffectiveInput): EffectiveSetting[] {
  const envProject = env.INFRA_PROJECT?.trim() ? 'INFRA_PROJECT' : 'INFRA_TEAM';
  return [
    // The context whose api-url, project and token the rows below read.
    settings.contextSource === 'default'
      ? { key: 'context', value: settings.context, source: 'default', from: null }
      : { key: 'context', value: settings.context, source: settings.contextSource, from: { flag: '--context', env: 'INFRA_CONTEXT', config: configFile }[settings.contextSource] },
    apiUrl(settings, configFile),
    pick('project', settings.project, settings.projectSource, { flag: '--project', env: envProject, config: configFile }, "not set: the token's default project"),
    settings.outputSource === 'flag'
      ? { key: 'output', value: 'json', source: 'flag', from: '--json' }
      : settings.outputSource === 'config'
        ? { key: 'output', value: 'json', source: 'config', from: configFile }
        : { key: 'output', value: 'human', source: 'default', from: null },
    settings.tokenSource === 'env'
      ? { key: 'token', value: '(hidden)', source: 'env', from: 'INFRA_TOKEN' }
      : settings.tokenSource === 'config'
        ? { key: 'token', value: '(hidden)', source: 'config', from: `${configFile} (infra auth login, for ${settings.host})` }
        : { key: 'token', value: null, source: 'default', from: null, note: `not set${settings.host ? ` for ${settings.host}` : ''}: run infra auth login or set INFRA_TOKEN` },
    settings.allowHttpSource === 'none'
      ? { key: 'allow-http', value: 'false', source: 'default', from: null }
      : {
          key: 'allow-http',
          value: String(settings.allowHttp),
          source: settings.allowHttpSource,
          from: { flag: '--allow-http', env: 'INFRA_ALLOW_HTTP', config: configFile }[settings.allowHttpSource],
        },
    color(env, settings.noColor),
    settings.debugSource === 'none'
      ? { key: 'debug', value: 'off', source: 'default', from: null }
      : { key: 'debug', value: 'on', source: settings.debugSource, from: settings.debugSource === 'flag' ? '--debug' : 'INFRA_DEBUG' },
  ];
}

/** The API URL in effect (its password, if any, never shown); a URL that is refused says why. */
function apiUrl(settings: Settings, configFile: string): EffectiveSetting {
  if (settings.apiUrlSource === 'default' || settings.apiUrlSource === 'none')
    return { key: 'api-url', value: settings.apiUrl ?? null, source: 'default', from: null, ...(settings.apiUrlProblem ? { note: settings.apiUrlProblem.message } : {}) };
  const row = pick('api-url', settings.apiUrl, settings.apiUrlSource, { flag: '--api-url', env: 'INFRA_API_URL', config: configFile }, '');
  return settings.apiUrlProblem ? { ...row, note: settings.apiUrlProblem.message } : row;
}

function pick(key: string, value: string | undefined, source: Settings['projectSource'], names: Record<'flag' | 'env' | 'config', string>, fallback: string): EffectiveSetting {
  if (value === undefined || source === 'none') return { key, value: null, source: 'default', from: null, note: fallback };
  return { key, value, source, from: names[source] };
}

function color(env: Record<string, string | undefined>, noColorFlag: boolean): EffectiveSetting {
  if (noColorFlag) return { key: 'color', value: 'off', source: 'flag', from: '--no-color' };
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return { key: 'color', value: 'off', source: 'env', from: 'NO_COLOR' };
  if (env.FORCE_COLOR !== undefined) {
    const on = env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
    return { key: 'color', value: on ? 'on' : 'off', source: 'env', from: 'FORCE_COLOR' };
  }
  return { key: 'color', value: 'on a terminal', source: 'default', from: null };
}
