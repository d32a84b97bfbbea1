// The command tree as completion sees it: each node's path, subcommands (with aliases and
// shorthands), flags (with their choices) and positional choices, read from commander.
import type { Command, Option } from 'commander';
import { isShorthand } from '../../cli/shorthands.js';
import { COMPLETED_BY_CALLBACK } from '../../cli/tree.js';

export type Shell = 'bash' | 'zsh' | 'fish';
export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish'];

export interface FlagSpec {
  /** e.g. ['-f', '--follow'] */
  names: string[];
  takesValue: boolean;
  choices: string[];
  /** Its values come from `infra __complete`. */
  callback: boolean;
  description: string;
}

export interface NodeSpec {
  /** Words after `infra`, '' joined with spaces for the root. */
  path: string;
  name: string;
  /** Declared aliases: offered beside the name. */
  aliases: string[];
  /** Shorthands (`ls` for list): understood on the command line, not offered (no list twice as long). */
  shorthands: string[];
  description: string;
  flags: FlagSpec[];
  /** Per positional argument: the values to offer ([] = free text). */
  args: string[][];
  /** Positional arguments whose values come from `infra __complete` (a variadic one: every position from `index` on). */
  callbackArgs: { index: number; variadic: boolean }[];
  children: NodeSpec[];
}

/** Values for positional arguments that commander does not hold as choices, by argument name. */
export type ArgChoices = Record<string, readonly string[]>;

function flagOf(o: Option, callbackGlobals: readonly string[] = []): FlagSpec {
  return {
    names: [o.short, o.long].filter((n): n is string => !!n),
    takesValue: o.required || o.optional,
    choices: o.argChoices ?? [],
    callback: COMPLETED_BY_CALLBACK.has(o) || (!!o.long && callbackGlobals.includes(o.long)),
    description: o.description,
  };
}

const HELP_FLAG: FlagSpec = { names: ['-h', '--help'], takesValue: false, choices: [], callback: false, description: 'show help' };

/**
 * The tree as plain data. Global options are added to every command (they are accepted
 * anywhere); `callbackGlobals` names those whose values `infra __complete` gives (--project).
 */
export function describeTree(program: Command, extra: ArgChoices = {}, callbackGlobals: readonly string[] = []): NodeSpec {
  // --version belongs to `infra` alone; the other global options are accepted anywhere.
  const globals = program.options.filter((o) => !o.hidden && o.long !== '--version').map((o) => flagOf(o, callbackGlobals));
  const visit = (cmd: Command, path: string[]): NodeSpec => {
    const own = cmd.options.filter((o) => !o.hidden && (cmd !== program || o.long === '--version')).map((o) => flagOf(o));
    const children = cmd.commands.filter((c) => !(c as Command & { _hidden?: boolean })._hidden).map((c) => visit(c, [...path, c.name()]));
    if (cmd === program) {
      children.push({
        path: 'help',
        name: 'help',
        aliases: [],
        shorthands: [],
        description: 'show help for a command',
        flags: [],
        args: [children.map((c) => c.name)],
        callbackArgs: [],
        children: [],
      });
    }
    return {
      path: path.join(' '),
      name: cmd.name(),
      aliases: cmd.aliases().filter((a) => !isShorthand(a, cmd.name())),
      shorthands: cmd.aliases().filter((a) => isShorthand(a, cmd.name())),
      description: cmd.description(),
      flags: [...own, ...globals, HELP_FLAG],
      args: cmd.registeredArguments.map((a) => a.argChoices ?? [...(extra[a.name()] ?? [])]),
      callbackArgs: cmd.registeredArguments.flatMap((a, index) => (COMPLETED_BY_CALLBACK.has(a) ? [{ index, variadic: a.variadic }] : [])),
      children,
    };
  };
  return visit(program, []);
}

export function allNodes(root: NodeSpec): NodeSpec[] {
  return [root, ...root.children.flatMap(allNodes)];
}

/** A help text on one line (descriptions go into the scripts as single-line strings). */
export const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
