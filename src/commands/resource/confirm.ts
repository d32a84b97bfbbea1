// Confirmation of destructive commands (delete, reinstall, restore, remove): on a terminal,
// type the resource's exact name (as GitHub asks for a repository); without one, or when CI
// is set, `--yes` is required (exit 2, nothing sent).
import type { App } from '../../cli/app.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';

/** CI set to anything but empty, `false` or `0` (the convention of CI systems). */
export function ciSet(env: Record<string, string | undefined>): boolean {
  const v = (env.CI ?? '').trim().toLowerCase();
  return v !== '' && v !== 'false' && v !== '0';
}

/** Whether a person can be asked: a terminal on stdin, a prompter, and not CI. */
export function canPrompt(app: App): boolean {
  return !!app.ctx.stdin.isTTY && !!app.ctx.prompter && !ciSet(app.ctx.env);
}

/** Refuses before any request when confirmation is impossible: no terminal and no --yes. */
export function needConfirmation(app: App, what: string, yes: boolean, flag = '--yes'): void {
  if (yes || canPrompt(app)) return;
  const why = ciSet(app.ctx.env) ? 'CI is set, so nothing is asked' : 'there is no terminal to ask on';
  throw new UsageError(`refusing to ${what} without confirmation; nothing was sent`, `${why}: pass ${flag} to go ahead without a prompt`);
}

/** Asks to type `name` when a person is there and --yes was not given. */
export async function confirmByName(app: App, question: string, name: string, yes: boolean): Promise<void> {
  if (yes || !canPrompt(app)) return;
  const answer = (await app.ctx.prompter!.text(`${question} Type its name to confirm: `)).trim();
  if (answer !== name) throw new CliError(ExitCode.FAILED, `not done: "${answer}" is not ${name}; nothing was sent`);
}
