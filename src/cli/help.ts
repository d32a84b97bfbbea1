// Help conventions over the whole command tree: examples kept as data (the man page,
// completion and the help test read them back), family groups in `infra help`, and a walk
// of every command. Loaded with program.ts on every start: commander types only.
import type { Command } from 'commander';

// Stored on the command object itself: no registry to keep in sync and nothing module-wide.
const EXAMPLES = Symbol.for('infra.examples');
type WithExamples = Command & { [EXAMPLES]?: string[] };

export function setExamples(cmd: Command, lines: string[]): void {
  const c = cmd as WithExamples;
  c[EXAMPLES] = [...(c[EXAMPLES] ?? []), ...lines];
}

/** The examples given with `examples(cmd, [...])`, in order. */
export function getExamples(cmd: Command): string[] {
  return (cmd as WithExamples)[EXAMPLES] ?? [];
}

/** Families in `infra help`, in this order. A family missing here lands in "Other Commands:". */
export const HELP_GROUPS: ReadonlyArray<readonly [heading: string, names: readonly string[]]> = [
  ['Core Commands:', ['auth', 'config']],
  ['Compute Commands:', ['serverless', 'vps', 'volumes', 'static-sites']],
  ['Data Commands:', ['database', 'cache', 'queue', 'parameter-groups', 'storage', 'snapshots', 'recovery']],
  ['Network and Access Commands:', ['firewalls', 'ssh-keys', 'webhooks', 'projects', 'operations']],
  ['Tools:', ['api', 'sim', 'completion', 'help']],
];
export const OTHER_GROUP = 'Other Commands:';

export function groupOf(name: string): string {
  return HELP_GROUPS.find(([, names]) => names.includes(name))?.[0] ?? OTHER_GROUP;
}

/** Puts each top-level command in its family group. Called after every family registered. */
export function applyHelpGroups(program: Command): void {
  for (const cmd of program.commands) cmd.helpGroup(groupOf(cmd.name()));
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
  All of them: man infra. The settings in effect: infra config list.

Where to start:
  infra auth login, then infra serverless list. No account at hand? infra sim
  runs a local simulator of the API and prints the two variables to export.
`;
