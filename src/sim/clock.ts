// The simulator's notion of time. Every state transition is derived from `ms()` when a
// request reads state, so tests move time with `advance()` instead of waiting.

export interface SimClockOptions {
  /** Sim time at start-up; default: the real time. */
  start?: Date;
  /** Sim seconds per real second; 0 freezes the clock (only `advance` moves it). */
  speed?: number;
  /** Real-time source, injectable for tests of the clock itself. */
  realNow?: () => number;
}

export class SimClock {
  readonly start: number;
  readonly speed: number;
  private readonly realNow: () => number;
  private readonly realStart: number;
  private advancedMs = 0;

  constructor(opts: SimClockOptions = {}) {
    this.realNow = opts.realNow ?? (() => performance.now());
    this.realStart = this.realNow();
    this.start = (opts.start ?? new Date()).getTime();
    this.speed = opts.speed ?? 1;
  }

  /** Sim time in epoch milliseconds. */
  ms(): number {
    const real = (this.realNow() - this.realStart) * this.speed;
    return Math.floor(this.start + real + this.advancedMs);
  }

  now(): Date {
    return new Date(this.ms());
  }

  iso(): string {
    return iso(this.ms());
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('advance needs seconds >= 0');
    this.advancedMs += seconds * 1000;
  }
}

export function iso(ms: number): string {
  return new Date(Math.floor(ms)).toISOString();
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
