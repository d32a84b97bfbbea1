// Help topics, as gh has them (`infra help environment`): pages about the program as a whole
// rather than one command. Each is rendered from the table the code itself uses (the
// variables of the man page, the exit-code table), so the topic cannot say something the
// program does not do. Loaded only when a topic is asked for, and by the docs generator.
import { EXIT_CODES, RUN_EXIT_RULES } from '../shared/exit-codes.js';
import { HELP_TOPIC_NAMES, type HelpTopicName } from './help-topic-names.js';
import { CONVENTIONS, ENVIRONMENT } from './manpage.js';

export interface HelpTopic {
  name: HelpTopicName;
  /** One line, for the topic list and the page title. */
  summary: string;
  /** The page, at most 80 columns wide, ending with a newline. */
  text(): string;
}

const WIDTH = 80;

/** Words of `text` in lines of at most WIDTH columns, each starting with `indent`. */
export function wrap(text: string, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.replace(/`/g, '').split(/\s+/).filter(Boolean)) {
    if (line && indent.length + line.length + 1 + word.length > WIDTH) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines;
}

function entries(rows: ReadonlyArray<readonly [string, string]>): string[] {
  return rows.flatMap(([name, text]) => [`  ${name}`, ...wrap(text, '      ')]);
}

/** Rows of a short key (an exit code) and its text on the same line, the text wrapped under itself. */
function table(rows: ReadonlyArray<readonly [string, string]>): string[] {
  const column = Math.max(...rows.map(([key]) => key.length)) + 4;
  return rows.flatMap(([key, text]) => {
    const [first, ...rest] = wrap(text, ' '.repeat(column));
    return [`  ${key}`.padEnd(column) + first!.trimStart(), ...rest];
  });
}

function page(paragraphs: (string | string[])[]): string {
  return `${paragraphs.map((p) => (typeof p === 'string' ? wrap(p, '').join('\n') : p.join('\n'))).join('\n\n')}\n`;
}

const ALL = [...ENVIRONMENT, ...CONVENTIONS];

const environment: HelpTopic = {
  name: 'environment',
  summary: 'the environment variables infra reads',
  text: () =>
    page([
      'The variables infra reads. Where a flag or the config file (infra config) sets the same thing, the flag wins over the variable, the variable over the config file, the config file over the default.',
      ['Variables of infra:', ...entries(ALL.filter(([name]) => name.startsWith('INFRA_')))],
      ['Conventions of other tools that infra follows:', ...entries(ALL.filter(([name]) => !name.startsWith('INFRA_')))],
      'There is no variable or flag that prints the token, and no token flag. infra config list shows the settings in effect and where each comes from.',
    ]),
};

const exitCodes: HelpTopic = {
  name: 'exit-codes',
  summary: 'what each exit code means',
  text: () =>
    page([
      'Every command ends with one of these codes; scripts can rely on them.',
      table(EXIT_CODES.map(([code, text]) => [String(code), text])),
      'A one-off run that is waited for (serverless run --wait, serverless runs wait) ends with the outcome of the run itself, as docker run does:',
      table(RUN_EXIT_RULES),
      'The table above still holds around a run: 6 when the wait gives up, 130 or 143 when interrupted (the run goes on), 2 for bad input, 5 for an unknown run. The error line says which meaning applies when a code could be either.',
    ]),
};

const formatting: HelpTopic = {
  name: 'formatting',
  summary: 'output: tables, TSV, JSON, NDJSON, colour',
  text: () =>
    page([
      'Standard output carries data only. Progress, spinners, hints, warnings and errors go to standard error, so infra ... | jq and $(infra ...) always see data.',
      [
        'On a terminal:',
        ...wrap(
          'lists are tables fitted to the width of the terminal: ids shortened to their shortest unique prefix (8 characters or more, accepted back wherever an id is), long text cut between words, and the columns a reader misses least left out, said in one line on stderr. --wide shows every column whole. One resource is shown as aligned key: value lines. Secrets are masked unless --show-secrets.',
          '  ',
        ),
      ],
      [
        'Piped or redirected:',
        ...wrap(
          'tables become tab-separated values (TSV) with one header line, written as pages arrive, never cut and without colour, so cut -f2 and awk work on lists of any length. Progress is one timestamped line per change of state. -q silences progress and hints (errors are always printed; the header line stays).',
          '  ',
        ),
      ],
      [
        'JSON:',
        ...wrap(
          "--json prints the API's JSON for the command, fields infra does not know included. A list prints one array of its items; logs print NDJSON, one entry per line as it arrives; a wait prints one object at the end. --progress json turns a wait's progress on stderr into NDJSON events. infra config set output json makes JSON the default.",
          '  ',
        ),
      ],
      [
        'Queries and columns:',
        ...wrap(
          "--query EXPR shapes the JSON with a JMESPath expression (jmespath.org) and implies --json: the object of a get, the whole array of a list (--query '[].name', --query 'length(@)', --query \"[?status=='running'].id\"). On NDJSON (logs) it applies to each entry as a list of one, one result per line, so the same filter works on both. A bad expression is exit 2 before any request. --columns name,status picks and orders a table's columns by header (any case); an unknown one is exit 2 naming the valid ones. --no-headers drops the header line, piped or not.",
          '  ',
        ),
      ],
      [
        'Errors as JSON:',
        ...wrap(
          'With --json or --query (or INFRA_ERROR_FORMAT=json; =text keeps text) a failure is one line of JSON on stderr, the last line: {"error": {"code", "message", "exit_code", "http_status", "retryable", "fields", "hint", "details", "request": {"method", "path"}}}. code is the API\'s own error code when it gave one, else one of: usage, ambiguous_name, validation, auth, forbidden, not_found, conflict, rate_limited, request_timeout, network, unavailable, bad_response, incomplete_list, unexpected, run_failed, run_timed_out, run_cancelled, or the exit code\'s name (failed, degraded, timeout, interrupted, terminated...). retryable is true where trying later may help.',
          '  ',
        ),
      ],
      [
        'Colour, decided in this order:',
        ...wrap(
          '--no-color turns it off; then NO_COLOR (any value) off; then FORCE_COLOR or CLICOLOR_FORCE on (FORCE_COLOR=0 off); then CLICOLOR=0 off; otherwise colour only when the stream is a terminal and TERM is not dumb.',
          '  ',
        ),
      ],
    ]),
};

/** The topics, in the order `infra --help` lists them. */
export const HELP_TOPICS: readonly HelpTopic[] = [environment, exitCodes, formatting];

// The two lists must name the same topics: routing reads the names without loading this file.
for (const name of HELP_TOPIC_NAMES) if (!HELP_TOPICS.some((t) => t.name === name)) throw new Error(`help topic ${name} has no page`);

export function helpTopic(name: string): HelpTopic | undefined {
  return HELP_TOPICS.find((t) => t.name === name);
}
