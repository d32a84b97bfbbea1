import { describe, expect, it } from 'vitest';
import { resolveSettings, type GlobalFlags, type StoredConfig } from '../../../src/cli/settings.js';
import { effectiveSettings } from '../../../src/commands/config/effective.js';

const FILE = '/home/u/.config/infra/config.json';

function row(key: string, flags: GlobalFlags, env: Record<string, string>, config: StoredConfig) {
  const rows = effectiveSettings({ settings: resolveSettings(flags, env, config), env, configFile: FILE });
  return rows.find((r) => r.key === key)!;
}

describe('the settings in effect and their source', () => {
  it.each([
    ['api-url', { apiUrl: 'https://a.example' }, { INFRA_API_URL: 'https://b.example' }, { 'api-url': 'https://c.example' }, 'https://a.example', 'flag', '--api-url'],
    ['api-url', {}, { INFRA_API_URL: 'https://b.example' }, { 'api-url': 'https://c.example' }, 'https://b.example', 'env', 'INFRA_API_URL'],
    ['api-url', {}, {}, { 'api-url': 'https://c.example' }, 'https://c.example', 'config', FILE],
    ['api-url', {}, {}, {}, 'https://danubedata.ro', 'default', null],
    ['project', { team: 'ops' }, { INFRA_PROJECT: 'web' }, {}, 'ops', 'flag', '--project'],
    ['project', {}, { INFRA_TEAM: 'staging' }, { project: 'main' }, 'staging', 'env', 'INFRA_TEAM'],
    ['project', {}, { INFRA_PROJECT: 'web' }, { project: 'main' }, 'web', 'env', 'INFRA_PROJECT'],
    ['output', { json: true }, {}, { output: 'human' }, 'json', 'flag', '--json'],
    ['output', {}, {}, { output: 'json' }, 'json', 'config', FILE],
    ['output', {}, {}, {}, 'human', 'default', null],
    ['token', {}, { INFRA_TOKEN: 'secret-1' }, { hosts: { 'https://danubedata.ro': { token: 'secret-2' } } }, '(hidden)', 'env', 'INFRA_TOKEN'],
    ['token', {}, {}, { hosts: { 'https://danubedata.ro': { token: 'secret-2' } } }, '(hidden)', 'config', `${FILE} (infra auth login, for https://danubedata.ro)`],
    ['allow-http', { allowHttp: true }, {}, {}, 'true', 'flag', '--allow-http'],
    ['allow-http', {}, { INFRA_ALLOW_HTTP: '1' }, { 'allow-http': 'false' }, 'true', 'env', 'INFRA_ALLOW_HTTP'],
    ['allow-http', {}, {}, {}, 'false', 'default', null],
    ['token', {}, {}, {}, null, 'default', null],
    ['color', { color: false }, { FORCE_COLOR: '1' }, {}, 'off', 'flag', '--no-color'],
    ['color', {}, { NO_COLOR: '1' }, {}, 'off', 'env', 'NO_COLOR'],
    ['color', {}, { FORCE_COLOR: '1' }, {}, 'on', 'env', 'FORCE_COLOR'],
    ['debug', { debug: true }, { INFRA_DEBUG: '1' }, {}, 'on', 'flag', '--debug'],
    ['debug', {}, { INFRA_DEBUG: '1' }, {}, 'on', 'env', 'INFRA_DEBUG'],
  ] as const)('%s with flags %j, env %j, config %j: %s from %s', (key, flags, env, config, value, source, from) => {
    const r = row(key, flags, env, config);
    expect([r.value, r.source, r.from]).toEqual([value, source, from]);
  });

  it('never carries the token itself', () => {
    const rows = effectiveSettings({ settings: resolveSettings({}, { INFRA_TOKEN: 'tok-123' }, {}), env: { INFRA_TOKEN: 'tok-123' }, configFile: FILE });
    expect(JSON.stringify(rows)).not.toContain('tok-123');
  });
});
