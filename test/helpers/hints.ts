// The `infra …` commands a source file can print, and whether one of them runs as written
// against the command tree (test/cli/hints-run.test.ts).
import type { Command, Option } from 'commander';
import type { Route } from '../../src/cli/route.js';

export interface Hint {
  /** The command as printed, `${...}` replaced by one dummy word. */
  text: string;
  line: number;
}

/** Every string literal (or the quoted part of one) that starts with `infra `, outside comments. */
export function hintsIn(source: string): Hint[] {
  const hints: Hint[] = [];
  const start = /(['"`])infra /g;
  for (let m = start.exec(source); m; m = start.exec(source)) {
    const lineStart = source.lastIndexOf('\n', m.index) + 1;
    const before = source.slice(lineStart, m.index).trim();
    if (before.startsWith('//') || before.startsWith('*') || before.startsWith('/*')) continue;
    const quote = m[1];
    let text = '';
    let depth = 0;
    for (let i = m.index + 1; i < source.length; i++) {
      const c = source[i]!;
      if (c === '\n' || (depth === 0 && c === quote && source[i - 1] !== '\\')) break;
      if (c === '$' && source[i + 1] === '{') {
        if (depth === 0) text += 'X';
        depth++;
        i++;
      } else if (depth > 0 && c === '{') depth++;
      else if (depth > 0 && c === '}') depth--;
      else if (depth === 0) text += c;
    }
    hints.push({ text: text.replace(/\\$/, '').trim(), line: source.slice(0, m.index).split('\n').length });
  }
  return hints;
}

const SHELL_END = new Set(['|', '||', '&&', ';', '>', '2>&1', '<', '#']);

/** The words of a printed command that infra receives: up to a pipe, a comment or the prose after a comma; placeholders as one word. */
function argvOf(words: readonly string[]): string[] {
  const end = words.findIndex((w) => SHELL_END.has(w));
  const kept = end < 0 ? [...words] : words.slice(0, end);
  const comma = kept.findIndex((w) => w.endsWith(','));
  return (comma < 0 ? kept : [...kept.slice(0, comma), kept[comma]!.slice(0, -1)])
    .filter((w) => w !== '...' && w !== '…')
    .map((w) => w.replace(/\)+$/, '').replace(/^\[(.*)\]$/, '$1'))
    .map((w) => (/^<[^>]*>$/.test(w) ? 'X' : w))
    .filter((w) => w !== '');
}

function commandAt(tree: Command, path: readonly string[]): Command | undefined {
  let cmd: Command | undefined = tree;
  for (const word of path) cmd = cmd?.commands.find((c) => c.name() === word || c.aliases().includes(word));
  return cmd;
}

function optionsOf(cmd: Command): Option[] {
  const out: Option[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) out.push(...c.options);
  return out;
}

/**
 * Whether a command word itself is computed (`infra ${family.command} list`, `schedules
 * ${verb}`): such a line is no one command, and its own tests cover each command it makes.
 */
export function commandWordComputed(words: readonly string[], tree: Command, routeOf: (argv: string[]) => Route): boolean {
  const argv = argvOf(words);
  const at = argv.indexOf('X');
  if (at < 0) return false;
  const before = routeOf(argv.slice(0, at));
  if (before.kind === 'group' || (before.kind === 'help' && before.path.length === 0)) return true;
  return before.kind === 'command' && (commandAt(tree, before.path)?.commands.length ?? 0) > 0;
}

/** Why the printed command does not run as written, or undefined when it does. */
export function hintProblem(words: readonly string[], tree: Command, routeOf: (argv: string[]) => Route): string | undefined {
  const argv = argvOf(words);
  const r = routeOf(argv);
  if (r.kind === 'unknown') return `'${r.word}' is not a command under 'infra ${r.path.join(' ')}' (known: ${r.known.join(', ')})`;
  if (r.kind === 'root') return undefined;
  if (r.kind === 'group') return `'infra ${r.path.join(' ')}' is a group, not a command`;
  // A help topic (`infra help environment`) prints a page: nothing more to check.
  if (r.kind === 'topic') return undefined;
  const cmd = commandAt(tree, r.path);
  if (!cmd) return `no command 'infra ${r.path.join(' ')}' in the tree`;
  if (r.kind === 'help') return undefined;
  const options = optionsOf(cmd);
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!word.startsWith('-') || word === '-' || /^-\d/.test(word)) {
      positional.push(word);
      continue;
    }
    const [flag, inline] = word.split(/=(.*)/s, 2) as [string, string | undefined];
    const option = options.find((o) => o.long === flag || o.short === flag);
    if (!option) return `${flag} is not a flag of 'infra ${r.path.join(' ')}'`;
    const next = argv[i + 1];
    if (inline === undefined && (option.required || (option.optional && next !== undefined && !next.startsWith('-')))) {
      if (next === undefined) return `${flag} needs a value`;
      i++;
    }
  }
  const args = positional.slice(r.path.length);
  const declared = cmd.registeredArguments;
  const variadic = declared.some((a) => a.variadic);
  if (!variadic && args.length > declared.length) return `takes ${declared.length} arguments, given ${args.length} (${args.join(' ')})`;
  const needed = declared.filter((a) => a.required).length;
  if (args.length < needed) return `needs ${needed} arguments, given ${args.length}`;
  return undefined;
}
