// A command is one typed definition: its place in the tree, arguments, options (each with
// the parser that gives it its type), examples and action, in one file. The action receives
// typed values, so a renamed flag is a compile error, not a run-time surprise. Only
// commander's types are imported here: a command's definition costs nothing to load until
// the command runs (src/commands/index.ts loads one module per command, on demand).
import type { App } from './app.js';
import type { ListRoute } from '../client/resolve.js';

/** An option: commander flags, and what its value becomes. */
export interface OptionSpec<T> {
  readonly flags: string;
  readonly description: string;
  /** Method syntax on purpose: bivariant, so any OptionSpec<T> fits OptionSpec<unknown>. */
  parse?(value: string, previous: T): T;
  /** Shown in help as commander shows defaults (booleans and lists never are). */
  readonly defaultValue?: T;
  readonly choices?: readonly string[];
  readonly required?: boolean;
  readonly hidden?: boolean;
  /** Value when the option is absent and has no default: false for flags, [] for lists. */
  readonly absent?: T;
  /** Shell completion offers the names of this list (`infra __complete`). */
  readonly completeFrom?: ListRoute;
  /** Type carrier only. */
  readonly _type?: T;
}

/** A positional argument. */
export interface ArgSpec<T> {
  /** `<id>`, `[path]`, `<ids...>` */
  readonly name: string;
  readonly description: string;
  readonly choices?: readonly string[];
  /** Shell completion offers the names and ids of this list (`infra __complete`). */
  readonly completeFrom?: ListRoute;
  readonly _type?: T;
}

type OptionValues<O> = { [K in keyof O]: O[K] extends OptionSpec<infer T> ? T : never };
type ArgValues<A> = { [K in keyof A]: A[K] extends ArgSpec<infer T> ? T : never };

export interface CommandInput<A extends readonly ArgSpec<unknown>[], O extends Record<string, OptionSpec<unknown>>> {
  args: ArgValues<A>;
  opts: OptionValues<O>;
}

export interface CommandSpec<A extends readonly ArgSpec<unknown>[], O extends Record<string, OptionSpec<unknown>>> {
  /** Words after `infra`: ['serverless', 'update']. */
  path: readonly string[];
  aliases?: readonly string[];
  description: string;
  args?: A;
  options?: O;
  /** Shown under "Examples:" in --help, in the man page, and tested to parse. */
  examples: readonly string[];
  /** Extra paragraphs after the examples. */
  help?: string;
  run(app: App, input: CommandInput<A, O>): Promise<number | void>;
}

/** What the tree builder needs of a command, whatever its types. */
export interface CommandDef {
  path: readonly string[];
  aliases: readonly string[];
  description: string;
  args: readonly ArgSpec<unknown>[];
  options: Readonly<Record<string, OptionSpec<unknown>>>;
  examples: readonly string[];
  help?: string;
  run(app: App, input: { args: unknown[]; opts: Record<string, unknown> }): Promise<number | void>;
}

export function defineCommand<const A extends readonly ArgSpec<unknown>[] = [], const O extends Record<string, OptionSpec<unknown>> = Record<never, never>>(spec: CommandSpec<A, O>): CommandDef {
  return {
    path: spec.path,
    aliases: spec.aliases ?? [],
    description: spec.description,
    args: spec.args ?? [],
    options: spec.options ?? {},
    examples: spec.examples,
    help: spec.help,
    // The one place values cross from commander's untyped record to the typed input: the
    // specs above are what commander parsed with, so the shapes match by construction.
    run: (app, input) => {
      // --wide (wideOption in src/cli/options.ts) shapes every table the command writes:
      // the App holds it, so no table of the command can forget it.
      if (spec.options && 'wide' in spec.options) app.wide = input.opts.wide === true;
      return spec.run(app, input as unknown as CommandInput<A, O>);
    },
  };
}

// --- options -------------------------------------------------------------------------------

/** A boolean switch: true when given, false otherwise. `--no-x` switches are true unless given. */
export function flag(flags: string, description: string, extra: { hidden?: boolean } = {}): OptionSpec<boolean> {
  return { flags, description, absent: /(^|[\s,])--no-/.test(flags), hidden: extra.hidden };
}

