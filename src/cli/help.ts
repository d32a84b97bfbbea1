// Help conventions over the whole command tree: examples kept as data (the man page,
// completion and the help test read them back), the grouped listing of `infra help`, and a
// walk of every command. Loaded with program.ts on every start: commander types only.
import type { Command } from 'commander';
import { shorthandLine } from './shorthands.js';

// Stored on the command object itself: no registry to keep in sync and nothing module-wide.
const EXAMPLES = Symbol.for('infra.examples');
type WithExamples = Command & { [EXAMPLES]?: string[] };

export function setExamples(cmd: Command, lines: string[]): void {
  const c = cmd as WithExamples;
  c[EXAMPLES] = [...(c[EXAMPLES] ?? []), ...lines];
}

/** The examples a command declares (`examples` of defineCommand), in order. */
export function getExamples(cmd: Command): string[] {
  return (cmd as WithExamples)[EXAMPLES] ?? [];
}

/**
 * The top-level nouns of `infra --help`, grouped, in this order: the one place a noun gets its
 * group. A noun missing here is still listed (under "Other"), and a test fails until it has
 * a group. Nouns other helpers are adding may be listed before they exist: only the commands
 * in the tree are shown.
 */
export const HELP_GROUPS: ReadonlyArray<readonly [heading: string, nouns: readonly string[]]> = [
  ['Compute', ['serverless', 'apps', 'vps', 'volumes', 'kubernetes', 'static-sites', 'registry']],
  ['Data', ['database', 'cache', 'queue', 'storage', 'snapshots', 'recovery', 'parameter-groups']],
  ['Network and access', ['firewalls', 'ssh-keys']],
  ['Observability', ['status', 'logs', 'open', 'operations', 'uptime', 'alerts', 'webhooks', 'notifications', 'health']],
  ['Project as a file', ['export', 'apply']],
  ['Account', ['whoami', 'projects', 'account', 'approvals', 'support', 'partner', 'search', 'auth', 'config', 'context']],
  ['Tool', ['api', 'sim', 'completion', 'help']],
];
export const OTHER_GROUP = 'Other';

export function groupOf(name: string): string {
  return HELP_GROUPS.find(([, names]) => names.includes(name))?.[0] ?? OTHER_GROUP;
}

/** Help is rendered at this width when piped and prebuilt (bin/infra serves it); a terminal gets its own width (helpWidthFor). */
export const HELP_WIDTH = 80;

/** The width help wraps at: a terminal's columns (no narrower than 40), else HELP_WIDTH. */
export function helpWidthFor(out: { isTTY?: boolean; columns?: number }): number {
  return out.isTTY && out.columns ? Math.max(40, out.columns) : HELP_WIDTH;
}

/**
 * The command listing of `infra --help`: one line per group naming its nouns (wrapped at the
 * help's width), so it stays one screen however many nouns there are; each noun's verbs and
 * description are in `infra <noun> --help`. A noun with a shorthand shows it: `database (db)`.
 */
export function groupedListing(names: readonly { name: string; aliases: readonly string[] }[], width = HELP_WIDTH): string {
  const groups = [...HELP_GROUPS.map(([heading]) => heading), OTHER_GROUP];
  const column = Math.max(...[...groups, 'Shorthands'].map((g) => g.length)) + 4;
  const lines = ['Commands (infra <command> --help shows its subcommands):'];
  for (const heading of groups) {
    const listed = HELP_GROUPS.find(([h]) => h === heading)?.[1];
    const members = listed ? listed.flatMap((noun) => names.filter((n) => n.name === noun)) : names.filter((n) => groupOf(n.name) === OTHER_GROUP);
    const words = members.map((n) => (n.aliases.length ? `${n.name} (${n.aliases.join(', ')})` : n.name));
    if (words.length > 0) lines.push(...row(heading, words, column, width));
  }
  // Said once here, not beside every list/get/delete: they work wherever the long word does.
  lines.push(...row('Shorthands', shorthandLine('\n').split('\n'), column, width));
  return lines.join('\n');
}

/** A heading and its words, wrapped at `width` under the words' column. */
function row(heading: string, words: readonly string[], column: number, width: number): string[] {
  const lines: string[] = [];
  let line = `  ${heading}`.padEnd(column);
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 2 + word.length > width) {
      lines.push(line);
      [line, empty] = [' '.repeat(column), true];
    }
    line += empty ? word : `  ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}

/**
 * A command that only groups subcommands (`infra serverless`) shows a few of its
 * subcommands' examples, so that every --help ends with something to copy.
 */
export function addGroupExamples(cmd: Command, add: (cmd: Command, lines: string[]) => void): void {
  for (const sub of cmd.commands) addGroupExamples(sub, add);
  if (cmd.parent && cmd.commands.length > 0 && getExamples(cmd).length === 0) {
    const lines = cmd.commands.map((sub) => getExamples(sub)[0]).filter((l): l is string => !!l);
    if (lines.length > 0) add(cmd, lines.slice(0, 6));
  }
}

export interface CommandEntry {
  /** Words after `infra`, e.g. ['serverless', 'logs']. */
  path: string[];
  cmd: Command;
}

/** Every command below `root` (depth first, registration order), not the implicit help commands. */
export function walkCommands(root: Command, path: string[] = []): CommandEntry[] {
  const out: CommandEntry[] = [];
  for (const cmd of root.commands) {
    const p = [...path, cmd.name()];
    out.push({ path: p, cmd }, ...walkCommands(cmd, p));
  }
  return out;
}

/** The first thing a new user reads (`infra --help`): four commands to copy, the settings, where to start. */
export const ROOT_EXAMPLES: readonly string[] = [
  'infra auth login',
  'infra serverless list',
  'infra serverless update web --image registry.example.com/acme/web:1.1 --wait',
  'infra serverless diagnose web',
];

export const ROOT_NOTES = `Environment:
  INFRA_TOKEN          API token (wins over the one infra auth login stored)
  INFRA_API_URL        service host (same as --api-url)
  INFRA_PROJECT        project id or name (same as --project)
  INFRA_HTTP_TIMEOUT   time limit of each request, retries included (e.g. 30s)
  NO_COLOR, CI         no colour; with CI also no spinners and no prompts
  All of them: infra help environment. In effect now: infra config list.

Help topics:
  infra help environment, infra help exit-codes, infra help formatting

Where to start:
  infra auth login, then infra serverless list. No account at hand? infra sim
  runs a local simulator of the API and prints the two variables to export.
`;
