// The server's "now", estimated from what it sends: the `Date` header of its latest response
// (and, where a caller has them, the newest server timestamps seen). Relative times the
// client prints ("5m ago", a `--since 1m` window) are measured against it, so a laptop whose
// clock is off, or a simulator whose clock runs 20x, never shows entries "in the future" or
// 20-minute-old deploys as "just now". Pure: the local time is always passed in.

/**
 * A `Date` header says the server's time to the second, rounded down: the server's now, at
 * the moment the answer arrived, lies in [date, date + 1 s) plus the time on the wire. An
 * offset within that precision is noise, not skew.
 */
export const DATE_PRECISION_MS = 1_000;

/** Pure: server time minus local time (ms) from a `Date` header read at `receivedAt` (local epoch ms); undefined when there is none. */
export function offsetFromDate(dateHeader: string | undefined, receivedAt: number): number | undefined {
  if (!dateHeader) return undefined;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return undefined;
  // The middle of the second the header names.
  const offset = server + DATE_PRECISION_MS / 2 - receivedAt;
  return Math.abs(offset) <= DATE_PRECISION_MS ? 0 : Math.round(offset);
}

/** The latest estimate of the server's clock, fed by every response. */
export class ServerClock {
  private offset: number | undefined;

  /** A response arrived at local time `receivedAt` with this `Date` header. */
  sawDate(dateHeader: string | undefined, receivedAt: number): void {
    const o = offsetFromDate(dateHeader, receivedAt);
    if (o !== undefined) this.offset = o;
  }

  /** A server timestamp read at `localNow`: the server's now is at least that late. */
  sawTimestamp(iso: string | null | undefined, localNow: number): void {
    const t = iso ? Date.parse(iso) : Number.NaN;
    if (Number.isNaN(t)) return;
    const atLeast = t - localNow;
    if (atLeast > (this.offset ?? 0) + DATE_PRECISION_MS) this.offset = atLeast;
  }

  /** Whether the server has said its time yet. */
  get known(): boolean {
    return this.offset !== undefined;
  }

  /** The server's now at local time `localNow` (the local time itself until the server has said). */
  now(localNow: number): number {
    return localNow + (this.offset ?? 0);
  }
}
