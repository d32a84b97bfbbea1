// Bundle entry for bin/infra. Kept tiny: `--version` answers without loading commander.
import type { Command } from 'commander';

export { run } from './run.js';
export { InterruptedError } from './errors.js';

/** The command tree with no-op actions: for generators (man page, completion) that only read it. */
export async function loadProgram(): Promise<Command> {
  const { buildProgram } = await import('./program.js');
  return buildProgram({ action: () => async () => {} });
}

/** The roff man page (scripts/man.mjs writes it to man/infra.1). */
export async function manPage(version: string): Promise<string> {
  const [{ renderManPage }, program] = await Promise.all([import('./manpage.js'), loadProgram()]);
  return renderManPage(program, version);
}
