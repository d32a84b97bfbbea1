// What the word under the cursor is, read from the words before it and the one command's
// definition (no command tree, no commander): the value of a flag, the n-th positional
// argument, or something completion leaves to the script (a flag name). Pure.
import type { ArgSpec, CommandDef } from '../../cli/command.js';
import type { ListRoute } from '../../client/resolve.js';
import { VALUE_OPTIONS } from '../../cli/route.js';

/** The projects the token sees (client/teams.ts reads the same route): the account's list, not a project's. */
export const PROJECTS: ListRoute = { path: '/user/teams', account: true };

/** Global options whose values come from a list: the account's projects. */
export const GLOBAL_SOURCES: Readonly<Record<string, ListRoute>> = { '--project': PROJECTS, '--team': PROJECTS };

export type Place = { kind: 'flag'; flag: string } | { kind: 'arg'; index: number } | { kind: 'other' };

export interface Reading {
  place: Place;
  /** The positional arguments before the cursor, in order. */
  args: string[];
  /** Global options given before the cursor, by long name (`--project` → `staging`). */
  globals: Record<string, string>;
}

/** The names of a flags string (`-f, --follow`, `--profile, --plan <name>`) and whether it takes a value. */
export function flagNames(flags: string): { names: string[]; takesValue: boolean } {
  return { names: flags.split(/[\s,|]+/).filter((w) => w.startsWith('-')), takesValue: /[<[]/.test(flags) };
}

/** Flags that take a value: the global ones and the command's own. */
function valueFlags(def: CommandDef | undefined): Set<string> {
  const own = Object.values(def?.options ?? {}).flatMap((o) => {
    const f = flagNames(o.flags);
    return f.takesValue ? f.names : [];
  });
  return new Set([...VALUE_OPTIONS, ...own]);
}

/**
 * Reads `before` (the words after `infra` up to the cursor): the first `pathLength` words
 * that are not flags name the command, the others are its arguments.
 */
export function readWords(before: readonly string[], def: CommandDef | undefined, pathLength: number): Reading {
  const takesValue = valueFlags(def);
  const globals: Record<string, string> = {};
  const args: string[] = [];
  let pathLeft = pathLength;
  let pending: string | undefined;
  let rest = false;
  for (const word of before) {
    if (pending !== undefined) {
      if (VALUE_OPTIONS.has(pending)) globals[pending] = word;
      pending = undefined;
    } else if (!rest && word === '--') rest = true;
    else if (!rest && word.startsWith('-') && word !== '-') {
      const eq = word.indexOf('=');
      if (eq > 0 && VALUE_OPTIONS.has(word.slice(0, eq))) globals[word.slice(0, eq)] = word.slice(eq + 1);
      else if (eq < 0 && takesValue.has(word)) pending = word;
    } else if (pathLeft > 0) pathLeft--;
    else args.push(word);
  }
  const place: Place = pending !== undefined ? { kind: 'flag', flag: pending } : pathLeft === 0 && def ? { kind: 'arg', index: args.length } : { kind: 'other' };
  return { place, args, globals };
}

/** The argument at a position: past the last one, a variadic last argument (`<id...>`) takes it. */
export function argAt(def: CommandDef, index: number): ArgSpec<unknown> | undefined {
  const last = def.args.at(-1);
  return def.args[index] ?? (last && /\.\.\.[>\]]$/.test(last.name) ? last : undefined);
}

/** Where the values of the word under the cursor come from, if from a list. */
export function sourceOf(reading: Reading, def: CommandDef | undefined): ListRoute | undefined {
  const { place } = reading;
  if (place.kind === 'flag') {
    if (GLOBAL_SOURCES[place.flag]) return GLOBAL_SOURCES[place.flag];
    return Object.values(def?.options ?? {}).find((o) => flagNames(o.flags).names.includes(place.flag))?.completeFrom;
  }
  if (place.kind === 'arg' && def) return argAt(def, place.index)?.completeFrom;
  return undefined;
}

/** The bare name of an argument: `<point-id>` → `point-id`. */
const bare = (name: string) => name.replace(/^[<[]|\.\.\.|[>\]]$/g, '');

/**
 * The route's path with `{name}` replaced by the argument of that name typed before the
 * cursor, as `lookup(name, value)` turns it into a path segment (an id where the route needs
 * one). undefined when a part is missing or cannot be a path segment.
 */
export function fillPath(path: string, reading: Reading, def: CommandDef, lookup: (arg: ArgSpec<unknown>, value: string) => string | undefined): string | undefined {
  let ok = true;
  const filled = path.replace(/\{([a-z-]+)\}/g, (_, name: string) => {
    const at = def.args.findIndex((a) => bare(a.name) === name);
    const value = at >= 0 ? reading.args[at] : undefined;
    const segment = value === undefined ? undefined : lookup(def.args[at]!, value);
    if (segment === undefined || !/^[\w.-]+$/.test(segment)) ok = false;
    return segment ?? '';
  });
  return ok ? filled : undefined;
}
