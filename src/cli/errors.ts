// Errors raised by commands. Each carries its exit code so the edge can report it.
import { ExitCode } from '../shared/exit-codes.js';

export class CliError extends Error {
  override name = 'CliError';
  constructor(
    readonly exitCode: ExitCode,
    message: string,
    readonly hint?: string,
    readonly details?: string[],
    /** The code errors as JSON give it (src/cli/error-json.ts), where its exit code alone would mislead (a run's own code). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** A bad flag, argument or value, detected before any request (exit 2). */
export class UsageError extends CliError {
  override name = 'UsageError';
  constructor(message: string, hint?: string) {
    super(ExitCode.USAGE, message, hint);
  }
}

/** Ctrl-C (exit 130) or SIGTERM (exit 143): the abort reason of the context's signal. */
export class InterruptedError extends Error {
  override name = 'InterruptedError';
  constructor(readonly signal: 'SIGINT' | 'SIGTERM' = 'SIGINT') {
    super(signal === 'SIGTERM' ? 'terminated' : 'interrupted');
  }
}
