// The text of a ticket or a reply: from --message, from --message-file (`-` is standard input),
// or, for a person at a terminal, from $VISUAL/$EDITOR. Never an editor (nor a wait on input)
// when CI is set or standard input or output is not a terminal: the command then stops before
// any request, naming the flags (exit 2).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from '../../cli/app.js';
import { option } from '../../cli/command.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { pathValue } from '../../cli/options.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { ciSet } from '../resource/confirm.js';
import { readInput } from '../kit/input.js';

/** Longer than any ticket a person writes; a mistaken file (a log, a binary) is refused. */
export const MAX_MESSAGE_CHARS = 64 * 1024;

export function messageOptions(what: string) {
  return {
    message: option('-m, --message <text>', `the ${what}`),
    messageFile: option('-F, --message-file <file>', `read the ${what} from a file (- for standard input)`, pathValue('--message-file')),
  };
}

function checked(text: string, what: string): string {
  const body = text.replace(/\s+$/, '');
  if (body.trim() === '') throw new UsageError(`the ${what} is empty; nothing was sent`, 'write something in --message or --message-file');
  if (body.length > MAX_MESSAGE_CHARS)
    throw new UsageError(`the ${what} is ${body.length} characters, more than ${MAX_MESSAGE_CHARS}; nothing was sent`, 'shorten it, or attach what is long elsewhere');
  return body;
}

async function fromEditor(app: App, what: string): Promise<string> {
  const editor = app.ctx.env.VISUAL || app.ctx.env.EDITOR || 'vi';
  const dir = await mkdtemp(join(tmpdir(), 'infra-support-'));
  const file = join(dir, 'MESSAGE.txt');
  try {
    await writeFile(file, `\n# Write the ${what} above. Lines starting with # are left out; an empty ${what} sends nothing.\n`, { mode: 0o600 });
    // Through the shell: EDITOR may carry arguments (`code --wait`); the file is passed as $1, never spliced in.
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn('/bin/sh', ['-c', `${editor} "$1"`, 'sh', file], { stdio: 'inherit', env: app.ctx.env as NodeJS.ProcessEnv });
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) throw new CliError(ExitCode.FAILED, `the editor (${editor}) exited with ${code}; nothing was sent`);
    const text = (await readFile(file, 'utf8'))
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .join('\n');
    return checked(text, what);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function readMessage(app: App, opts: { message?: string; messageFile?: string }, what: string): Promise<string> {
  if (opts.message !== undefined && opts.messageFile !== undefined) throw new UsageError('give --message or --message-file, not both');
  if (opts.message !== undefined) return checked(opts.message, what);
  // Sized as it is read: a file far larger than a message is refused without reading it whole.
  if (opts.messageFile !== undefined) return checked((await readInput(app, opts.messageFile, { flag: '--message-file', what: `the ${what}`, maxBytes: 4 * MAX_MESSAGE_CHARS })).text, what);
  const why = ciSet(app.ctx.env) ? 'CI is set' : !app.ctx.stdin.isTTY || !app.ctx.stdout.isTTY ? 'this is not a terminal' : undefined;
  if (why)
    throw new UsageError(
      `the ${what} is missing: give --message or --message-file (${why}, so no editor is opened); nothing was sent`,
      `e.g. --message-file notes.txt, or --message-file - to read it from standard input`,
    );
  return fromEditor(app, what);
}
