// Shared checks of the reliability suite: a virtual clock that records every wait and moves
// the simulator's time instead of sleeping, and the "clean failure" assertions every run of
// the campaign must pass.
import { expect } from 'vitest';
import type { Clock } from '../../src/client/clock.js';
import type { Simulator } from '../../src/sim/server.js';
import type { CliResult } from '../helpers/cli.js';

export interface RecordingClock extends Clock {
  /** Short sleeps: backoffs and poll intervals. */
  sleeps: number[];
  /** Long sleeps: deadlines (a wait's --timeout). */
  deadlines: number[];
}

/** Sleeps of at most this long (backoffs, poll intervals) resolve at once and move time on. */
const SHORT_MS = 60_000;

/**
 * Time moves only by sleeping. A short sleep resolves at once and advances now() (and the
 * simulator's clock) by its length; a long one (a wait's deadline) resolves once short sleeps
 * have moved time past it, so a poll loop still meets its deadline in virtual time.
 */
export function virtualClock(sim?: Simulator): RecordingClock {
  let now = Date.now();
  const sleeps: number[] = [];
  const deadlines: number[] = [];
  let pending: { at: number; resolve: () => void }[] = [];
  const fire = () => {
    const due = pending.filter((p) => p.at <= now);
    pending = pending.filter((p) => p.at > now);
    for (const p of due) p.resolve();
  };
  return {
    sleeps,
    deadlines,
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        if (ms > SHORT_MS) {
          deadlines.push(ms);
          const entry = { at: now + ms, resolve };
          pending.push(entry);
          signal?.addEventListener('abort', () => {
            pending = pending.filter((p) => p !== entry);
            reject(signal.reason);
          }, { once: true });
          return;
        }
        sleeps.push(ms);
        now += ms;
        sim?.world.clock.advance(ms / 1000);
        fire();
        // Yield to I/O and timers so a zero-cost sleep loop cannot starve a fault server.
        setImmediate(resolve);
      }),
  };
}

/** Every secret the seed hands out: tokens and the datastore passwords. */
export const SEED_SECRETS = ['pg-S3cret-orders', 'my-S3cret-shop', 'maria-S3cret', 'pg-staging', 'redis-S3cret', 'valkey-S3cret', 'df-S3cret'];

/** No stack trace, no token, nothing but `error:`/`hint:`/indented detail lines after an error. */
export function assertClean(r: CliResult, token: string, context: string): void {
  const all = r.stdout + r.stderr;
  expect(all, context).not.toMatch(/\n\s+at .+[(:]\d+/);
  expect(all, context).not.toMatch(/\b(TypeError|ReferenceError|RangeError|SyntaxError|unexpected error)\b/);
  expect(all, context).not.toContain(token);
}
