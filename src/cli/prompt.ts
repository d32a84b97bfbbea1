// Prompts on a terminal; a secret is read without echo. Ctrl-C rejects with InterruptedError.
import { createInterface } from 'node:readline';
import type { Prompter } from './context.js';
import { InterruptedError } from './errors.js';

export function ttyPrompter(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Prompter {
  const ask = (question: string, secret: boolean) =>
    new Promise<string>((resolve, reject) => {
      const rl = createInterface({ input, output, terminal: true });
      if (secret) {
        // readline echoes through _writeToOutput; print the question only.
        (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
          if (s.includes(question)) output.write(question);
        };
      }
      rl.on('SIGINT', () => {
        rl.close();
        output.write('\n');
        reject(new InterruptedError());
      });
      rl.question(question, (answer) => {
        rl.close();
        if (secret) output.write('\n');
        resolve(answer);
      });
    });
  return { secret: (q) => ask(q, true), text: (q) => ask(q, false) };
}
