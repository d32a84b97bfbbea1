// Every example in the help of the database and cache commands runs against the simulator as
// written (on a fresh seed each), in virtual time: the names and ids exist, the flags parse,
// and the command succeeds. `a && b` runs both; `$(infra ...)` runs the inner command; a
// segment that needs a shell variable (`"$id"`) is skipped; pipes into jq keep their left side.
import { describe, expect, it } from 'vitest';
import { loadTree } from '../../../src/program/load-tree.js';
import { getExamples, walkCommands } from '../../../src/cli/help.js';
import { useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const tree = await loadTree();
const commands = walkCommands(tree).filter(({ path, cmd }) => (path[0] === 'database' || path[0] === 'cache') && cmd.commands.length === 0);

/** The `infra` command lines of one example, in order, as argv. */
function commandsOf(example: string): string[][] {
  return example.split('&&').flatMap((segment) => {
    const inner = /\$\((infra [^)]*)\)/.exec(segment)?.[1];
    const line = (inner ?? segment.split('|')[0]!).trim();
    if (!line.startsWith('infra ') || line.includes('$')) return [];
    // `connect` starts a program of the reader's machine (psql, redis-cli): its process test
    // runs it with fake clients on PATH. What it prints for other tools runs here.
    if (/ connect /.test(`${line} `) && !/--print-env|--url/.test(line)) return [];
    return [
      line
        .split(/\s+/)
        .slice(1)
        .map((w) => w.replace(/^"(.*)"$/, '$1')),
    ];
  });
}

/** Answers a confirmation with the name it asks for, as the person reading the example would. */
const prompter = {
  text: async (question: string) => /(?:instance|Remove) (\S+)/.exec(question)?.[1] ?? '',
  secret: async () => '',
};

describe('database and cache help examples', () => {
  const cases = commands.flatMap(({ path, cmd }) => getExamples(cmd).map((example) => [path.join(' '), example] as const));

  it('cover every command of both families', () => {
    expect(commands.length).toBeGreaterThanOrEqual(36);
    expect(cases.every(([path, e]) => commandsOf(e).length > 0 || path.endsWith(' connect'))).toBe(true);
  });

  // useHarness resets the world before each case.
  it.each(cases)('%s: %s', async (_path, example) => {
    for (const argv of commandsOf(example)) {
      const r = await h.cli(argv, { stdinTTY: true, prompter });
      expect(r.code, `infra ${argv.join(' ')}\n${r.stderr}`).toBe(0);
    }
  });
});
