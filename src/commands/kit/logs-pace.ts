// The pace of a logs follow (docs/behaviour.md#logs): every poll is a request, and an idle
// tail polled every 2 s costs 30 requests a minute for nothing. So the delay doubles while
// polls come back empty (2 s, 4 s, 8 s, then 10 s: 6 requests a minute once idle) and falls
// back to the fast delay as soon as a line arrives, so a busy tail keeps its 2 s latency.
// Pure: the caller sleeps on its own clock.

/** The delay after a poll that brought lines (and before the first poll). */
export const FOLLOW_FAST_MS = 2_000;
/** The longest delay of an idle follow: a new line shows at most this late. */
export const FOLLOW_IDLE_MAX_MS = 10_000;

export class FollowPace {
  private delay = FOLLOW_FAST_MS;

  /** How long to wait before the next poll. */
  get nextDelayMs(): number {
    return this.delay;
  }

  /** Records what the last poll brought. */
  polled(newLines: number): void {
    this.delay = newLines > 0 ? FOLLOW_FAST_MS : Math.min(FOLLOW_IDLE_MAX_MS, this.delay * 2);
  }
}
