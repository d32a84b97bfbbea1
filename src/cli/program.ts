// The command tree: the global options on `infra`, then the commands given (every one for
// help, the man page and completion; the one that runs otherwise, see run.ts). Commands are
// typed definitions (command.ts) listed in src/commands/index.ts.
import { Command, Help, InvalidArgumentError, Option } from 'commander';
import { contextNameProblem } from './contexts.js';
import type { CommandDef } from './command.js';
import { addGroupExamples, groupedListing, HELP_WIDTH, ROOT_EXAMPLES, ROOT_NOTES } from './help.js';
import { addExamples, attach, type Groups, type Handler } from './tree.js';
import { VERSION } from './version.js';

export { helpWidthFor } from './help.js';

export interface Wiring {
  handler: Handler;
  /** Applied before any subcommand exists, so every subcommand inherits it. */
  configure?: (program: Command) => void;
  /** Columns help wraps at: the terminal's when help goes to one, else HELP_WIDTH (what bin/infra serves prebuilt). */
  helpWidth?: number;
}

export function buildProgram(defs: readonly CommandDef[], groups: Groups, wiring: Wiring): Command {
  const program = new Command('infra')
    .description('Command-line client for the Infrastructure Management API v1')
    .version(`infra ${VERSION}`, '-V, --version', 'print the version')
    .addOption(new Option('--api-url <url>', 'service host, default https://danubedata.ro (env INFRA_API_URL)'))
    .option('--allow-http', 'allow plain http:// to a host that is not loopback (env INFRA_ALLOW_HTTP=1)')
    .addOption(new Option('--project <id>', 'project (team) id or name, sent as X-Team-Id (env INFRA_PROJECT)'))
    .addOption(new Option('--team <id>', 'alias of --project (env INFRA_TEAM)'))
    .addOption(new Option('--context <name>', 'the context (API URL, token, project) for this command (env INFRA_CONTEXT)').argParser(contextName))
    .option('--json', 'machine output on stdout')
    .addOption(new Option('--query <expr>', "shape JSON output with a JMESPath expression (implies --json), e.g. --query '[].name'"))
    .addOption(new Option('--columns <names>', 'table columns to show, by header, in this order (comma-separated)'))
    .option('--no-headers', 'tables without their header line')
    .option('--no-color', 'no ANSI colour (env NO_COLOR)')
    .option('--debug', 'trace HTTP requests and retries to stderr (env INFRA_DEBUG=1)')
    .option('-q, --quiet', 'no progress output on stderr')
    .showSuggestionAfterError(true)
    .showHelpAfterError(false)
    .helpCommand('help [command]', 'show help for a command');
  // HELP_WIDTH unless told the terminal's: piped help reads the same everywhere, and bin/infra
  // serves it prebuilt (it renders anew only on a terminal of another width).
  const helpWidth = wiring.helpWidth ?? HELP_WIDTH;
  // `infra --help` lists its commands grouped, one line per group (help.ts), in place of
  // commander's one line per command; every other command lists its subcommands as usual.
  program.configureHelp({
    sortSubcommands: false,
    showGlobalOptions: true,
    helpWidth,
    visibleCommands(cmd: Command) {
      return cmd.parent ? Help.prototype.visibleCommands.call(this, cmd) : [];
    },
  });
  wiring.configure?.(program);
  for (const def of defs) attach(program, def, groups, wiring.handler);
  program.addHelpText('after', () => `\n${groupedListing([...program.commands.map((c) => ({ name: c.name(), aliases: c.aliases() })), { name: 'help', aliases: [] }], helpWidth)}`);
  addGroupExamples(program, addExamples);
  addExamples(program, ROOT_EXAMPLES).addHelpText('after', ROOT_NOTES);
  return program;
}

/** --context: a name a context could have (one that does not exist is said when the command needs it). */
function contextName(value: string): string {
  const problem = contextNameProblem(value.trim());
  if (problem) throw new InvalidArgumentError(`--context: ${problem}.`);
  return value.trim();
}
