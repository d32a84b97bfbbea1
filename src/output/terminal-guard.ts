// The choke point: stdout and stderr as commands see them pass every write through
// terminalText (src/output/terminal-text.ts), so a path that forgets to sanitise still cannot
// leak an escape (the worst it can do is lose a colour). Data that must stay byte-exact
// (--json, NDJSON progress events, `infra api`) is written to the raw stream, asked for by
// name with rawStream(). Everything else a stream offers (isTTY, columns, drain events)
// reads through unchanged.
import type { OutStream } from './stream.js';
import { terminalText } from './terminal-text.js';

const RAW = Symbol('the stream under a terminal guard');

type Guarded = OutStream & { [RAW]?: OutStream };

/** `stream` with every write made safe for a terminal; a stream already guarded as it is. */
export function guardStream(stream: OutStream): OutStream {
  if ((stream as Guarded)[RAW]) return stream;
  // Bytes through the guard (rare: data goes raw) are decoded across writes, a character cut
  // between two chunks kept for the next.
  const decoder = new TextDecoder();
  const write = (chunk: string | Uint8Array, ...rest: unknown[]) =>
    (stream.write as (c: string, ...r: unknown[]) => unknown)(terminalText(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })), ...rest);
  return new Proxy(stream, {
    get(target, prop) {
      if (prop === 'write') return write;
      if (prop === RAW) return target;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The stream under the guard, for exact data (JSON); an unguarded stream is its own. */
export function rawStream(stream: OutStream): OutStream {
  return (stream as Guarded)[RAW] ?? stream;
}
