// Short words people type for long ones: the provider's own CLI accepts them, and users who
// arrive from it type them. One table, applied wherever the long word is a command (every
// family's list/get/delete, and the ones added later), so no command declares them itself.
// Routing (route.ts) and the command tree (tree.ts) read it; help, the man page and
// completion say it once (as a table) instead of listing each shorthand beside its command.

/** shorthand → the word it stands for. */
export const SHORTHANDS: ReadonlyMap<string, string> = new Map([
  ['db', 'database'],
  ['k8s', 'kubernetes'],
  ['ls', 'list'],
  ['rm', 'delete'],
  ['show', 'get'],
]);

/** The shorthands of a command word (`list` → ['ls']). */
export function shorthandsOf(word: string): string[] {
  return [...SHORTHANDS].filter(([, long]) => long === word).map(([short]) => short);
}

/** Whether `alias` of the command `name` comes from this table (not declared by the command). */
export function isShorthand(alias: string, name: string): boolean {
  return SHORTHANDS.get(alias) === name;
}

/** The word a typed word means among the words known at that place: itself, or what its shorthand stands for. */
export function expandWord(typed: string, known: readonly string[]): string {
  if (known.includes(typed)) return typed;
  const long = SHORTHANDS.get(typed);
  return long !== undefined && known.includes(long) ? long : typed;
}

/** `db = database, ls = list, ...`: the table as one line of help. */
export function shorthandLine(separator = ', '): string {
  return [...SHORTHANDS].map(([short, long]) => `${short} = ${long}`).join(separator);
}
