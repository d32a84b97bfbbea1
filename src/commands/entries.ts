// How a line of the command index (index.ts) names a command: its path, and how its definition
// is loaded (a module's default export, a module that makes several, a family's generic verb).
import type { CommandDef } from '../cli/command.js';
import type { FamilySpec } from './resource/family.js';
import { makeVerb } from './resource/verbs.js';

export interface CommandEntry {
  /** Words after `infra`, space-separated. */
  path: string;
  /** Other last words that run the same command (`cache credentials`); the definition declares them too. */
  aliases?: readonly string[];
  load(): Promise<CommandDef>;
}

export const at = (path: string, load: () => Promise<{ default: CommandDef }>, aliases?: readonly string[]): CommandEntry => ({ path, aliases, load: async () => (await load()).default });

/** Made once, like a module's default export: a second load (help, then the run) gets the same definition. */
function once(make: () => Promise<CommandDef>): () => Promise<CommandDef> {
  let def: Promise<CommandDef> | undefined;
  return () => (def ??= make());
}

/** A command a module makes with a factory of its own (`toggleCommand('pause')`). */
const made = <M>(path: string, load: () => Promise<M>, make: (module: M) => CommandDef): CommandEntry => ({ path, load: once(async () => make(await load())) });

export interface FamilyEntry {
  /** The family's command words: `vps`, `storage buckets`. */
  command: string;
  load(): Promise<FamilySpec>;
}

/** Every family whose descriptor lists generic verbs (a test holds each verb against a line here). */
export const FAMILIES: FamilyEntry[] = [];

/** The lines of one family's generic verbs: `vps('list')` is `infra vps list`, made from the descriptor. */
export function family(command: string, load: () => Promise<FamilySpec>): (word: string, aliases?: readonly string[]) => CommandEntry {
  FAMILIES.push({ command, load });
  return (word, aliases) => ({ path: `${command} ${word}`, aliases, load: once(async () => makeVerb(await load(), word)) });
}

/** One module that makes several commands: `tickets('support list', (m) => m.listCommand)`. */
export const commandsOf =
  <M>(load: () => Promise<M>) =>
  (path: string, make: (module: M) => CommandDef): CommandEntry =>
    made(path, load, make);
