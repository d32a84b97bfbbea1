// Reading an environment file (`import`, `diff`) before any request: a file that cannot be read
// or has a syntax error is refused with its line number (exit 2) and nothing is sent.
import type { App } from '../../../cli/app.js';
import { choice } from '../../../cli/command.js';
import { UsageError } from '../../../cli/errors.js';
import { EnvFileError, parseEnvFile } from '../../../shared/dotenv.js';
import { readInput } from '../../kit/input.js';

export type EnvFormat = 'dotenv' | 'json';

export function formatOption(what: string) {
  // Checked by commander against the choices (exit 2 naming the flag).
  return { format: choice<EnvFormat>('--format <format>', what, ['dotenv', 'json']) };
}

export async function readEnvFile(app: App, file: string, format: EnvFormat | undefined): Promise<Record<string, string>> {
  const { text, label } = await readInput(app, file, { what: 'the environment file' });
  try {
    return parseEnvFile(text, format);
  } catch (err) {
    if (err instanceof EnvFileError) throw new UsageError(`${label}: ${err.message}; nothing was sent`);
    throw err;
  }
}
