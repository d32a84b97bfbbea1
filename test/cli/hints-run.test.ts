// Every `infra …` command the code can print (hints, messages, examples) runs as written: each
// literal in src that starts with `infra ` is parsed against the live command tree, and must
// name a real command with flags it knows and no more arguments than it takes. Placeholders
// (`<id>`, `NAME`, `${...}`) stand for one argument. A hint that names a missing command is
// worse than none: the user types it and gets an error in place of the way out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCommandOf } from '../../src/cli/error-hints.js';
import { route } from '../../src/cli/route.js';
import { COMMANDS } from '../../src/commands/index.js';
import { loadTree } from '../../src/program/load-tree.js';
import { knownPaths } from '../../src/program/run.js';
import { shellWords } from '../helpers/help-examples.js';
import { ROOT } from '../helpers/cli.js';
import { commandWordComputed, hintProblem, hintsIn } from '../helpers/hints.js';

const tree = await loadTree();
const known = knownPaths(COMMANDS);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('hintsIn (the scanner itself)', () => {
  it.each([
    ["`'infra serverless wait ${ref}' waits`", ['infra serverless wait X']],
    ['"run \'infra auth login\' first"', ['infra auth login']],
    ['`infra vps get ${a.b(c)} --json`', ['infra vps get X --json']],
    ['// a comment naming `infra nothing here`', []],
  ])('%s', (text, expected) => expect(hintsIn(text).map((h) => h.text)).toEqual(expected));
});

describe('hintProblem (the checker itself)', () => {
  it.each([
    ['infra serverless wait web', undefined],
    ['infra db ls --json', undefined],
    ['infra serverless logs web --since 1h | grep x', undefined],
    ['infra metric-alerts list', /not a command/],
    ['infra serverless wait web --nope', /--nope/],
    ['infra auth status extra', /arguments/],
  ])('%s', (text, problem) => {
    const p = hintProblem(shellWords(text).slice(1), tree, (argv) => route(argv, known));
    if (problem === undefined) expect(p).toBeUndefined();
    else expect(p).toMatch(problem);
  });
});

/**
 * Lines that start with `infra ` and are no command: prose about the program, and the words
 * the shell completion scripts are made of (`__complete` is answered before the command tree).
 */
// The last: Markdown links of the generated reference (`[`infra …`](page.md)`), not hints.
const NOT_COMMANDS = [/^infra manages /, /^infra api talks /, /^infra \\\\- /, /^infra __complete\b/, /^infra command\b/, /\\`\]\(/];

describe('every infra command in src', () => {
  const runRoute = (argv: string[]) => route(argv, known);
  const all = sources(join(ROOT, 'src')).flatMap((file) => hintsIn(readFileSync(file, 'utf8')).map((h) => ({ ...h, where: `${relative(ROOT, file)}:${h.line}` })));
  const hints = all.filter((h) => !NOT_COMMANDS.some((re) => re.test(h.text)) && !commandWordComputed(shellWords(h.text).slice(1), tree, runRoute));

  it('is found (the scan sees the hints)', () => expect(hints.length).toBeGreaterThan(300));

  it('routes to a real command with flags it knows', () => {
    const broken = hints.flatMap((h) => {
      const problem = hintProblem(shellWords(h.text).slice(1), tree, (argv) => route(argv, known));
      return problem ? [`${h.where}: '${h.text}': ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });
});

// The list paths names are looked up in (src/client/resolve.ts): the "shows them" hint of a
// name found nowhere names a list command that runs (error-hints.ts computes it from the path).
const LOOKUP_PATHS = [
  '/serverless',
  '/vps',
  '/volumes',
  '/database',
  '/cache',
  '/queue',
  '/parameter-groups',
  '/storage/buckets',
  '/storage/access-keys',
  '/firewalls',
  '/ssh-keys',
  '/static-sites',
  '/apps',
  '/uptime-checks',
  '/metric-alerts',
  '/resource-alerts/rules',
  '/resource-alerts/incidents',
  '/snapshots/cache',
  '/snapshots/database',
  '/vps/0b5c/volumes',
  '/serverless/0b5c/runs',
  '/serverless/0b5c/schedules',
  '/user/teams',
];

describe('the list command of every lookup path', () => {
  it.each(LOOKUP_PATHS)('%s', (path) => {
    const command = listCommandOf(path);
    expect(command).toBeDefined();
    expect(hintProblem(shellWords(`infra ${command}`).slice(1), tree, (argv) => route(argv, known))).toBeUndefined();
  });
  it('none for what is read one at a time', () => expect(listCommandOf('/approvals')).toBeUndefined());
});
