// Prompts on a terminal, with readline's public API. A secret is read without echo: readline
// writes to a muted stream while the answer is typed. Ctrl-C rejects with InterruptedError;
// the end of input (Ctrl-D, a closed stdin) rejects with "aborted": a prompt never settles
// silently, so `infra auth login && next` cannot go on with nothing stored.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import type { Prompter } from './context.js';
import { CliError, InterruptedError } from './errors.js';
import { ExitCode } from '../shared/exit-codes.js';
import { terminalText } from '../output/terminal-text.js';

export class PromptAbortedError extends CliError {
  constructor() {
    super(ExitCode.FAILED, 'aborted: no answer was given (end of input); nothing was sent');
  }
}

export function ttyPrompter(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Prompter {
  const ask = (question: string, secret: boolean) =>
    new Promise<string>((resolve, reject) => {
      let muted = false;
      const sink = new Writable({
        write(chunk: Buffer | string, _encoding, done) {
          if (!muted) output.write(chunk);
          done();
        },
      });
      const rl = createInterface({ input, output: sink, terminal: true });
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        fn();
        rl.close();
      };
      rl.on('SIGINT', () => {
        output.write('\n');
        finish(() => reject(new InterruptedError()));
      });
      rl.on('close', () => {
        if (!settled) output.write('\n');
        finish(() => reject(new PromptAbortedError()));
      });
      // The question may name what the server called a resource: made safe like any output.
      rl.question(terminalText(question), (answer) => {
        if (secret) output.write('\n');
        finish(() => resolve(answer));
      });
      // The question is out: from here on nothing the user types is echoed for a secret.
      muted = secret;
    });
  return { secret: (q) => ask(q, true), text: (q) => ask(q, false) };
}
