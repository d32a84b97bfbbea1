// The command tree. Command modules are imported only when their command runs, so
// `--help` and `--version` load nothing but commander.
import { Command, InvalidArgumentError, Option } from 'commander';
import type { CommandRun } from './app.js';
import { VERSION } from './version.js';
import { registerFamilies } from '../commands/index.js';
import { addGroupExamples, applyHelpGroups, groupOf, setExamples } from './help.js';

export type Loader = () => Promise<{ run: CommandRun }>;
export type ActionFactory = (loader: Loader) => (...args: unknown[]) => Promise<void>;

export interface Wiring {
  action: ActionFactory;
  /** Applied before any subcommand exists, so every subcommand inherits it. */
  configure?: (program: Command) => void;
}

export function buildProgram(wiring: Wiring): Command {
  const program = new Command('infra')
    .description('Command-line client for the Infrastructure Management API v1')
    .version(VERSION, '-V, --version', 'print the version')
    .addOption(new Option('--api-url <url>', 'service host (env INFRA_API_URL)'))
    .addOption(new Option('--project <id>', 'project (team) id or name, sent as X-Team-Id (env INFRA_PROJECT)'))
    .addOption(new Option('--team <id>', 'alias of --project (env INFRA_TEAM)'))
    .option('--json', 'machine output on stdout')
    .option('--no-color', 'no ANSI colour (env NO_COLOR)')
    .option('--debug', 'trace HTTP requests and retries to stderr (env INFRA_DEBUG=1)')
    .option('-q, --quiet', 'no progress output on stderr')
    .showSuggestionAfterError(true)
    .showHelpAfterError(false)
    .helpCommand('help [command]', 'show help for a command');
  // A fixed width: help reads the same on every terminal, and bin/infra can serve it prebuilt.
  program.configureHelp({ sortSubcommands: false, showGlobalOptions: true, helpWidth: 80 });
  wiring.configure?.(program);
  registerFamilies(program, wiring.action);
  applyHelpGroups(program);
  // A help command of its own, in the Tools group; subcommands keep the ungrouped one they copied.
  program.commandsGroup(groupOf('help')).helpCommand('help [command]', 'show help for a command');
  addGroupExamples(program, examples);
  return program;
}

/** Adds an Examples section to a command's --help. */
export function examples(cmd: Command, lines: string[]): Command {
  setExamples(cmd, lines);
  return cmd.addHelpText('after', `\nExamples:\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
}

/** The paging options every list command shares (`pageQuery` in src/output/list.ts reads them). */
export function pageOptions(cmd: Command): Command {
  return cmd
    .option('--page <n>', 'page to show', intOption('--page'))
    .option('--per-page <n>', 'items per page', intOption('--per-page'))
    .option('--all', 'follow every page');
}

/** commander argParser for whole numbers in [min, max], with the flag named in the error. */
export function intOption(name: string, min = 1, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      const range = max < Number.MAX_SAFE_INTEGER ? ` from ${min} to ${max}` : min > 0 ? ` of at least ${min}` : '';
      throw new InvalidArgumentError(`${name} must be a whole number${range}.`);
    }
    return n;
  };
}
