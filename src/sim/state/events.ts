// Platform events (real-api ServerlessEventResource), derived from the rollouts and
// garbage-collected after an hour (docs/behaviour.md#api-diagnose: absence of events proves nothing).
import { iso, HOUR } from '../clock.js';
import { imageRef, startedBy, type ContainerRecord } from './containers.js';

export const EVENT_TTL_MS = HOUR;

export interface EventView {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
  resource: { kind: string; name: string };
  count: number;
  first_seen: string;
  last_seen: string;
}

interface RawEvent {
  type: EventView['type'];
  reason: string;
  message: string;
  kind: string;
  name: string;
  first: number;
  every?: number;
}

export function eventsFor(c: ContainerRecord, now: number): EventView[] {
  const raw: RawEvent[] = [];
  for (const r of startedBy(c, now)) {
    raw.push({ type: 'Normal', reason: 'Created', message: `Created revision ${r.revision}`, kind: 'Revision', name: r.revision, first: r.startAt });
    if (r.endAt > now) continue;
    const f = r.outcome.failure;
    const pod = `${r.revision}-deployment-5f7c9d-x2k4q`;
    if (r.outcome.kind === 'cancel') {
      raw.push({ type: 'Normal', reason: 'RolloutCancelled', message: `Rollout of ${r.revision} was cancelled`, kind: 'Revision', name: r.revision, first: r.endAt });
    } else if (f?.podRan) {
      const reason = f.reason === 'OOMKilled' ? 'OOMKilling' : 'BackOff';
      raw.push({ type: 'Warning', reason, message: f.message(imageRef(r.spec) ?? ''), kind: 'Pod', name: pod, first: r.startAt + 5_000, every: 30_000 });
    } else if (f) {
      raw.push({ type: 'Warning', reason: 'InternalError', message: f.message(imageRef(r.spec) ?? ''), kind: 'Revision', name: r.revision, first: r.endAt });
    } else {
      raw.push({ type: 'Normal', reason: 'RevisionReady', message: `Revision ${r.revision} is ready`, kind: 'Revision', name: r.revision, first: r.endAt });
      if (r.outcome.kind === 'noingress') {
        raw.push({ type: 'Warning', reason: 'IngressNotConfigured', message: 'Ingress has not been configured for the route', kind: 'Route', name: c.slug, first: r.endAt, every: 60_000 });
      }
    }
  }
  const out: EventView[] = [];
  for (const e of raw) {
    const until = repeatUntil(c, e, now);
    const count = e.every ? Math.max(1, Math.floor((until - e.first) / e.every) + 1) : 1;
    const last = e.first + (count - 1) * (e.every ?? 0);
    if (e.first > now || last < now - EVENT_TTL_MS) continue;
    out.push({ type: e.type, reason: e.reason, message: e.message, resource: { kind: e.kind, name: e.name }, count, first_seen: iso(e.first), last_seen: iso(last) });
  }
  return out.sort((a, b) => b.last_seen.localeCompare(a.last_seen));
}

/** Repeating events stop when the revision they concern is superseded. */
function repeatUntil(c: ContainerRecord, e: RawEvent, now: number): number {
  const rev = c.rollouts.find((r) => e.name.startsWith(r.revision));
  const later = rev ? c.rollouts.find((r) => r.startAt > rev.startAt && r.startAt <= now) : undefined;
  return Math.min(now, later ? later.startAt : now);
}
