// Container logs generated on demand from (segment, index): no entry is ever stored, so a
// container with 200,000 lines costs nothing until a page of them is read.
import { iso } from '../clock.js';
import { servedUntil, startedBy, type ContainerRecord } from './containers.js';
import { uuidFrom } from './ids.js';

export type LogContainer = 'user-container' | 'queue-proxy';

interface Segment {
  /** Stable ordinal: orders entries of one instant and names the segment in a cursor. */
  ord: number;
  pod: string;
  container: LogContainer;
  revision: string;
  start: number;
  step: number;
  count: number;
  line: (k: number) => string;
}

export interface LogEntryView {
  timestamp: string;
  message: string;
  level: string;
  pod: string;
  container: LogContainer;
  stream: 'stdout' | 'stderr';
}

export interface LogQuery {
  since: number;
  until: number;
  cursor: Cursor | null;
  limit: number;
  level: string | null;
  container: LogContainer | 'all';
}

export interface Cursor {
  t: number;
  s: number;
  k: number;
}

const APP_LINES: ReadonlyArray<(k: number) => string> = [
  (k) => `INFO GET /api/items/${k % 97} 200 ${5 + (k % 40)}ms`,
  (k) => `INFO POST /api/orders 201 ${20 + (k % 60)}ms order_id=${10000 + k}`,
  (k) => `DEBUG cache hit key=item:${k % 500}`,
  (k) => `INFO GET /healthz 200 ${1 + (k % 3)}ms`,
  (k) => `WARN slow query took ${200 + (k % 300)}ms table=orders`,
  (k) => `INFO worker processed batch size=${k % 50}`,
  () => 'INFO retry budget ok: no error since last check',
  (k) => `ERROR upstream timeout after 3000ms request_id=req-${k}`,
  (k) => `INFO GET /api/items 200 ${8 + (k % 30)}ms`,
  (k) => `DEBUG pool stats active=${k % 10} idle=${10 - (k % 10)}`,
];

function proxyLine(k: number): string {
  const status = k % 23 === 0 ? 502 : 200;
  return `{"httpRequest":{"requestMethod":"GET","requestUrl":"/api/items/${k % 97}","status":${status},"latency":"0.0${10 + (k % 80)}s"}}`;
}

/** The level a line claims, read from its text (not a guarantee: the filter is a text match). */
function claimedLevel(message: string): string {
  const m = /^(DEBUG|INFO|WARN|ERROR)\b/.exec(message);
  return m?.[1] ? m[1].toLowerCase() : 'info';
}

/** A pod name of the revision, as Knative names them (deterministic here). */
export function podName(revision: string): string {
  const h = uuidFrom(`pod/${revision}`).replace(/-/g, '');
  return `${revision}-deployment-${h.slice(0, 10)}-${h.slice(10, 15)}`;
}

const BURST_ORD = 90_000;

function countUntil(start: number, step: number, end: number): number {
  return end < start ? 0 : Math.floor((end - start) / step) + 1;
}

export function segments(c: ContainerRecord, now: number): Segment[] {
  const out: Segment[] = [];
  for (const r of startedBy(c, now)) {
    const f = r.outcome.failure;
    const pod = podName(r.revision);
    const ord = r.number * 2;
    if (r.outcome.kind === 'cancel' || (f && !f.podRan)) continue;
    const start = r.startAt + 3_000;
    if (f) {
      const lines = f.logLines ?? ['ERROR container exited'];
      const later = c.rollouts.find((x) => x.startAt > r.startAt);
      const end = Math.min(later ? later.startAt : now, now);
      const count = countUntil(start, 10_000, end);
      out.push({ ord, pod, container: 'user-container', revision: r.revision, start, step: 10_000, count, line: (k) => lines[k % lines.length] ?? '' });
      continue;
    }
    const end = servedUntil(c, r, now);
    out.push({ ord, pod, container: 'user-container', revision: r.revision, start, step: 15_000, count: countUntil(start, 15_000, end), line: (k) => APP_LINES[k % APP_LINES.length]?.(k) ?? '' });
    const pStart = r.endAt + 1_000;
    out.push({ ord: ord + 1, pod, container: 'queue-proxy', revision: r.revision, start: pStart, step: 20_000, count: countUntil(pStart, 20_000, end), line: proxyLine });
  }
  c.bursts.forEach((b, i) => {
    out.push({
      ord: BURST_ORD + i,
      pod: podName(b.revision),
      container: 'user-container',
      revision: b.revision,
      start: b.start,
      step: b.step,
      count: b.count,
      line: (k) => APP_LINES[k % APP_LINES.length]?.(k) ?? '',
    });
  });
  return out;
}

