// De-duplication for `logs --follow`. The API gives no cursor once the end of the window is
// reached (next_cursor null), so each poll asks again from the newest timestamp seen
// (`since` is inclusive) and drops what was already written: entries older than that
// timestamp, and, at that very timestamp, the entries already seen there (a multiset, so
// two identical lines in the same millisecond are both kept). Memory: only the entries of
// the newest millisecond are remembered.
import type { LogEntry } from '../../client/schemas.js';

export class FollowTracker {
  private lastMs = Number.NEGATIVE_INFINITY;
  private seenAtLast = new Map<string, number>();
  private pollBase = Number.NEGATIVE_INFINITY;
  private pollRemaining = new Map<string, number>();

  /** Records entries written without filtering (the backlog): only the newest millisecond matters. */
  track(entries: readonly LogEntry[]): void {
    let i = entries.length - 1;
    if (i < 0) return;
    const newest = timeOf(entries[i]!);
    if (newest < this.lastMs) return;
    if (newest > this.lastMs) {
      this.lastMs = newest;
      this.seenAtLast = new Map();
    }
    for (; i >= 0 && timeOf(entries[i]!) === newest; i--) bump(this.seenAtLast, key(entries[i]!));
  }

  /** The `since` of the next poll (ISO 8601 UTC), or undefined before anything was seen. */
  get since(): string | undefined {
    return Number.isFinite(this.lastMs) ? new Date(this.lastMs).toISOString() : undefined;
  }

  /** Starts a poll: what is seen at the newest millisecond now is what this poll must skip. */
  beginPoll(): void {
    this.pollBase = this.lastMs;
    this.pollRemaining = new Map(this.seenAtLast);
  }

  /** The entries of a poll's page not written before; records them. */
  fresh(entries: readonly LogEntry[]): LogEntry[] {
    const out: LogEntry[] = [];
    for (const e of entries) {
      const t = timeOf(e);
      if (t < this.pollBase) continue;
      if (t === this.pollBase) {
        const k = key(e);
        const left = this.pollRemaining.get(k) ?? 0;
        if (left > 0) {
          this.pollRemaining.set(k, left - 1);
          continue;
        }
      }
      out.push(e);
    }
    this.track(out);
    return out;
  }
}

function timeOf(e: LogEntry): number {
  const t = Date.parse(e.timestamp);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

function key(e: LogEntry): string {
  return JSON.stringify(e);
}

function bump(m: Map<string, number>, k: string): void {
  m.set(k, (m.get(k) ?? 0) + 1);
}
