// The transport's small parts: a body read within a size limit (into a buffer a caller may
// lend), headers flattened and masked for traces, and the deadline of one attempt.
import type { Dispatcher } from 'undici';
import { ResponseShapeError, UnavailableError } from './errors.js';

export async function readBody(body: Dispatcher.ResponseData['body'], max: number, into: BodyBuffer | undefined): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > max) {
      body.destroy();
      throw new ResponseShapeError(`a response larger than ${Math.round(max / 1048576)} MiB was refused`, 0, '');
    }
    if (into) into.append(bytes, size - bytes.length);
    else chunks.push(bytes);
  }
  return into ? into.buffer.subarray(0, size) : Buffer.concat(chunks);
}

/**
 * Memory lent by a caller that reads many bodies one after the other (log pages): each body
 * is read into it, over the previous one. A new buffer per body would be freed only by a
 * full collection once it outlived a young one (a page being written does), and a long read
 * would pile them up.
 */
export class BodyBuffer {
  buffer = Buffer.allocUnsafe(0);

  append(chunk: Buffer, at: number): void {
    if (at + chunk.length > this.buffer.length) {
      const bigger = Buffer.allocUnsafe(Math.max(at + chunk.length, 2 * this.buffer.length, 64 * 1024));
      this.buffer.copy(bigger, 0, 0, at);
      this.buffer = bigger;
    }
    chunk.copy(this.buffer, at);
  }
}

export function flatHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

export function maskHeaders(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([k, v]) => `${k}: ${k === 'authorization' ? 'Bearer ***' : v}`)
    .join('; ');
}

/**
 * A per-attempt deadline on real time (a network bound, not a wait the clock could skip),
 * also aborted by `outer`. Linked by hand, not with AbortSignal.any(): that one registers
 * every combined signal with its sources for as long as they live, which for a long read
 * (one attempt per page) is garbage that outlives young collections.
 */
export function attemptDeadline(totalMs: number, outer: AbortSignal | undefined) {
  const ctl = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    ctl.abort(new Error('attempt deadline'));
  }, totalMs);
  timer.unref?.();
  const onAbort = () => ctl.abort(outer!.reason);
  if (outer?.aborted) ctl.abort(outer.reason);
  else outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: ctl.signal,
    expired: () => expired,
    code: `no complete answer within ${totalMs}ms`,
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

export function anySignal(...signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
  const present = [...new Set(signals.filter((s): s is AbortSignal => !!s))];
  if (present.length <= 1) return present[0];
  return AbortSignal.any(present);
}

/** An upload cut by its stall limit: the server took no bytes, or gave no answer after them, for that long. */
export class UploadStalledError extends UnavailableError {
  override name = 'UploadStalledError';
}

/**
 * What the operating system may hold of a body it has taken but the server has not read yet
 * (socket buffers on both ends; Linux grows them to a few MiB). The server reads that much
 * after the transport took the last byte, at the speed of the link.
 */
const IN_FLIGHT_BYTES = 8 * 1024 * 1024;
/** The speed of the link is measured over the last this long of the upload. */
const RATE_WINDOW_MS = 2_000;
/**
 * The speed assumed at most for that rest: a body that fit in the buffers was taken at memory
 * speed, which says nothing of the link (a slower link measured while the buffers were full
 * is used as measured).
 */
const ASSUMED_RATE_BYTES_PER_MS = (1024 * 1024) / 1000;

/**
 * The deadline of one upload attempt: cut when the body stalls (no bytes taken by the
 * transport for `limitMs`), or when no answer comes within `limitMs` once the server can have
 * read the whole body (the last byte taken, plus the time the link needs for what the socket
 * buffers may still hold); never while the body moves, however long it takes (a 60 MB build
 * on a slow uplink). Real time, as attemptDeadline; `moved(sent)` is told the bytes taken so far.
 */
export function uploadDeadline(limitMs: number, total: number, outer: AbortSignal | undefined) {
  const ctl = new AbortController();
  let expired = false;
  let code = '';
  let timer: NodeJS.Timeout | undefined;
  const seconds = `${Math.round(limitMs / 100) / 10}s`;
  const samples: { at: number; sent: number }[] = [{ at: Date.now(), sent: 0 }];
  const arm = (why: string, ms = limitMs) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      expired = true;
      code = why;
      ctl.abort(new Error(why));
    }, ms);
    timer.unref?.();
  };
  /** How long the link needs for what the buffers may hold, at the speed of the last seconds. */
  const drainMs = (now: number, sent: number): number => {
    const first = samples[0]!;
    const measured = (sent - first.sent) / Math.max(1, now - first.at);
    const rate = measured > 0 ? Math.min(measured, ASSUMED_RATE_BYTES_PER_MS) : ASSUMED_RATE_BYTES_PER_MS;
    return Math.min(sent, IN_FLIGHT_BYTES) / rate;
  };
  const onAbort = () => ctl.abort(outer!.reason);
  if (outer?.aborted) ctl.abort(outer.reason);
  else outer?.addEventListener('abort', onAbort, { once: true });
  arm(`the server took no bytes for ${seconds} (0 of ${mib(total)} sent)`);
  return {
    signal: ctl.signal,
    expired: () => expired,
    get code() {
      return code;
    },
    moved(sent: number) {
      const now = Date.now();
      samples.push({ at: now, sent });
      while (samples.length > 2 && now - samples[1]!.at >= RATE_WINDOW_MS) samples.shift();
      if (sent < total) return arm(`the server took no bytes for ${seconds} (${mib(sent)} of ${mib(total)} sent)`);
      arm(`no answer within ${seconds} after the whole body (${mib(total)}) was sent`, limitMs + drainMs(now, sent));
    },
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

/** Bytes in MiB with one decimal (the client has no output helpers: messages only). */
function mib(bytes: number): string {
  return `${(bytes / 1048576).toFixed(1)} MiB`;
}
