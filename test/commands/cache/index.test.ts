// The cache family's registration: the alias, help text and examples.
import { describe, expect, test } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { useSimulator } from '../../helpers/sim.js';

test('cache credentials is the same command as cache connection-info', async () => {
  const help = await runCli(['cache', 'credentials', '--help']);
  expect(help.code).toBe(0);
  expect(help.stdout).toContain('Usage: infra cache connection-info|credentials [options] <id>');
  expect(help.stdout).toContain('--show-secrets');
  expect(help.stdout).toContain('--url');
  expect(help.stdout).toContain('Password rotation is not offered by the API for caches');
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

describe('the examples run against the simulator as written', () => {
  let env: Record<string, string>;
  useSimulator((_s, e) => (env = e));

  /** `infra ...` commands of a help text's examples, unwrapped from `psql "$(...)"`. */
  const exampleCommands = (help: string) =>
    help
      .slice(help.indexOf('Examples:'))
      .split('\n')
      .map((l) => /infra ([^)"|]+)/.exec(l)?.[1]?.trim())
      .filter((c): c is string => !!c);

  for (const argv of [
    ['database', 'credentials'],
    ['cache', 'connection-info'],
    ['database', 'dns', 'enable'],
    ['cache', 'dns', 'disable'],
  ]) {
    test(`${argv.join(' ')}: ids and names in the examples exist`, async () => {
      const help = await runCli([...argv, '--help']);
      const commands = exampleCommands(help.stdout);
      expect(commands.length).toBeGreaterThan(0);
      for (const c of commands) {
        const r = await runCli(c.split(' '), { env });
        expect(r.code, `infra ${c}: ${r.stderr}`).toBe(0);
      }
    });
  }
});
