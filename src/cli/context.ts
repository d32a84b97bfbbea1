// Everything a command touches of the outside world, injected so tests run commands
// in-process with fake streams, a fake clock, a scripted prompter and their own transport.
import type { Dispatcher } from 'undici';
import type { Command } from 'commander';
import type { Clock } from '../client/clock.js';

export type { OutStream } from '../output/stream.js';
import type { OutStream } from '../output/stream.js';

export interface InStream extends AsyncIterable<Buffer | string> {
  isTTY?: boolean;
}

export interface Prompter {
  /** Asks for a secret without echoing it. */
  secret(question: string): Promise<string>;
  text(question: string): Promise<string>;
}

export interface Context {
  stdout: OutStream;
  stderr: OutStream;
  stdin: InStream;
  env: Record<string, string | undefined>;
  clock: Clock;
  /** Aborted on Ctrl-C; its reason is an InterruptedError. */
  signal: AbortSignal;
  /**
   * While a program the user drives owns the terminal (psql, ssh), Ctrl-C is that program's
   * key: the entry stops turning it into an abort until the returned release is called.
   * Absent in-process (tests, a library): nothing to hold.
   */
  holdInterrupts?: () => () => void;
  /** Transport for the API client (tests, library embedding); default: undici agent. */
  dispatcher?: Dispatcher;
  prompter?: Prompter;
  /** The whole command tree, for commands that describe it (completion); given by run(). */
  commandTree?: () => Promise<Command>;
  random?: () => number;
  /** The user's cache directory, private to them (bin/infra finds it); none: nothing is remembered between runs. */
  cacheDir?: string;
}
