// The cache family's registration: the alias, help text and examples.
import { expect, test } from 'vitest';
import { runCli } from '../helpers/cli.js';

test('cache credentials is the same command as cache connection-info', async () => {
  const help = await runCli(['cache', 'credentials', '--help']);
  expect(help.code).toBe(0);
  expect(help.stdout).toContain('Usage: infra cache connection-info|credentials [options] <id>');
  expect(help.stdout).toContain('--show-secrets');
  expect(help.stdout).toContain('--url');
  expect(help.stdout).toContain('Password rotation is not offered by the API');
  expect(help.stdout).toContain('Examples:');
});

test('every cache and database verb has a description and examples', async () => {
  for (const argv of [
    ['cache', 'list'],
    ['cache', 'dns', 'enable'],
    ['cache', 'dns', 'disable'],
    ['database', 'list'],
    ['database', 'credentials'],
    ['database', 'dns', 'enable'],
    ['database', 'dns', 'disable'],
  ]) {
    const r = await runCli([...argv, '--help']);
    expect(r.code, argv.join(' ')).toBe(0);
    expect(r.stdout, argv.join(' ')).toMatch(/Examples:\n {2}infra /);
  }
});

test('a missing id is a usage error before any request', async () => {
  const r = await runCli(['cache', 'dns', 'enable'], { env: { INFRA_API_URL: 'http://127.0.0.1:9', INFRA_TOKEN: 't' } });
  expect(r.code).toBe(2);
  expect(r.stderr).toContain("missing required argument 'id'");
});
