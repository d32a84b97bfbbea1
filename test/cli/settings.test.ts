import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../../src/cli/settings.js';
import { UsageError } from '../../src/cli/errors.js';

describe('resolveSettings: flag > environment > config file > default', () => {
  const cases: { name: string; flags: object; env: Record<string, string>; config: object; project?: string; source: string }[] = [
    { name: 'nothing set', flags: {}, env: {}, config: {}, project: undefined, source: 'none' },
    { name: 'config only', flags: {}, env: {}, config: { project: 'c' }, project: 'c', source: 'config' },
    { name: 'env beats config', flags: {}, env: { INFRA_PROJECT: 'e' }, config: { project: 'c' }, project: 'e', source: 'env' },
    { name: 'INFRA_TEAM alias', flags: {}, env: { INFRA_TEAM: 't' }, config: {}, project: 't', source: 'env' },
    { name: 'flag beats env', flags: { project: 'f' }, env: { INFRA_PROJECT: 'e' }, config: { project: 'c' }, project: 'f', source: 'flag' },
    { name: '--team alias', flags: { team: 'f' }, env: {}, config: {}, project: 'f', source: 'flag' },
    { name: 'same value twice is fine', flags: { project: 'x', team: 'x' }, env: {}, config: {}, project: 'x', source: 'flag' },
    { name: 'env pair equal', flags: {}, env: { INFRA_PROJECT: 'x', INFRA_TEAM: 'x' }, config: {}, project: 'x', source: 'env' },
    { name: 'a flag overrides a conflicting env pair', flags: { project: 'f' }, env: { INFRA_PROJECT: 'a', INFRA_TEAM: 'b' }, config: {}, project: 'f', source: 'flag' },
    { name: 'blank env is unset', flags: {}, env: { INFRA_PROJECT: '  ' }, config: { project: 'c' }, project: 'c', source: 'config' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const s = resolveSettings(c.flags, c.env, c.config);
      expect(s.project).toBe(c.project);
      expect(s.projectSource).toBe(c.source);
    });
  }

  it('different --project and --team values are a usage error naming both', () => {
    expect(() => resolveSettings({ project: 'a', team: 'b' }, {}, {})).toThrow(UsageError);
    expect(() => resolveSettings({ project: 'a', team: 'b' }, {}, {})).toThrow(/--project "a" and --team "b"/);
  });

  it('different INFRA_PROJECT and INFRA_TEAM values are a usage error', () => {
    expect(() => resolveSettings({}, { INFRA_PROJECT: 'a', INFRA_TEAM: 'b' }, {})).toThrow(/INFRA_PROJECT "a" and INFRA_TEAM "b"/);
  });

  it('token: environment beats the stored one, and the source is reported', () => {
    expect(resolveSettings({}, { INFRA_TOKEN: 'env-t' }, { token: 'cfg-t' })).toMatchObject({ token: 'env-t', tokenSource: 'env' });
    expect(resolveSettings({}, {}, { token: 'cfg-t' })).toMatchObject({ token: 'cfg-t', tokenSource: 'config' });
    expect(resolveSettings({}, {}, {})).toMatchObject({ token: undefined, tokenSource: 'none' });
  });

  it('api url: precedence and validation', () => {
    expect(resolveSettings({ apiUrl: 'http://f' }, { INFRA_API_URL: 'http://e' }, { 'api-url': 'http://c' }).apiUrl).toBe('http://f');
    expect(resolveSettings({}, { INFRA_API_URL: 'http://e' }, { 'api-url': 'http://c' }).apiUrl).toBe('http://e');
    expect(() => resolveSettings({ apiUrl: 'not a url' }, {}, {})).toThrow(/invalid API URL/);
    expect(() => resolveSettings({ apiUrl: 'ftp://x' }, {}, {})).toThrow(/only http and https/);
  });

  it('output: --json or config output=json; debug from flag or INFRA_DEBUG', () => {
    expect(resolveSettings({}, {}, { output: 'json' }).json).toBe(true);
    expect(resolveSettings({ json: true }, {}, {}).json).toBe(true);
    expect(resolveSettings({}, {}, {}).json).toBe(false);
    expect(resolveSettings({}, { INFRA_DEBUG: '1' }, {}).debug).toBe(true);
  });
});
