// The shorthands (db, ls, rm, show) as completion, help and the man page know them: understood
// everywhere, offered or listed once, never beside every command.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completionScript, describeTree } from '../../src/commands/completion/scripts.js';
import { loadTree } from '../../src/program/load-tree.js';
import { renderManPage } from '../../src/cli/manpage.js';
import { walkCommands } from '../../src/cli/help.js';
import { ARG_CHOICES } from '../../src/commands/completion/completion.js';

const program = await loadTree();
const tree = describeTree(program, ARG_CHOICES);

describe('bash completion', () => {
  const dir = mkdtempSync(join(tmpdir(), 'infra-shorthands-'));
  const script = join(dir, 'infra.bash');
  writeFileSync(script, completionScript('bash', tree));
  const complete = (...words: string[]) => {
    const r = spawnSync('bash', ['-c', `source '${script}'\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _infra; echo "\${COMPREPLY[*]}"`], {
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    return r.stdout.trim().split(' ').filter(Boolean);
  };

  it('walks through a shorthand (infra db <tab> offers the database verbs) but offers only the long words', () => {
    expect(complete('infra', 'db', '')).toEqual(complete('infra', 'database', ''));
    expect(complete('infra', 'db', '')).toContain('list');
    expect(complete('infra', 'vps', 'l')).toEqual(['list']);
    expect(complete('infra', 'd')).toEqual(['database']);
    expect(complete('infra', 'vps', 'ls', '--')).toEqual(complete('infra', 'vps', 'list', '--'));
  });
});

describe('the man page', () => {
  const page = renderManPage(program, '0.0.0');

  it('names the shorthands once, at the top of COMMANDS, and no command repeats them', () => {
    expect(page).toContain('Shorthands, accepted wherever the long word is a command: db = database, k8s = kubernetes, ls = list, rm = delete, show = get');
    expect(page).not.toMatch(/Alias: .*\b(ls|rm|show|db)\b/);
    // declared aliases keep their line
    expect(page).toContain('Alias: cache credentials');
  });
});

describe('the tree', () => {
  it('every list, get, delete and database answers to its shorthand', () => {
    const missing = walkCommands(program).flatMap(({ path, cmd }) => {
      const want = { list: 'ls', get: 'show', delete: 'rm', database: 'db' }[cmd.name()];
      return want && !cmd.aliases().includes(want) ? [path.join(' ')] : [];
    });
    expect(missing).toEqual([]);
  });
});
