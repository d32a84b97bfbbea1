// run(argv, ctx) → exit code. The only place errors become exit codes and stderr lines;
// bin/infra is the only place the process exits.
import type { Command } from 'commander';
import { App } from '../cli/app.js';
import type { Context } from '../cli/context.js';
import { classify } from '../cli/exit-codes.js';
import { ExitCode } from '../shared/exit-codes.js';
import { CliError } from '../cli/errors.js';
import { readConfig } from '../cli/config.js';
import { resolveSettings, type GlobalFlags } from '../cli/settings.js';
import { usageLines } from '../cli/usage-message.js';
import { wrapHint } from '../cli/error-hints.js';
import type { CommandEntry } from '../commands/index.js';
import { closest, route, type Known, type Route } from '../cli/route.js';
import { systemClock } from '../client/clock.js';
import { colorEnabled, makeStyle } from '../output/color.js';
import { guardStream, rawStream } from '../output/terminal-guard.js';
import { errorJson, usageJson, wantsJsonErrors, type ErrorJson } from '../cli/error-json.js';

export function defaultContext(overrides: Partial<Context> = {}): Context {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // Made on first use: on a file or /dev/null process.stdin is an fs.ReadStream, which loads
    // node:fs/promises and readline (~4% of a command's start-up) for commands that never read it.
    get stdin() {
      return process.stdin;
    },
    env: process.env,
    clock: systemClock,
    signal: new AbortController().signal,
    commandTree: async () => (await import('./load-tree.js')).loadTree(),
    ...overrides,
  };
}

async function withPrompter(ctx: Context): Promise<Context> {
  if (ctx.prompter) return ctx;
  // process.stdin not made yet (defaultContext): asked of the descriptor, not of the stream.
  const lazyStdin = Object.getOwnPropertyDescriptor(ctx, 'stdin')?.get !== undefined;
  if (!(lazyStdin ? (await import('node:tty')).isatty(0) : ctx.stdin.isTTY && ctx.stdin === process.stdin)) return ctx;
  const { ttyPrompter } = await import('../cli/prompt.js');
  return { ...ctx, prompter: ttyPrompter(process.stdin, process.stderr) };
}

/** Every command path the list knows, with its aliases, for routing. */
export function knownPaths(commands: readonly CommandEntry[]): Known[] {
  return commands.flatMap((c) => [c.path, ...(c.aliases ?? []).map((a) => [...c.path.split(' ').slice(0, -1), a].join(' '))].map((path) => ({ path })));
}

function entryAt(commands: readonly CommandEntry[], path: string[]): CommandEntry | undefined {
  const words = path.join(' ');
  return commands.find((c) => c.path === words || (c.aliases ?? []).some((a) => [...c.path.split(' ').slice(0, -1), a].join(' ') === words));
}

