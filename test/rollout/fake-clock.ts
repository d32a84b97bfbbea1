// A clock whose time moves only when the test runs it: sleeps queue as timers, and run()
// advances to the next timer whenever every pending promise has settled.
import type { Clock } from '../../src/client/http.js';

interface Timer {
  at: number;
  seq: number;
  resolve: () => void;
}

export class FakeClock implements Clock {
  t: number;
  /** Every sleep asked for, in milliseconds, in order. */
  readonly sleeps: number[] = [];
  private timers: Timer[] = [];
  private seq = 0;

  constructor(start = 1_700_000_000_000) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer: Timer = {
        at: this.t + ms,
        seq: this.seq++,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.timers = this.timers.filter((x) => x !== timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.timers.push(timer);
    });
  }

  /** Runs time forward until `promise` settles; fails on a deadlock (nothing pending, nothing scheduled). */
  async run<T>(promise: Promise<T>): Promise<T> {
    let done = false;
    promise.then(
      () => (done = true),
      () => (done = true),
    );
    for (let i = 0; i < 100_000; i++) {
      await flush();
      if (done) return promise;
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.timers.shift();
      if (!next) throw new Error('deadlock: the promise waits for something other than the clock');
      this.t = Math.max(this.t, next.at);
      next.resolve();
    }
    throw new Error('too many timers');
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
}