/**
 * One half of a `--x` / `--no-x` pair that sets one boolean: true, false, or undefined when
 * neither is given (flag() is false when absent, which would send a setting nobody asked for).
 * Declare `--x` first: commander then leaves the value unset when neither is on the line, and
 * both halves read the same value (the last one given wins).
 */
export function toggle(flags: string, description: string): OptionSpec<boolean | undefined> {
  return { flags, description };
}

/** An option with a value (text, or what `parse` makes of it); undefined when absent. */
export function option(flags: string, description: string): OptionSpec<string | undefined>;
export function option<T>(flags: string, description: string, parse: (value: string) => T): OptionSpec<T | undefined>;
export function option<T>(flags: string, description: string, parse?: (value: string) => T): OptionSpec<T | undefined> {
  return { flags, description, ...(parse ? { parse: (v: string) => parse(v) } : {}) };
}

/** An option with a default (shown in help). */
export function withDefault<T>(flags: string, description: string, defaultValue: T, parse?: (value: string) => T): OptionSpec<T> {
  return { flags, description, defaultValue, ...(parse ? { parse: (v: string) => parse(v) } : {}) };
}

/** One of a few words (commander checks them and lists them in help). */
export function choice<const C extends string>(flags: string, description: string, choices: readonly C[]): OptionSpec<C | undefined>;
export function choice<const C extends string>(flags: string, description: string, choices: readonly C[], defaultValue: C): OptionSpec<C>;
export function choice<const C extends string>(flags: string, description: string, choices: readonly C[], defaultValue?: C): OptionSpec<C | undefined> {
  return { flags, description, choices, ...(defaultValue === undefined ? {} : { defaultValue }) };
}

/** A required option (commander refuses the command without it, exit 2). */
export function required(flags: string, description: string): OptionSpec<string>;
export function required<T>(flags: string, description: string, parse: (value: string) => T): OptionSpec<T>;
export function required<T>(flags: string, description: string, parse?: (value: string) => T): OptionSpec<T> {
  return { flags, description, required: true, ...(parse ? { parse: (v: string) => parse(v) } : {}) };
}

/**
 * The option with the fixed list its parser accepts: help shows it and completion offers it
 * (the parser still decides, with its own message: case, repetition).
 */
export function withChoices<T>(spec: OptionSpec<T>, choices: readonly string[]): OptionSpec<T> {
  return { ...spec, choices };
}

/** The option, its values completed from a family's list (`--ssh-key laptop`). */
export function completedFrom<T>(spec: OptionSpec<T>, from: ListRoute): OptionSpec<T> {
  return { ...spec, completeFrom: from };
}

/** A repeatable option collected into a list, empty when absent. */
export function list(flags: string, description: string): OptionSpec<string[]>;
export function list<T>(flags: string, description: string, parse: (value: string) => T): OptionSpec<T[]>;
export function list<T>(flags: string, description: string, parse?: (value: string) => T): OptionSpec<T[]> {
  const one = parse ?? ((v: string) => v as T);
  return { flags, description, absent: [], parse: (v: string, previous: T[] = []) => [...previous, one(v)] };
}

// --- arguments -----------------------------------------------------------------------------

export function arg(name: `<${string}...>`, description: string): ArgSpec<string[]>;
export function arg(name: `[${string}...]`, description: string): ArgSpec<string[]>;
export function arg(name: `<${string}>`, description: string, choices?: readonly string[]): ArgSpec<string>;
export function arg(name: `[${string}]`, description: string): ArgSpec<string | undefined>;
export function arg(name: string, description: string, choices?: readonly string[]): ArgSpec<unknown> {
  return { name, description, ...(choices ? { choices } : {}) };
}

/** An argument naming a resource of a family: completion offers the names in its list. */
export function resourceArg(name: `<${string}...>`, description: string, from: ListRoute): ArgSpec<string[]>;
export function resourceArg(name: `<${string}>`, description: string, from: ListRoute): ArgSpec<string>;
export function resourceArg(name: `[${string}]`, description: string, from: ListRoute): ArgSpec<string | undefined>;
export function resourceArg(name: string, description: string, from: ListRoute): ArgSpec<unknown> {
  return { name, description, completeFrom: from };
}