// A burst spreads its lines evenly, so its step may be fractional; entry times are whole
// milliseconds, or the cursor (digits only) could not carry them.
function timeAt(s: Segment, k: number): number {
  return Math.floor(s.start + k * s.step);
}

function after(t: number, s: number, k: number, c: Cursor): boolean {
  if (t !== c.t) return t > c.t;
  if (s !== c.s) return s > c.s;
  return k > c.k;
}

export interface LogPage {
  entries: LogEntryView[];
  nextCursor: Cursor | null;
}

/** Bound on entries examined per request, so a level filter that matches nothing stays cheap. */
const SCAN_BUDGET = 50_000;

export function readLogs(c: ContainerRecord, q: LogQuery, now: number): LogPage {
  const segs = segments(c, now).filter((s) => q.container === 'all' || s.container === q.container);
  const heads = segs.map((s) => {
    const last = Math.min(s.count - 1, Math.ceil((q.until + 1 - s.start) / s.step) - 1);
    let k = Math.max(0, Math.ceil((q.since - s.start) / s.step));
    if (q.cursor) {
      k = Math.max(k, Math.floor((q.cursor.t - s.start) / s.step) - 1);
      while (k <= last && !after(timeAt(s, k), s.ord, k, q.cursor)) k++;
    }
    return { s, k, last };
  });
  const needle = q.level?.toLowerCase() ?? null;
  const entries: LogEntryView[] = [];
  let lastPos: Cursor | null = null;
  let scanned = 0;
  for (;;) {
    let best: (typeof heads)[number] | undefined;
    for (const h of heads) {
      if (h.k > h.last) continue;
      if (!best) {
        best = h;
        continue;
      }
      const t = timeAt(h.s, h.k);
      const bt = timeAt(best.s, best.k);
      if (t < bt || (t === bt && h.s.ord < best.s.ord)) best = h;
    }
    if (!best) return { entries, nextCursor: null };
    if (entries.length >= q.limit || scanned >= SCAN_BUDGET) return { entries, nextCursor: lastPos };
    const t = timeAt(best.s, best.k);
    const message = best.s.line(best.k);
    lastPos = { t, s: best.s.ord, k: best.k };
    best.k += 1;
    scanned += 1;
    if (needle && !message.toLowerCase().includes(needle)) continue;
    const level = claimedLevel(message);
    const stream = level === 'error' || level === 'warn' ? 'stderr' : 'stdout';
    entries.push({ timestamp: iso(t), message, level, pod: best.s.pod, container: best.s.container, stream });
  }
}

// The cursor is an opaque string of digits (real-api): 15 digits of time, 5 of segment,
// then the index within the segment.
export function encodeCursor(c: Cursor): string {
  return `${String(c.t).padStart(15, '0')}${String(c.s).padStart(5, '0')}${c.k}`;
}

export function decodeCursor(raw: string): Cursor | null {
  const m = /^([0-9]{15})([0-9]{5})([0-9]{1,12})$/.exec(raw);
  if (!m) return null;
  return { t: Number(m[1]), s: Number(m[2]), k: Number(m[3]) };
}
