// What the user hands over as a file, or `-` for standard input (an apply file, a policy, an
// environment file, a public key, a message, a cloud-init script): read whole before any request,
// never more than a limit (these are small; a disk image given by mistake must not be read into
// memory), refused unless it is UTF-8 text, and every way it can fail said in the same words.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { App } from '../../cli/app.js';
import { UsageError } from '../../cli/errors.js';
import { humanSize } from '../../output/size.js';
import { readStdin } from './stdin.js';

/** The most any document read from a file or standard input may hold. */
export const MAX_INPUT_BYTES = 8 * 1024 * 1024;

/** Why a file could not be taken, in words that follow a flag's name (`--file: ...`). */
export class InputProblem extends Error {
  override name = 'InputProblem';
}

/** The text of a file, at most `maxBytes`, UTF-8 without NUL; or an InputProblem. */
export function readTextFileSync(path: string, maxBytes = MAX_INPUT_BYTES): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : (code ?? 'error');
    throw new InputProblem(`cannot read ${path}: ${why}`);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new InputProblem(`cannot read ${path}: it is a directory`);
    // Measured first when it can be; a pipe or a growing file is held to the limit as it is read.
    if (st.isFile() && st.size > maxBytes) {
      // Exact bytes where the rounded sizes would read the same (65537 against 65536).
      const [size, max] = humanSize(st.size) === humanSize(maxBytes) ? [`${st.size} bytes`, `${maxBytes} bytes`] : [humanSize(st.size), humanSize(maxBytes)];
      throw new InputProblem(`${path} is ${size}, more than the ${max} it may hold`);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(64 * 1024);
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw new InputProblem(`${path} is larger than the ${humanSize(maxBytes)} it may hold`);
      chunks.push(chunk.subarray(0, n));
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
    } catch {
      throw new InputProblem(`${path} is not UTF-8 text`);
    }
    if (text.includes('\0')) throw new InputProblem(`${path} is not a text file`);
    return text;
  } finally {
    closeSync(fd);
  }
}

export interface InputSpec {
  /** The flag that named the file, said first in an error (`--file`); none for an argument. */
  flag?: string;
  /** What standard input is read as, for its refusal on a terminal (`the apply file (-f -)`). */
  what: string;
  maxBytes?: number;
}

/** The text of `path` (`-`: standard input) and how to name it in messages; a problem is exit 2, nothing sent. */
export async function readInput(app: App, path: string, spec: InputSpec): Promise<{ text: string; label: string }> {
  const maxBytes = spec.maxBytes ?? MAX_INPUT_BYTES;
  if (path === '-') return { text: await readStdin(app, spec.what, maxBytes), label: 'standard input' };
  try {
    return { text: readTextFileSync(path, maxBytes), label: path };
  } catch (err) {
    if (err instanceof InputProblem) throw new UsageError(`${spec.flag ? `${spec.flag}: ` : ''}${err.message}; nothing was sent`);
    throw err;
  }
}
