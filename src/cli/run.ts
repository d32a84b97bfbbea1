// run(argv, ctx) → exit code. The only place errors become exit codes and stderr lines;
// bin/infra is the only place the process exits.
import type { Command } from 'commander';
import { App } from './app.js';
import type { Context } from './context.js';
import { classify } from './exit-codes.js';
import { ExitCode } from '../shared/exit-codes.js';
import { CliError } from './errors.js';
import { readConfig } from './config.js';
import { resolveSettings, type GlobalFlags } from './settings.js';
import { VERSION } from './version.js';
import { systemClock } from '../client/clock.js';
import { colorEnabled } from '../output/color.js';

export function defaultContext(overrides: Partial<Context> = {}): Context {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    clock: systemClock,
    signal: new AbortController().signal,
    ...overrides,
  };
}

async function withPrompter(ctx: Context): Promise<Context> {
  if (ctx.prompter || !ctx.stdin.isTTY || ctx.stdin !== process.stdin) return ctx;
  const { ttyPrompter } = await import('./prompt.js');
  return { ...ctx, prompter: ttyPrompter(process.stdin, process.stderr) };
}

export async function run(argv: string[], overrides: Partial<Context> = {}): Promise<number> {
  const ctx = defaultContext(overrides);
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    ctx.stdout.write(`infra ${VERSION}\n`);
    return ExitCode.OK;
  }
  const debug = argv.includes('--debug') || ctx.env.INFRA_DEBUG === '1' || ctx.env.INFRA_DEBUG === 'true';
  let app: App | undefined;
  let code: number = ExitCode.OK;
  try {
    const { buildProgram } = await import('./program.js');
    const commanderErrors: string[] = [];
    const program = buildProgram({
      configure: (p) =>
        p.exitOverride().configureOutput({
          writeOut: (s) => ctx.stdout.write(s),
          writeErr: (s) => ctx.stderr.write(s),
          outputError: (s) => commanderErrors.push(s),
        }),
      action: (loader) => async (...actionArgs: unknown[]) => {
        const command = actionArgs[actionArgs.length - 1] as Command;
        const opts = command.optsWithGlobals();
        const settings = resolveSettings(opts as GlobalFlags, ctx.env, readConfig(ctx.env));
        app = await new App(await withPrompter(ctx), settings).init();
        const mod = await loader();
        code = (await mod.run(app, { args: command.processedArgs as unknown[], opts })) ?? ExitCode.OK;
      },
    });
    try {
      // `infra` alone shows the same help as `infra --help`, and succeeds (as gh does).
      await program.parseAsync(argv.length === 0 ? ['--help'] : argv, { from: 'user' });
    } catch (err) {
      const cErr = err as { code?: string; exitCode?: number };
      if (typeof cErr.code === 'string' && cErr.code.startsWith('commander.')) {
        if (cErr.exitCode === 0 || cErr.code === 'commander.help' || cErr.code === 'commander.helpDisplayed' || cErr.code === 'commander.version') return ExitCode.OK;
        reportUsage(ctx, commanderErrors.join(''));
        return ExitCode.USAGE;
      }
      throw err;
    }
    return code;
  } catch (err) {
    // A command that handled the interrupt itself (a wait's resume hint) reports its own CliError.
    const failure = ctx.signal.aborted && !(err instanceof CliError) ? classify(ctx.signal.reason) : classify(err);
    const style = colorEnabled({ noColorFlag: argv.includes('--no-color'), isTTY: !!ctx.stderr.isTTY }, ctx.env);
    const red = (s: string) => (style ? `\u001b[31m${s}\u001b[39m` : s);
    ctx.stderr.write(`${red('error:')} ${failure.message}\n`);
    for (const line of failure.details ?? []) ctx.stderr.write(line + '\n');
    if (failure.hint) ctx.stderr.write(`hint: ${failure.hint}\n`);
    if (debug && err instanceof Error && err.stack) ctx.stderr.write(err.stack + '\n');
    return failure.code;
  } finally {
    await app?.close();
  }
}

/** commander's own errors, reshaped into our `error:` / `hint:` lines. */
function reportUsage(ctx: Context, text: string): void {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  for (const line of lines) {
    const suggestion = /^\(Did you mean (.+)\?\)$/.exec(line);
    if (suggestion) ctx.stderr.write(`hint: did you mean ${suggestion[1]}?\n`);
    else ctx.stderr.write(line.startsWith('error:') ? line + '\n' : `error: ${line}\n`);
  }
  if (lines.length === 0) ctx.stderr.write('error: invalid usage\n');
  ctx.stderr.write("hint: run 'infra --help' or 'infra <command> --help' for usage\n");
}
