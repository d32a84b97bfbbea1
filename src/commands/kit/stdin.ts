// Reading a secret or a document from standard input (`--password-stdin`, `-f -`): never from a
// terminal (it would wait for typing nobody knows is expected), never more than a limit.
import type { App } from '../../cli/app.js';
import { UsageError } from '../../cli/errors.js';
import { humanSize } from '../../output/size.js';

const STDIN_LIMIT = 8 * 1024 * 1024;

export async function readStdin(app: App, what: string, maxBytes = STDIN_LIMIT): Promise<string> {
  if (app.ctx.stdin.isTTY) throw new UsageError(`${what} is read from standard input, which is a terminal here`, `pipe it in, e.g. printf '%s' "$SECRET" | infra ...`);
  // Bytes first, decoded once: a character may be split between two chunks.
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of app.ctx.stdin) {
    const piece = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    bytes += piece.length;
    if (bytes > maxBytes) throw new UsageError(`${what}: standard input holds more than the ${humanSize(maxBytes)} it may; nothing was sent`);
    chunks.push(piece);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text.replace(/\r?\n$/, '');
}
