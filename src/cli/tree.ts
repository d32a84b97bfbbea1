// Commander commands from typed definitions (command.ts): the groups along a command's path
// are created on the way, then the command with its arguments, options and examples. The
// same function builds the whole tree (help, man page, completion) and the one-command tree
// a run needs, so both parse the same way.
import { Argument, Command, Option } from 'commander';
import type { CommandDef, OptionSpec } from './command.js';
import { setExamples } from './help.js';
import { shorthandsOf } from './shorthands.js';
import { ExitCode } from '../shared/exit-codes.js';

/** What runs a command: given the definition, the commander handler that calls it. */
export type Handler = (def: CommandDef) => (...actionArgs: unknown[]) => Promise<void>;

/**
 * Arguments and options whose values shell completion asks `infra __complete` for (a
 * family's names): the completion scripts call back at those places only.
 */
export const COMPLETED_BY_CALLBACK = new WeakSet<Argument | Option>();

/** Descriptions of the groups (`serverless`, `database dns`), keyed by their path. */
export type Groups = Readonly<Record<string, string>>;

/** Adds an Examples section to a command's --help (and keeps the lines for man page and tests). */
export function addExamples(cmd: Command, lines: readonly string[]): Command {
  setExamples(cmd, [...lines]);
  return cmd.addHelpText('after', `\nExamples:\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
}

function group(parent: Command, name: string, description: string | undefined): Command {
  const found = parent.commands.find((c) => c.name() === name);
  if (found) return found;
  const cmd = withShorthands(parent.command(name), []);
  if (description) cmd.description(description);
  return cmd;
}

/** The command's declared aliases, then the shorthands of its name (`list` → `ls`): commander then parses both. */
function withShorthands(cmd: Command, declared: readonly string[]): Command {
  for (const alias of new Set([...declared, ...shorthandsOf(cmd.name())])) cmd.alias(alias);
  return cmd;
}

function commanderOption(spec: OptionSpec<unknown>): Option {
  // Help marks a required flag; the check is requireAll's, which names every missing one.
  const o = new Option(spec.flags, spec.required ? `${spec.description} (required)` : spec.description);
  // Choices before the parser: a spec with both (a repeatable option, a case-insensitive one)
  // validates with its own parser, and commander keeps the list for help and completion.
  if (spec.choices) o.choices([...spec.choices]);
  if (spec.parse) o.argParser((value: string, previous: unknown) => spec.parse!(value, previous));
  if (spec.defaultValue !== undefined) o.default(spec.defaultValue);
  if (spec.hidden) o.hideHelp();
  if (spec.completeFrom) COMPLETED_BY_CALLBACK.add(o);
  return o;
}

/**
 * The required flags a command was run without, all in one usage error (commander's own
 * check stops at the first: a person then learns them one run at a time). It runs as
 * commander's would, before the action, and its error takes the same way out (exit 2).
 */
function requireAll(cmd: Command, def: CommandDef): void {
  const required = Object.values(def.options).filter((spec) => spec.required);
  if (required.length === 0) return;
  cmd.hook('preAction', (_hooked, actionCommand) => {
    const missing = actionCommand.options.filter((o) => required.some((spec) => spec.flags === o.flags) && actionCommand.getOptionValue(o.attributeName()) === undefined);
    if (missing.length === 0) return;
    // As the definition spells it first (`--profile, --plan <name>` is --profile to its help).
    const names = missing.map((o) => o.flags.split(/[ ,|]+/)[0]!);
    const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    actionCommand.error(`error: required option${names.length === 1 ? '' : 's'} ${list} not specified`, { code: 'commander.missingMandatoryOptionValue', exitCode: ExitCode.USAGE });
  });
}

/** Attaches `def` under `root`, creating the groups of its path. Returns the command. */
export function attach(root: Command, def: CommandDef, groups: Groups, handler: Handler): Command {
  let parent = root;
  for (let i = 0; i < def.path.length - 1; i++) parent = group(parent, def.path[i]!, groups[def.path.slice(0, i + 1).join(' ')]);
  const cmd = withShorthands(parent.command(def.path.at(-1)!).description(def.description), def.aliases);
  for (const a of def.args) {
    const argument = new Argument(a.name, a.description);
    if (a.choices) argument.choices([...a.choices]);
    if (a.completeFrom) COMPLETED_BY_CALLBACK.add(argument);
    cmd.addArgument(argument);
  }
  for (const spec of Object.values(def.options)) cmd.addOption(commanderOption(spec));
  requireAll(cmd, def);
  addExamples(cmd, def.examples);
  if (def.help) cmd.addHelpText('after', `\n${def.help}\n`);
  cmd.action(handler(def));
  return cmd;
}

/**
 * The command's own option values, keyed as its definition names them, with the value of an
 * absent option filled in (false for flags, [] for lists).
 */
export function optionValues(def: CommandDef, cmd: Command): Record<string, unknown> {
  const parsed = cmd.opts();
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(def.options)) {
    const name = new Option(spec.flags).attributeName();
    out[key] = parsed[name] ?? spec.absent;
  }
  return out;
}
