// Bundle entry of `infra __complete` (dist/cli/complete.cjs): bin/infra loads it instead of
// the main entry for that one word, because a Tab must not pay for what a command run loads
// (the run machinery, commander, the styles). Same shape as the main entry's run().
import type { CompleteContext } from './complete.js';

export { InterruptedError } from '../../cli/errors.js';

/** The hidden command's name, as cobra and gh name theirs. */
export const COMPLETE_COMMAND = '__complete';

/** `__complete <words...>` → the candidates on stdout; always exit 0, nothing on stderr. */
export async function run(argv: string[], overrides: Partial<CompleteContext> = {}): Promise<number> {
  if (argv[0] !== COMPLETE_COMMAND) return 0;
  try {
    const { complete } = await import('./complete.js');
    await complete(argv.slice(1), { env: process.env, stdout: process.stdout, now: () => Date.now(), ...overrides });
  } catch {
    // An error inside a completion would land in the middle of the user's command line.
  }
  return 0;
}
