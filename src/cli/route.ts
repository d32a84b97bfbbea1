// Where an argument list goes, decided from the command list alone (no command module is
// loaded): a command, a group without its subcommand, an unknown word at some depth, a help
// request for a path, or the program itself. Pure, so the table of cases is tested directly.
// A shorthand (`db`, `ls`, shorthands.ts) routes as the word it stands for, wherever that word
// is a command, and the route names the long word.
import { isHelpTopic } from './help-topic-names.js';
import { expandWord } from './shorthands.js';

/** Global options that take a value: their value is not a command word. */
export const VALUE_OPTIONS: ReadonlySet<string> = new Set(['--api-url', '--project', '--team', '--context']);

export interface Known {
  /** Every command path, space-separated, with its aliases (`cache credentials`). */
  path: string;
}

export type Route =
  | { kind: 'root' }
  | { kind: 'command'; path: string[] }
  /** A group named without a subcommand: its help on stderr, exit 2. */
  | { kind: 'group'; path: string[] }
  /** A word that is not a command where one was expected. */
  | { kind: 'unknown'; path: string[]; word: string; known: string[] }
  /** `--help` or `infra help <path>`: the help of `path` (a command or a group). */
  | { kind: 'help'; path: string[] }
  /** `infra help environment`: a page about the program as a whole (help-topics.ts). */
  | { kind: 'topic'; name: string };

/** The words of an argument list before the command's own arguments could start. */
function leadingWords(argv: readonly string[]): { words: string[]; help: boolean } {
  const words: string[] = [];
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a === '--help' || a === '-h') help = true;
    else if (a.startsWith('-')) {
      if (VALUE_OPTIONS.has(a)) i++;
    } else words.push(a);
  }
  return { words, help };
}

export function route(argv: readonly string[], known: readonly Known[]): Route {
  const paths = known.map((k) => k.path.split(' '));
  const isCommand = (p: string[]) => paths.some((q) => q.length === p.length && q.every((w, i) => w === p[i]));
  const children = (p: string[]) => [...new Set(paths.filter((q) => q.length > p.length && p.every((w, i) => q[i] === w)).map((q) => q[p.length]!))];
  let { words, help } = leadingWords(argv);
  if (words[0] === 'help') {
    help = true;
    words = words.slice(1);
    // A topic only after the word `help`, and never in place of a command of the same name.
    if (words.length === 1 && isHelpTopic(words[0]!) && !children([]).includes(words[0]!)) return { kind: 'topic', name: words[0]! };
  }
  if (words.length === 0) return help || argv.length === 0 ? { kind: 'help', path: [] } : { kind: 'root' };
  const path: string[] = [];
  for (const [i, typed] of words.entries()) {
    const below = children(path);
    const word = expandWord(typed, below);
    const next = [...path, word];
    // A command may also hold subcommands (`database credentials` and `database credentials
    // rotate`): the next word goes to a subcommand when it names one, else it is an argument.
    const sub = words[i + 1];
    if (isCommand(next) && !(sub !== undefined && children(next).includes(expandWord(sub, children(next))))) return help ? { kind: 'help', path: next } : { kind: 'command', path: next };
    if (!below.includes(word)) return { kind: 'unknown', path, word, known: below };
    path.push(word);
  }
  return help ? { kind: 'help', path } : { kind: 'group', path };
}

/** The closest known word (for "did you mean"), when one is close enough. */
export function closest(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = distance(word, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(best.length / 3)) ? best : undefined;
}

/** Edit distance counting a swap of two neighbours as one edit (optimal string alignment). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}
