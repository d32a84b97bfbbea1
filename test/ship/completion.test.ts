// Completion scripts from the live tree, exercised in real shells: bash (compgen/COMPREPLY),
// fish (`complete -C`), zsh (the completion function with compadd/_describe stubbed).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTree } from '../../src/program/load-tree.js';
import { completionScript, type Shell } from '../../src/commands/completion/scripts.js';
import { describeProgram } from '../../src/commands/completion/completion.js';
import { runCli } from '../helpers/cli.js';

/** What `infra vps <Tab>` offers, in the order of the command index. */
const VPS_VERBS = [
  'list',
  'get',
  'create',
  'update',
  'delete',
  'start',
  'stop',
  'reboot',
  'reinstall',
  'password',
  'images',
  'plans',
  'metrics',
  'wait',
  'diagnose',
  'events',
  'status',
  'volumes',
  'ssh',
  'ssh-config',
];

const tree = describeProgram(await loadTree());
const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'infra-completion-'));
const scripts: Record<Shell, string> = { bash: '', zsh: '', fish: '' };

// A stand-in for `infra` on the PATH: for `infra __complete <words...>` it says which words it
// was given (`got:serverless|get||`, the empty last word included) and offers one name.
const fake = join(dir, 'bin');
mkdirSync(fake);
writeFileSync(join(fake, 'infra'), `#!/bin/sh\n[ "$1" = __complete ] || exit 1\nshift\nprintf 'got:%s\\n' "$(printf '%s|' "$@")"\nprintf 'x-two\\n'\n`);
chmodSync(join(fake, 'infra'), 0o755);

beforeAll(() => {
  for (const shell of ['bash', 'zsh', 'fish'] as const) {
    scripts[shell] = join(dir, `infra.${shell}`);
    writeFileSync(scripts[shell], completionScript(shell, tree));
  }
});

const sh = (shell: string, script: string) => {
  const r = spawnSync(shell, ['-c', script], { encoding: 'utf8', env: { PATH: `${fake}:${process.env.PATH ?? ''}`, HOME: dir } });
  expect(r.stderr).toBe('');
  return r.stdout.replace(/\n$/, '').split('\n');
};

/** What bash offers after the given words; the last word is the one being completed. */
function bashComplete(cases: string[][]): string[][] {
  const calls = cases.map((words) => `t ${words.map((w) => `'${w}'`).join(' ')}`).join('\n');
  const lines = sh('bash', `source '${scripts.bash}'\nt() { COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _infra; echo "\${COMPREPLY[*]}"; }\n${calls}`);
  return lines.map((l) => (l ? l.split(' ') : []));
}

