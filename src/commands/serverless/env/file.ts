// Reading an environment file (`import`, `diff`) before any request: a file that cannot be read
// or has a syntax error is refused with its line number (exit 2) and nothing is sent.
import { readFileSync } from 'node:fs';
import type { App } from '../../../cli/app.js';
import { choice } from '../../../cli/command.js';
import { UsageError } from '../../../cli/errors.js';
import { EnvFileError, parseEnvFile } from '../../../shared/dotenv.js';
import { readStdin } from '../../kit/stdin.js';

export type EnvFormat = 'dotenv' | 'json';

export function formatOption(what: string) {
  // Checked by commander against the choices (exit 2 naming the flag).
  return { format: choice<EnvFormat>('--format <format>', what, ['dotenv', 'json']) };
}

export async function readEnvFile(app: App, file: string, format: EnvFormat | undefined): Promise<Record<string, string>> {
  let text: string;
  if (file === '-') text = await readStdin(app, 'the environment file');
  else {
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
      throw new UsageError(`cannot read ${file}: ${why}; nothing was sent`);
    }
  }
  try {
    return parseEnvFile(text, format);
  } catch (err) {
    if (err instanceof EnvFileError) throw new UsageError(`${file === '-' ? 'standard input' : file}: ${err.message}; nothing was sent`);
    throw err;
  }
}
