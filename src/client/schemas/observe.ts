// What the client reads to watch a container: revisions, events, logs, diagnose (docs/behaviour.md#api-observability).
import * as z from 'zod/mini';
import { lazy } from './lazy.js';
import { lenient, lenientArray, optBool, optNum, optText } from '../wire.js';
import { StatusDetails } from './common.js';

// --- Revisions, events, logs, diagnose (docs/behaviour.md#api-observability) ----------------------------------------

export const Condition = lazy(() =>
  z.looseObject({
    type: z.string(),
    status: z.string(),
    reason: optText,
    message: optText,
    last_transition_time: optText,
  }),
);

export const Revision = lazy(() =>
  z.looseObject({
    /** May be null on the real service. */
    name: optText,
    created_at: optText,
    generation: optNum,
    is_latest_created: optBool,
    is_latest_ready: optBool,
    desired_replicas: optNum,
    actual_replicas: optNum,
    conditions: lenientArray(Condition),
  }),
);

export const TrafficTarget = lazy(() => z.looseObject({ revision_name: optText, percent: optNum, latest_revision: optBool }));

export const ServiceStatus = lazy(() =>
  z.looseObject({
    name: optText,
    url: optText,
    latest_created_revision: optText,
    latest_ready_revision: optText,
    conditions: lenientArray(Condition),
  }),
);

export const RouteStatus = lazy(() =>
  z.looseObject({
    name: optText,
    url: optText,
    traffic: lenientArray(TrafficTarget),
    conditions: lenientArray(Condition),
  }),
);

export const RevisionsData = lazy(() =>
  z.looseObject({
    available: optBool,
    revisions: z.array(Revision),
    service: lenient(ServiceStatus),
    route: lenient(RouteStatus),
  }),
);

export const PlatformEvent = lazy(() =>
  z.looseObject({
    type: optText,
    reason: optText,
    message: optText,
    /** `{kind, name}` on containers; a plain string on the other products. */
    resource: lenient(z.union([z.looseObject({ kind: optText, name: optText }), z.string()])),
    count: optNum,
    first_seen: optText,
    last_seen: optText,
  }),
);

export const EventsData = lazy(() => z.looseObject({ available: optBool, events: lenientArray(PlatformEvent) }));

export const LogEntry = lazy(() =>
  z.looseObject({
    timestamp: z.string(),
    message: z.string(),
    level: optText,
    pod: optText,
    container: optText,
    stream: optText,
  }),
);

export const LogsMeta = lazy(() =>
  z.looseObject({
    next_cursor: optText,
    truncated: optBool,
    retention_days: optNum,
  }),
);

export const Finding = lazy(() =>
  z.looseObject({
    code: z.string(),
    severity: optText,
    summary: optText,
    remediation: optText,
    retryable: optBool,
    /** Local findings only: what the client saw that led to the finding. */
    evidence: lenient(z.unknown()),
  }),
);

export const DiagnoseData = lazy(() =>
  z.looseObject({
    verdict: optText,
    status: lenient(StatusDetails),
    findings: z.array(Finding),
    sections: lenient(z.looseObject({})),
  }),
);

export type Condition = z.infer<typeof Condition>;
export type Revision = z.infer<typeof Revision>;
export type RevisionsData = z.infer<typeof RevisionsData>;
export type PlatformEvent = z.infer<typeof PlatformEvent>;
export type EventsData = z.infer<typeof EventsData>;
export type LogEntry = z.infer<typeof LogEntry>;
export type LogsMeta = z.infer<typeof LogsMeta>;
export type Finding = z.infer<typeof Finding>;
export type DiagnoseData = z.infer<typeof DiagnoseData>;