export async function run(argv: string[], overrides: Partial<Context> = {}): Promise<number> {
  const ctx = defaultContext(overrides);
  // Every write for a person passes the terminal guard; exact data asks for rawStream().
  ctx.stdout = guardStream(ctx.stdout);
  ctx.stderr = guardStream(ctx.stderr);
  let app: App | undefined;
  let code: number = ExitCode.OK;
  try {
    const [{ buildProgram, helpWidthFor }, { optionValues }, { COMMANDS, GROUPS }] = await Promise.all([import('../cli/program.js'), import('../cli/tree.js'), import('../commands/index.js')]);
    const where = route(argv, knownPaths(COMMANDS));
    if (where.kind === 'unknown') return unknownCommand(ctx, where, wantsJsonErrors(argv, ctx.env));
    if (where.kind === 'topic') return await helpTopicPage(ctx, where.name);
    // Only the command that runs is loaded; help and a bare group need the whole tree.
    const entry = where.kind === 'command' ? entryAt(COMMANDS, where.path) : undefined;
    const wanted = entry ? [entry] : where.kind === 'root' ? [] : COMMANDS;
    const defs = await Promise.all(wanted.map((c) => c.load()));
    const commanderErrors: string[] = [];
    const program = buildProgram(defs, GROUPS, {
      helpWidth: helpWidthFor(ctx.stdout),
      configure: (p) =>
        p.exitOverride().configureOutput({
          writeOut: (s) => ctx.stdout.write(s),
          writeErr: (s) => ctx.stderr.write(s),
          outputError: (s) => commanderErrors.push(s),
        }),
      handler:
        (def) =>
        async (...actionArgs: unknown[]) => {
          const command = actionArgs[actionArgs.length - 1] as Command;
          const flags = command.optsWithGlobals() as GlobalFlags;
          // --context is handed on as INFRA_CONTEXT: every read and write of the config (and any
          // infra this run starts) then acts on the context chosen, the flag beating the variable.
          if (flags.context !== undefined) ctx.env = { ...ctx.env, INFRA_CONTEXT: flags.context };
          const config = readConfig(ctx.env, (line) => ctx.stderr.write(`warning: ${line}\n`));
          const settings = resolveSettings(flags, ctx.env, config);
          app = await new App(await withPrompter(ctx), settings).init();
          const opts = optionValues(def, command);
          if (opts.progress === 'json') app.eventsFromStart();
          code = (await def.run(app, { args: command.processedArgs as unknown[], opts })) ?? ExitCode.OK;
        },
    });
    if (where.kind === 'group') return groupWithoutCommand(program, where.path);
    try {
      // `infra` alone and `infra help a b c` show the help of their path and succeed (as gh does).
      await program.parseAsync(where.kind === 'help' ? [...where.path, '--help'] : argv, { from: 'user' });
    } catch (err) {
      const cErr = err as { code?: string; exitCode?: number };
      if (typeof cErr.code === 'string' && cErr.code.startsWith('commander.')) {
        if (cErr.exitCode === 0 || cErr.code === 'commander.help' || cErr.code === 'commander.helpDisplayed' || cErr.code === 'commander.version') return ExitCode.OK;
        const lines = usageLines(commanderErrors.join(''), where.kind === 'command' ? where.path : []);
        if (wantsJsonErrors(argv, ctx.env)) writeErrorJson(ctx, usageJson(lines));
        else for (const line of lines) ctx.stderr.write(line + '\n');
        return ExitCode.USAGE;
      }
      throw err;
    }
    return code;
  } catch (err) {
    // A command that handled the interrupt itself (a wait's resume hint) reports its own CliError.
    const cause = ctx.signal.aborted && !(err instanceof CliError) ? ctx.signal.reason : err;
    const failure = classify(cause);
    // Settings decide colour and --debug once a command started; an error before that (a bad
    // flag value, conflicting projects) is reported with what the argument list says.
    const style = app?.errStyle ?? (await makeStyle(colorEnabled({ noColorFlag: argv.includes('--no-color'), isTTY: !!ctx.stderr.isTTY }, ctx.env)));
    const debug = app?.settings.debug ?? (argv.includes('--debug') || ctx.env.INFRA_DEBUG === '1' || ctx.env.INFRA_DEBUG === 'true');
    if (wantsJsonErrors(argv, ctx.env, app?.settings.json)) {
      if (debug && err instanceof Error && err.stack) ctx.stderr.write(err.stack + '\n');
      // The last line of stderr, after any --progress json events.
      writeErrorJson(ctx, errorJson(cause, failure));
      return failure.code;
    }
    ctx.stderr.write(`${style.red('error:')} ${failure.message}\n`);
    for (const line of failure.details ?? []) ctx.stderr.write(line + '\n');
    // On a terminal, broken between words: a wrap in the middle of a command cannot be copied.
    if (failure.hint) for (const line of wrapHint('hint: ', failure.hint, ctx.stderr.isTTY ? ctx.stderr.columns : undefined)) ctx.stderr.write(line + '\n');
    if (debug && err instanceof Error && err.stack) ctx.stderr.write(err.stack + '\n');
    return failure.code;
  } finally {
    await app?.close();
  }
}

/** An unknown word where a command was expected: exit 2 naming the known ones (no module loaded). */
function unknownCommand(ctx: Context, where: Extract<Route, { kind: 'unknown' }>, asJson: boolean): number {
  const under = ['infra', ...where.path].join(' ');
  const near = closest(where.word, where.known);
  const lines = [`error: unknown command '${where.word}'`, ...(near ? [`hint: did you mean ${near}?`] : []), `hint: ${under} has: ${where.known.join(', ')} (see '${under} --help')`];
  if (asJson) writeErrorJson(ctx, usageJson(lines));
  else for (const line of lines) ctx.stderr.write(line + '\n');
  return ExitCode.USAGE;
}

/**
 * A failure as one line of JSON on stderr: exact data past the terminal guard (JSON escapes
 * every control character, so the server's words stay inert and whole).
 */
function writeErrorJson(ctx: Context, value: ErrorJson): void {
  rawStream(ctx.stderr).write(JSON.stringify(value) + '\n');
}

/** `infra help <topic>`: the page on stdout, as help is (the topics are loaded only here). */
async function helpTopicPage(ctx: Context, name: string): Promise<number> {
  const topic = (await import('../cli/help-topics.js')).helpTopic(name);
  if (!topic) return ExitCode.USAGE;
  ctx.stdout.write(topic.text());
  return ExitCode.OK;
}

/** A group named without a subcommand (`infra serverless`): its help on stderr, exit 2. */
function groupWithoutCommand(program: Command, path: string[]): number {
  let cmd = program;
  for (const word of path) cmd = cmd.commands.find((c) => c.name() === word) ?? cmd;
  cmd.outputHelp({ error: true });
  return ExitCode.USAGE;
}
