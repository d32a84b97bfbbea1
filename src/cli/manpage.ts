// man/infra.1, rendered from the live command tree (every command, its arguments, flags and
// examples) plus the fixed sections: environment, exit status, files.
// Deterministic (no date) so that a test can tell when the committed page is out of date.
import type { Command, Option } from 'commander';
import { getExamples, walkCommands, type CommandEntry } from './help.js';
import { EXIT_CODES } from '../shared/exit-codes.js';
import { isShorthand, shorthandLine } from './shorthands.js';

export const ENVIRONMENT: ReadonlyArray<readonly [string, string]> = [
  ['INFRA_API_URL', 'Service host; the client appends /api/v1/... (same as --api-url).'],
  ['INFRA_TOKEN', 'API token. Takes precedence over the token stored by infra auth login. There is no token flag: it would leak into shell history and process lists.'],
  ['INFRA_PROJECT', 'Project (team) id or name, sent as X-Team-Id (same as --project); a name is looked up once in GET /api/v1/user/teams.'],
  ['INFRA_TEAM', 'Alias of INFRA_PROJECT; both set to different values is a usage error.'],
  ['INFRA_CONFIG_DIR', 'Directory of the config file, instead of the user config directory.'],
  ['INFRA_DEBUG', 'Set to 1 to trace HTTP requests, responses, timing and retries to standard error (same as --debug). The token is shown as Bearer ***.'],
  ['INFRA_ERROR_FORMAT', "json: every failure is one line of JSON on standard error (as with --json; see 'infra help formatting'); text: the error: and hint: lines even with --json."],
  ['INFRA_MAX_RETRIES', 'Attempts for retryable requests (GET on network errors, 429, 502, 503, 504).'],
  ['INFRA_REMEMBER_NAMES', 'Set to 0 to look every name up in the list, never by the id an earlier command found for it (scripts that count requests, tests).'],
  [
    'INFRA_HTTP_TIMEOUT',
    'Time limit of each HTTP request, its retries and the waits between them included, as a duration (30s, 2m; a bare number is milliseconds). Default 60s. Past it the command ends with exit 7.',
  ],
  ['NO_COLOR', 'Any value turns ANSI colour off (same as --no-color).'],
  ['FORCE_COLOR', 'Colour even when the output is not a terminal (0 turns it off).'],
  ['HTTPS_PROXY, HTTP_PROXY, NO_PROXY', 'Proxy for HTTPS and HTTP requests, and hosts reached directly (lower-case names are honoured too).'],
  [
    'INFRA_CONSOLE_URL',
    'The console that auth login --web signs in through (default: the API host with console. in front, over https; a loopback API is its own). https, or http to this machine only.',
  ],
  ['CI', 'When set, no spinners and no prompts: progress is one plain line per state change.'],
];

/** Conventions of other programs that infra also follows: in the man page and `infra help environment`. */
export const CONVENTIONS: ReadonlyArray<readonly [string, string]> = [
  [
    'INFRA_CACHE_DIR',
    'Directory of the compile cache, of the names shell completion offers and of the ids names resolved to (kept ten minutes), instead of $XDG_CACHE_HOME/infra. Disposable: it holds no settings or secrets.',
  ],
  ['XDG_CONFIG_HOME', 'The config file is $XDG_CONFIG_HOME/infra/config.json (default ~/.config; %APPDATA%\\infra on Windows) unless INFRA_CONFIG_DIR is set.'],
  ['XDG_CACHE_HOME', 'The cache is $XDG_CACHE_HOME/infra (default ~/.cache/infra). A relative value is ignored, as the XDG rules say.'],
  ['CLICOLOR, CLICOLOR_FORCE', 'CLICOLOR=0 turns colour off on a terminal; CLICOLOR_FORCE (not 0) turns it on even when piped. NO_COLOR and FORCE_COLOR come first.'],
  ['TERM', 'dumb turns colour off on a terminal.'],
  ['GITHUB_ACTIONS, GITHUB_STEP_SUMMARY', 'On GitHub Actions a failed or degraded wait also prints an ::error annotation, and every finished wait appends a row to the job summary file.'],
];

