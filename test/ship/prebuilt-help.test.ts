// bin/infra answers --version and --help from files written at build time (no ESM loader,
// no commander). They must be exactly what the full program prints.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, spawnCli, ROOT } from '../helpers/cli.js';

const texts = JSON.parse(readFileSync(join(ROOT, 'dist', 'help.json'), 'utf8')) as Record<string, string>;

describe('prebuilt help and version', () => {
  it('covers the program, every command path and --version', async () => {
    const { loadProgram } = await import('../../src/program/main.js');
    const { walkCommands } = await import('../../src/cli/help.js');
    const paths = ['', '--version', ...walkCommands(await loadProgram()).map((e) => e.path.join(' '))];
    expect(Object.keys(texts).sort()).toEqual(paths.sort());
  });

  it('the prebuilt --version equals what the program prints', async () => {
    const r = await runCli(['--version']);
    expect(r).toMatchObject({ code: 0, stdout: texts['--version'] });
    expect(r.stdout).toMatch(/^infra \d+\.\d+\.\d+\n$/);
  });

  it('each prebuilt text equals what the program prints for --help', async () => {
    for (const [path, text] of Object.entries(texts)) {
      if (path === '--version') continue;
      const r = await runCli([...(path ? path.split(' ') : []), '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout, `infra ${path} --help`).toBe(text);
    }
  });

  it('the real binary serves them for --help, -h, help <cmd>, no arguments, and --version', async () => {
    const cases: [string[], string][] = [
      [['--help'], texts['']!],
      [[], texts['']!],
      [['help'], texts['']!],
      [['serverless', 'logs', '--help'], texts['serverless logs']!],
      [['database', 'dns', 'enable', '-h'], texts['database dns enable']!],
      [['help', 'vps'], texts['vps']!],
      [['sim', '--help'], texts['sim']!],
      [['serverless', 'create', '-h'], texts['serverless create']!],
      [['serverless', 'wait', '--help'], texts['serverless wait']!],
    ];
    // The prebuilt texts are the current tree's: the real dialect's flags are in them.
    expect(texts['sim']).toContain('--no-generations');
    expect(texts['serverless create']).toContain('--slug <slug>');
    expect(texts['serverless wait']).toContain('--observed-after <timestamp>');
    expect(texts['serverless diagnose']).toContain('--exit-status');
    expect(texts['serverless get']).toContain('--show-secrets');
    expect(texts['database credentials']).toContain('--show-secrets');
    for (const [argv, expected] of cases) {
      const r = await spawnCli(argv);
      expect(r.code, argv.join(' ')).toBe(0);
      expect(r.stdout, argv.join(' ')).toBe(expected);
    }
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect((await spawnCli(['--version'])).stdout).toBe(`infra ${pkg.version}\n`);
    expect((await spawnCli(['-V'])).stdout).toBe(`infra ${pkg.version}\n`);
  });

  it('anything else takes the full path: unknown commands still get a suggestion and exit 2', async () => {
    const r = await spawnCli(['servreless', '--help']);
    // An unknown command is an error even with --help (it used to print the program's help, exit 0).
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("error: unknown command 'servreless'");
    const typo = await spawnCli(['servreless']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('did you mean serverless?');
  });
});
