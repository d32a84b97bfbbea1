// The dead ends of issue 15, each through the real bin/infra: what used to hang, crash, exit
// 0 silently or say the wrong thing now ends with one clear line and the documented code.
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';

describe('unknown commands and bare groups', () => {
  it('an unknown subcommand with --help: exit 2 naming the known ones (it printed the parent help, exit 0)', async () => {
    const r = await spawnCli(['serverless', 'probe', '--help']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("error: unknown command 'probe'");
    expect(r.stderr).toMatch(/hint: infra serverless has: list, get, .*diagnose/);
  });

  it('a group without its subcommand: its help on stderr, exit 2 (it exited 0)', async () => {
    const r = await spawnCli(['serverless', '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Usage: infra serverless [options] [command]');
  });

  it('infra help a b: the help of `a b` (it showed the help of `a`)', async () => {
    const r = await spawnCli(['help', 'serverless', 'logs']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: infra serverless logs [options] <id>');
    const deep = await spawnCli(['help', 'database', 'dns', 'enable']);
    expect(deep.stdout).toContain('Usage: infra database dns enable [options] <id>');
  });
});
