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
    const hosts = { 'https://danubedata.ro': { token: 'cfg-t' } };
    expect(resolveSettings({}, { INFRA_TOKEN: 'env-t' }, { hosts })).toMatchObject({ token: 'env-t', tokenSource: 'env' });
    expect(resolveSettings({}, {}, { hosts })).toMatchObject({ token: 'cfg-t', tokenSource: 'config' });
    expect(resolveSettings({}, {}, {})).toMatchObject({ token: undefined, tokenSource: 'none' });
  });

  it('a stored token is used only for its own host; INFRA_TOKEN for any', () => {
    const hosts = { 'https://a.example': { token: 'tok-a' } };
    expect(resolveSettings({ apiUrl: 'https://A.example/api/v1/' }, {}, { hosts })).toMatchObject({ token: 'tok-a', host: 'https://a.example' });
    expect(resolveSettings({ apiUrl: 'https://b.example' }, {}, { hosts })).toMatchObject({ token: undefined, tokenSource: 'none', storedHosts: ['https://a.example'] });
    expect(resolveSettings({ apiUrl: 'http://a.example' }, { INFRA_ALLOW_HTTP: '1' }, { hosts })).toMatchObject({ token: undefined });
    expect(resolveSettings({ apiUrl: 'https://b.example' }, { INFRA_TOKEN: 'env-t' }, { hosts })).toMatchObject({ token: 'env-t', tokenSource: 'env' });
  });

  it('api url: precedence, the default, and problems kept for the command that needs the URL', () => {
    expect(resolveSettings({ apiUrl: 'https://f' }, { INFRA_API_URL: 'https://e' }, { 'api-url': 'https://c' }).apiUrl).toBe('https://f');
    expect(resolveSettings({}, { INFRA_API_URL: 'https://e' }, { 'api-url': 'https://c' }).apiUrl).toBe('https://e');
    expect(resolveSettings({}, {}, {})).toMatchObject({ apiUrl: 'https://danubedata.ro', apiUrlSource: 'default', apiUrlProblem: undefined });
    // Given for this run: refused at once.
    expect(() => resolveSettings({ apiUrl: 'not a url' }, {}, {})).toThrow(/invalid API URL/);
    expect(() => resolveSettings({ apiUrl: 'ftp://x' }, {}, {})).toThrow(/only http and https/);
    expect(() => resolveSettings({ apiUrl: 'http://f' }, {}, {})).toThrow(/refusing plain http to f \(from --api-url\)/);
    expect(() => resolveSettings({}, { INFRA_API_URL: 'https://me:hunter2@f.example' }, {})).toThrow(/user name or password \("https:\/\/\*\*\*@f\.example"\)/);
    expect(resolveSettings({ apiUrl: 'http://f', allowHttp: true }, {}, {}).apiUrlProblem).toBeUndefined();
    expect(resolveSettings({ apiUrl: 'http://f' }, {}, { 'allow-http': 'true' }).apiUrlProblem).toBeUndefined();
    // Stored: kept for the command that needs the URL (config set/unset can still repair it), redacted.
    expect(resolveSettings({}, {}, { 'api-url': 'http://f' }).apiUrlProblem?.message).toMatch(/refusing plain http to f \(from the config file's api-url\)/);
    const withPassword = resolveSettings({}, {}, { 'api-url': 'https://me:hunter2@f.example' });
    expect(withPassword.apiUrlProblem?.message).toMatch(/user name or password/);
    expect(JSON.stringify({ ...withPassword, problem: withPassword.apiUrlProblem?.message })).not.toContain('hunter2');
    for (const loopback of ['http://localhost:8080', 'http://127.0.0.2', 'http://[::1]:9', 'http://api.localhost'])
      expect(resolveSettings({ apiUrl: loopback }, {}, {}).apiUrlProblem, loopback).toBeUndefined();
  });

  it('output: --json or config output=json; debug from flag or INFRA_DEBUG', () => {
    expect(resolveSettings({}, {}, { output: 'json' }).json).toBe(true);
    expect(resolveSettings({ json: true }, {}, {}).json).toBe(true);
    expect(resolveSettings({}, {}, {}).json).toBe(false);
    expect(resolveSettings({}, { INFRA_DEBUG: '1' }, {}).debug).toBe(true);
  });
});
