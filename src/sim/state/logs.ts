// Container logs generated on demand from (segment, index): no entry is ever stored, so a
// container with 200,000 lines costs nothing until a page of them is read.
import { iso } from '../clock.js';
import { servedUntil, startedBy, type ContainerRecord } from './containers.js';

export type LogContainer = 'user-container' | 'queue-proxy';

interface Segment {
  id: string;
  container: LogContainer;
  revision: string;
  start: number;
  step: number;
  count: number;
  line: (k: number) => string;
}

export interface LogEntryView {
  timestamp: string;
  container: LogContainer;
  level: string | null;
  message: string;
  revision: string;
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
  s: string;
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
function claimedLevel(message: string): string | null {
  const m = /^(DEBUG|INFO|WARN|ERROR)\b/.exec(message);
  return m?.[1] ? m[1].toLowerCase() : null;
}

function countUntil(start: number, step: number, end: number): number {
  return end < start ? 0 : Math.floor((end - start) / step) + 1;
}

export function segments(c: ContainerRecord, now: number): Segment[] {
  const out: Segment[] = [];
  for (const r of startedBy(c, now)) {
    const f = r.outcome.failure;
    if (r.outcome.kind === 'cancel' || (f && !f.podRan)) continue;
    const start = r.startAt + 3_000;
    if (f) {
      const lines = f.logLines ?? ['ERROR container exited'];
      const later = c.rollouts.find((x) => x.startAt > r.startAt);
      const end = Math.min(later ? later.startAt : now, now);
      const count = countUntil(start, 10_000, end);
      out.push({ id: `${r.revision}/u`, container: 'user-container', revision: r.revision, start, step: 10_000, count, line: (k) => lines[k % lines.length] ?? '' });
      continue;
    }
    const end = servedUntil(c, r, now);
    out.push({ id: `${r.revision}/u`, container: 'user-container', revision: r.revision, start, step: 15_000, count: countUntil(start, 15_000, end), line: (k) => APP_LINES[k % APP_LINES.length]?.(k) ?? '' });
    const pStart = r.endAt + 1_000;
    out.push({ id: `${r.revision}/q`, container: 'queue-proxy', revision: r.revision, start: pStart, step: 20_000, count: countUntil(pStart, 20_000, end), line: proxyLine });
  }
  c.bursts.forEach((b, i) => {
    out.push({ id: `burst${String(i).padStart(3, '0')}`, container: 'user-container', revision: b.revision, start: b.start, step: b.step, count: b.count, line: (k) => APP_LINES[k % APP_LINES.length]?.(k) ?? '' });
  });
  return out;
}

function after(t: number, s: string, k: number, c: Cursor): boolean {
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
    const last = Math.min(s.count - 1, Math.floor((q.until - s.start) / s.step));
    let k = Math.max(0, Math.ceil((q.since - s.start) / s.step));
    if (q.cursor) {
      k = Math.max(k, Math.floor((q.cursor.t - s.start) / s.step) - 1);
      while (k <= last && !after(s.start + k * s.step, s.id, k, q.cursor)) k++;
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
      if (!best) { best = h; continue; }
      const t = h.s.start + h.k * h.s.step;
      const bt = best.s.start + best.k * best.s.step;
      if (t < bt || (t === bt && h.s.id < best.s.id)) best = h;
    }
    if (!best) return { entries, nextCursor: null };
    if (entries.length >= q.limit || scanned >= SCAN_BUDGET) return { entries, nextCursor: lastPos };
    const t = best.s.start + best.k * best.s.step;
    const message = best.s.line(best.k);
    lastPos = { t, s: best.s.id, k: best.k };
    best.k += 1;
    scanned += 1;
    if (needle && !message.toLowerCase().includes(needle)) continue;
    entries.push({ timestamp: iso(t), container: best.s.container, level: claimedLevel(message), message, revision: best.s.revision });
  }
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

export function decodeCursor(raw: string): Cursor | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (typeof v !== 'object' || v === null) return null;
    const { t, s, k } = v as Record<string, unknown>;
    if (typeof t !== 'number' || typeof s !== 'string' || typeof k !== 'number') return null;
    return { t, s, k };
  } catch {
    return null;
  }
}
