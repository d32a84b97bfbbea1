// Reading a secret or a document from standard input (`--password-stdin`, `-f -`).
import type { App } from '../../cli/app.js';
import { UsageError } from '../../cli/errors.js';

export async function readStdin(app: App, what: string): Promise<string> {
  if (app.ctx.stdin.isTTY) throw new UsageError(`${what} is read from standard input, which is a terminal here`, `pipe it in, e.g. printf '%s' "$SECRET" | infra ...`);
  let text = '';
  for await (const chunk of app.ctx.stdin) text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  return text.replace(/\r?\n$/, '');
}
