// Fixed one-minute windows per token, on the sim clock (docs/behaviour.md#api-limits).

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the window resets. */
  reset: number;
  retryAfter: number;
}

export const DEFAULT_RATE_LIMIT = 1000;

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(private readonly limit: () => number) {}

  take(key: string, nowMs: number): RateDecision {
    const limit = this.limit();
    let w = this.windows.get(key);
    if (!w || nowMs >= w.start + 60_000) {
      w = { start: nowMs, used: 0 };
      this.windows.set(key, w);
    }
    const resetMs = w.start + 60_000;
    const reset = Math.ceil(resetMs / 1000);
    const retryAfter = Math.max(1, Math.ceil((resetMs - nowMs) / 1000));
    if (w.used >= limit) return { allowed: false, limit, remaining: 0, reset, retryAfter };
    w.used += 1;
    return { allowed: true, limit, remaining: limit - w.used, reset, retryAfter };
  }

  clear(): void {
    this.windows.clear();
  }
}