describe('infra completion <shell>', () => {
  it('prints the script generated from the command tree', async () => {
    for (const shell of ['bash', 'zsh', 'fish'] as const) {
      const r = await runCli(['completion', shell]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(completionScript(shell, tree));
    }
  });

  it('rejects an unknown shell with a usage error', async () => {
    const r = await runCli(['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bash, zsh, fish/);
  });
});

describe('bash', () => {
  it('is valid bash', () => {
    expect(spawnSync('bash', ['-n', scripts.bash]).status).toBe(0);
  });

  it('completes commands, subcommands, flags and their values', () => {
    const [top, all, serverless, container, level, product, restoreProduct, shell, key, help, alias, flags, afterGlobal, afterValue, second, leaf] = bashComplete([
      ['infra', 'ser'],
      ['infra', ''],
      ['infra', 'serverless', ''],
      ['infra', 'serverless', 'logs', 'x', '--container', ''],
      ['infra', '--json', 'serverless', 'logs', 'web', '--since', '1h', '--level', ''],
      ['infra', 'snapshots', 'list', ''],
      ['infra', 'snapshots', 'restore', 'd'],
      ['infra', 'completion', ''],
      ['infra', 'config', 'set', ''],
      ['infra', 'help', 's'],
      ['infra', 'cache', 'cred'],
      ['infra', 'serverless', 'logs', 'web', '--c'],
      ['infra', '--project', 'staging', 'vps', ''],
      ['infra', '--api-url', ''],
      ['infra', 'snapshots', 'restore', 'vps', ''],
      ['infra', 'vps', 'list', ''],
    ]);
    expect(top).toEqual(['serverless']);
    expect(all).toEqual(expect.arrayContaining(['auth', 'config', 'serverless', 'vps', 'database', 'cache', 'snapshots', 'recovery', 'api', 'sim', 'completion', 'help']));
    expect(serverless).toEqual(expect.arrayContaining(['list', 'get', 'logs', 'diagnose', 'revisions', 'events']));
    expect(container).toEqual(['user-container', 'queue-proxy', 'all']);
    expect(level).toEqual(['debug', 'info', 'warn', 'error']);
    expect(product).toEqual(['vps', 'cache', 'database']);
    expect(restoreProduct).toEqual(['database']);
    expect(shell).toEqual(['bash', 'zsh', 'fish']);
    expect(key).toEqual(['api-url', 'project', 'output', 'allow-http']);
    expect(help).toEqual(['serverless', 'snapshots', 'storage', 'ssh-keys', 'static-sites', 'status', 'support', 'search', 'sim']);
    expect(alias).toEqual(['credentials']);
    // --context: the global option that picks a context.
    expect(flags).toEqual(['--container', '--cursor', '--context', '--columns']);
    expect(afterGlobal).toEqual(VPS_VERBS);
    expect(afterValue).toEqual([]);
    // The point's names live in the API: the script asks for them (the stand-in answers here).
    expect(second).toEqual(['got:snapshots|restore|vps||', 'x-two']);
    expect(leaf).toEqual([]);
  });

  it('completes the flags of the real dialect', () => {
    const [create, wait, diagnose, sim, get, creds] = bashComplete([
      ['infra', 'serverless', 'create', '--sl'],
      ['infra', 'serverless', 'wait', 'web', '--o'],
      ['infra', 'serverless', 'diagnose', 'web', '--e'],
      ['infra', 'sim', '--no-g'],
      ['infra', 'serverless', 'get', 'web', '--sh'],
      ['infra', 'database', 'credentials', 'orders-pg', '--sh'],
    ]);
    expect(create).toEqual(['--slug']);
    expect(wait).toEqual(['--observed-after']);
    expect(diagnose).toEqual(['--exit-status']);
    expect(sim).toEqual(['--no-generations']);
    expect(get).toEqual(['--show-secrets']);
    expect(creds).toEqual(['--show-secrets']);
  });

  it('offers the values a parser of its own accepts (choices declared beside it)', () => {
    const [profile, type, limits, method, engine] = bashComplete([
      ['infra', 'serverless', 'update', 'web', '--profile', ''],
      ['infra', 'parameter-groups', 'create', '--type', ''],
      ['infra', 'account', 'limits', 'request', '--profile', 'n'],
      ['infra', 'api', '-X', 'P'],
      ['infra', 'database', 'create', '--engine', ''],
    ]);
    expect(profile).toEqual(['free', 'micro', 'small', 'medium', 'large']);
    expect(type).toEqual(['cache', 'database', 'queue']);
    expect(limits).toEqual(['nano', 'nano_shared']);
    expect(method).toEqual(['POST', 'PUT', 'PATCH']);
    expect(engine).toEqual(['postgresql', 'mysql', 'mariadb']);
  });

  it("asks 'infra __complete' for names where they live in the API, with the words up to the cursor", () => {
    const [get, typed, project, credentials, sshKey, wait, points, volume] = bashComplete([
      ['infra', 'serverless', 'get', ''],
      ['infra', '--json', 'serverless', 'get', 'we'],
      ['infra', '--project', ''],
      ['infra', 'database', 'credentials', ''],
      ['infra', 'vps', 'create', '--name', 'x', '--ssh-key', ''],
      ['infra', 'serverless', 'wait', 'web', ''],
      ['infra', 'snapshots', 'delete', 'vps', ''],
      ['infra', 'vps', 'volumes', 'get', 'vps-01', ''],
    ]);
    expect(get).toEqual(['got:serverless|get||', 'x-two']);
    expect(typed).toEqual(['got:--json|serverless|get|we|', 'x-two']);
    expect(project).toEqual(['got:--project||', 'x-two']);
    // A command with subcommands that also takes an argument: both.
    expect(credentials).toEqual(['rotate', 'wait', 'got:database|credentials||', 'x-two']);
    expect(sshKey).toEqual(['got:vps|create|--name|x|--ssh-key||', 'x-two']);
    expect(wait).toEqual(['got:serverless|wait|web||', 'x-two']);
    expect(points).toEqual(['got:snapshots|delete|vps||', 'x-two']);
    expect(volume).toEqual(['got:vps|volumes|get|vps-01||', 'x-two']);
  });

  it('does not call back where the script knows the values, or where there are none', () => {
    const [product, container, name, extra, flags] = bashComplete([
      ['infra', 'snapshots', 'delete', ''],
      ['infra', 'serverless', 'logs', 'web', '--container', ''],
      ['infra', 'serverless', 'create', '--name', ''],
      ['infra', 'serverless', 'get', 'web', ''],
      ['infra', 'serverless', 'get', '--s'],
    ]);
    expect(product).toEqual(['vps', 'cache', 'database']);
    expect(container).toEqual(['user-container', 'queue-proxy', 'all']);
    expect(name).toEqual([]);
    expect(extra).toEqual([]);
    expect(flags).toEqual(['--show-secrets']);
  });

  it('offers the flags of the command and the global ones, --version only at the top', () => {
    const [logs, root] = bashComplete([
      ['infra', 'serverless', 'logs', 'web', '--'],
      ['infra', '--v'],
    ]);
    expect(logs).toEqual(expect.arrayContaining(['--since', '--until', '--level', '--container', '--limit', '--follow', '--json', '--project', '--help']));
    expect(logs).not.toContain('--version');
    expect(root).toEqual(['--version']);
  });
});

describe.runIf(has('fish') || !!process.env.CI)('fish', () => {
  it('is valid fish', () => {
    expect(spawnSync('fish', ['-n', scripts.fish]).status).toBe(0);
  });

  it('completes commands with descriptions, flag values and arguments', () => {
    const out = sh(
      'fish',
      [
        `source '${scripts.fish}'`,
        ...['infra ser', 'infra serverless logs x --container ', 'infra snapshots list ', 'infra cache cred', 'infra completion '].map((c) => `complete -C '${c}'; echo ---`),
      ].join('\n'),
    );
    const groups = out
      .join('\n')
      .split('---')
      .map((g) =>
        g
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => l.split('\t')[0]),
      );
    expect(groups[0]).toEqual(['serverless']);
    expect(groups[1]!.sort()).toEqual(['all', 'queue-proxy', 'user-container']);
    expect(groups[2]!.sort()).toEqual(['cache', 'database', 'vps']);
    expect(groups[3]).toEqual(['credentials']);
    expect(groups[4]!.sort()).toEqual(['bash', 'fish', 'zsh']);
    expect(out.join('\n')).toContain('serverless\tserverless containers');
  });

  it("asks 'infra __complete' for names, the word being typed passed even when empty", () => {
    const out = sh(
      'fish',
      [
        `source '${scripts.fish}'`,
        ...['infra serverless get ', 'infra --project st', 'infra serverless wait web ', 'infra serverless logs web --container '].map((c) => `complete -C '${c}'; echo ---`),
      ].join('\n'),
    );
    const groups = out
      .join('\n')
      .split('---')
      .map((g) =>
        g
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((l) => l.split('\t')[0]),
      );
    expect(groups[0]!.sort()).toEqual(['got:serverless|get||', 'x-two']);
    // The word typed is passed on; fish then keeps the names that contain it.
    expect(groups[1]).toEqual(['got:--project|st|']);
    expect(groups[2]!.sort()).toEqual(['got:serverless|wait|web||', 'x-two']);
    expect(groups[3]!.sort()).toEqual(['all', 'queue-proxy', 'user-container']);
  });
});

describe.runIf(has('zsh') || !!process.env.CI)('zsh', () => {
  it('is valid zsh', () => {
    expect(spawnSync('zsh', ['-n', scripts.zsh]).status).toBe(0);
  });

  it('completes commands, flag values and arguments (compadd and _describe stubbed)', () => {
    const stubs = [
      'compdef() { :; }',
      'compadd() { [[ $1 == -a ]] && print -r -- ${(P)2}; }',
      '_describe() { local -a names; names=(${(P)4%%:*}); print -r -- $names; }',
      `source '${scripts.zsh}'`,
      't() { local -a words; words=("$@"); local CURRENT=$#; _infra; }',
    ];
    const out = sh('zsh', [...stubs, "t infra ''", "t infra serverless logs x --container ''", "t infra snapshots restore ''", "t infra --json vps ''", 't infra serverless logs web --l'].join('\n'));
    expect(out[0]!.split(' ')).toEqual(expect.arrayContaining(['auth', 'serverless', 'completion', 'help']));
    expect(out[1]).toBe('user-container queue-proxy all');
    expect(out[2]).toBe('vps cache database');
    expect(out[3]).toBe(VPS_VERBS.join(' '));
    expect(out[4]!.split(' ')).toContain('--level');
  });

  it("asks 'infra __complete' for names with the words up to the cursor", () => {
    const stubs = [
      'compdef() { :; }',
      'compadd() { [[ $1 == -a ]] && print -r -- ${(P)2}; }',
      '_describe() { local -a names; names=(${(P)4%%:*}); print -r -- $names; }',
      `source '${scripts.zsh}'`,
      't() { local -a words; words=("$@"); local CURRENT=$#; _infra; }',
    ];
    const out = sh('zsh', [...stubs, "t infra serverless get ''", "t infra --team '' ", 't infra vps create --profile sm', "t infra serverless logs web --container ''"].join('\n'));
    expect(out[0]).toBe('got:serverless|get|| x-two');
    expect(out[1]).toBe('got:--team|| x-two');
    expect(out[2]).toBe('got:vps|create|--profile|sm| x-two');
    expect(out[3]).toBe('user-container queue-proxy all');
  });
});