/** Text for roff: backslashes and dashes escaped, no line starting with a control character. */
export function roffText(s: string): string {
  return s
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .split('\n')
    .map((l) => (/^[.']/.test(l) ? `\\&${l}` : l))
    .join('\n');
}

const bold = (s: string) => `\\fB${roffText(s)}\\fR`;
const italic = (s: string) => `\\fI${roffText(s)}\\fR`;

function optionTerm(o: Option): string {
  const [flags, value] = [o.flags.replace(/\s*[<[].*$/, ''), /[<[].*$/.exec(o.flags)?.[0]];
  return bold(flags) + (value ? ` ${italic(value)}` : '');
}

function optionText(o: Option): string {
  const extra: string[] = [];
  if (o.argChoices) extra.push(`one of: ${o.argChoices.join(', ')}`);
  if (o.defaultValue !== undefined && !o.negate && typeof o.defaultValue !== 'boolean') extra.push(`default: ${String(o.defaultValue)}`);
  return roffText(o.description + (extra.length ? ` (${extra.join('; ')})` : ''));
}

function optionsBlock(options: readonly Option[]): string[] {
  return options.filter((o) => !o.hidden).flatMap((o) => ['.TP', optionTerm(o), optionText(o)]);
}

/** Help text a command adds after its options, other than the Examples block. */
export function afterHelpNotes(cmd: Command): string {
  let text = '';
  // commander's Command is an EventEmitter; its typings do not say so.
  (cmd as unknown as NodeJS.EventEmitter).emit('afterHelp', { error: false, command: cmd, write: (s: string) => ((text += s), true) });
  return text.replace(/\nExamples:\n(?: {2}.*\n)+/g, '').trim();
}

export function usage(path: string[], cmd: Command): string {
  const args = cmd.registeredArguments.map((a) => {
    const name = a.name() + (a.variadic ? '...' : '');
    return a.required ? `<${name}>` : `[${name}]`;
  });
  const opts = cmd.options.some((o) => !o.hidden) ? ['[options]'] : [];
  return ['infra', ...path, ...opts, ...args].join(' ');
}

function commandSection(path: string[], cmd: Command): string[] {
  const out = ['.SS ' + `"${roffText(usage(path, cmd)).replace(/"/g, '""')}"`, roffText(cmd.description())];
  // Shorthands (ls, rm, show, db) are said once, at the top of COMMANDS, not beside every command.
  const aliases = cmd.aliases().filter((a) => !isShorthand(a, cmd.name()));
  if (aliases.length) out.push('.br', roffText(`Alias: ${aliases.map((a) => [...path.slice(0, -1), a].join(' ')).join(', ')}`));
  if (cmd.commands.length) out.push('.br', `Subcommands: ${cmd.commands.map((c) => bold(c.name())).join(', ')}.`);
  const args = cmd.registeredArguments.filter((a) => a.description || a.argChoices);
  for (const a of args) {
    out.push('.TP', italic(a.name()), roffText(a.description + (a.argChoices ? ` (one of: ${a.argChoices.join(', ')})` : '')));
  }
  out.push(...optionsBlock(cmd.options));
  const notes = afterHelpNotes(cmd);
  if (notes)
    out.push(
      '.PP',
      ...roffText(notes)
        .split(/\n\s*\n/)
        .flatMap((p, i) => (i ? ['.PP', p] : [p])),
    );
  return out;
}

/**
 * Each example once, under its family: an example already names its command, so a heading
 * per command would only repeat it (and a group's help borrows its subcommands' examples).
 */
function examplesByFamily(commands: CommandEntry[]): Map<string, string[]> {
  const seen = new Set<string>();
  const byFamily = new Map<string, string[]>();
  for (const { path, cmd } of commands) {
    if (cmd.commands.length > 0) continue;
    for (const line of getExamples(cmd)) {
      if (seen.has(line)) continue;
      seen.add(line);
      const family = `infra ${path[0]!}`;
      byFamily.set(family, [...(byFamily.get(family) ?? []), line]);
    }
  }
  return byFamily;
}

function exampleBlock(lines: string[]): string[] {
  return ['.PP', '.RS 4', '.nf', ...lines.map(roffText), '.fi', '.RE'];
}

export function renderManPage(program: Command, version: string): string {
  const commands = walkCommands(program);
  const out: string[] = [
    '.\\" Generated by scripts/man.mjs from the command tree; do not edit. Run: npm run man',
    `.TH INFRA 1 "" "infra ${roffText(version)}" "User Commands"`,
    '.SH NAME',
    `infra \\- ${roffText(program.description())}`,
    '.SH SYNOPSIS',
    `${bold('infra')} [${italic('global options')}] ${italic('command')} [${italic('subcommand')}] [${italic('options')}] [${italic('arguments')}]`,
    '.SH DESCRIPTION',
    roffText(
      'infra manages serverless containers, VPS, databases, caches and their recovery points through the Infrastructure Management API v1. Commands are noun-verb, like gh. Standard output carries data only (tables on a terminal, tab-separated rows when piped, JSON with --json); progress, hints and warnings go to standard error.',
    ),
    '.PP',
    roffText('Settings are taken from a flag, else the environment, else the config file (infra config), else the default.'),
    '.SH GLOBAL OPTIONS',
    roffText('Accepted before or after the subcommand.'),
    ...optionsBlock(program.options),
    '.TP',
    `${bold('-h, --help')}`,
    roffText('Show help for the command; infra help <command> does the same.'),
    '.SH COMMANDS',
    roffText(`Shorthands, accepted wherever the long word is a command: ${shorthandLine()} (infra db ls is infra database list).`),
  ];
  for (const { path, cmd } of commands) out.push(...commandSection(path, cmd));
  out.push('.SH ENVIRONMENT');
  for (const [name, text] of [...ENVIRONMENT, ...CONVENTIONS]) out.push('.TP', bold(name), roffText(text));
  out.push('.SH EXIT STATUS');
  for (const [code, text] of EXIT_CODES) out.push('.TP', bold(String(code)), roffText(sentence(text)));
  out.push(
    '.SH FILES',
    '.TP',
    italic('$XDG_CONFIG_HOME/infra/config.json'),
    roffText(
      'Settings and the stored token (mode 0600); $XDG_CONFIG_HOME defaults to ~/.config. $INFRA_CONFIG_DIR/config.json when INFRA_CONFIG_DIR is set. infra config path prints the path in use.',
    ),
    '.SH EXAMPLES',
  );
  for (const [family, lines] of examplesByFamily(commands)) out.push('.SS ' + roffText(family), ...exampleBlock(lines));
  out.push('.SH SEE ALSO', roffText('infra help <command>, infra completion <shell>, infra sim (a local simulator of the API).'), '');
  return out.join('\n');
}

/** A table line as a man page sentence: capitalised, ended, without Markdown backticks. */
function sentence(text: string): string {
  const plain = text.replace(/`/g, '');
  return `${plain[0]!.toUpperCase()}${plain.slice(1)}.`;
}

/** The README's exit-code table (Markdown), generated like the man page's section. */
export function exitCodeTable(): string {
  return ['| code | meaning |', '|---|---|', ...EXIT_CODES.map(([code, text]) => `| ${code} | ${text} |`)].join('\n');
}
