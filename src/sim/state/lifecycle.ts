// The life of a resource other than a container: asynchronous operations (provision, start,
// stop, reboot, reinstall, update, destroy) that take simulated time, and the status they
// show in the status model every product shares (docs/behaviour.md#api-status; real-api "one status model").
// Computed lazily from the clock, like the containers' rollouts.
//
// Failures on purpose: a resource whose name ends in `-fail` fails every operation (its
// status ends `failed` with an error); a `-slow` one takes 20 minutes per operation.
import { iso, MINUTE } from '../clock.js';
import type { StatusView } from './status.js';

export interface OpSpec {
  /** Legacy status while the operation runs (`starting`). */
  during: string;
  /** Legacy status once it succeeded (`running`); `gone` removes the resource. */
  after: string;
  /** Simulated duration. */
  ms: number;
}

export interface Op extends OpSpec {
  kind: string;
  at: number;
  endAt: number;
  fails: boolean;
}

export interface Lifecycle {
  createdAt: number;
  /** Legacy status before any operation (a seeded resource is simply running). */
  base: string;
  ops: Op[];
}

/** The family word in error codes (`vps.start_failed`). */
export interface Who {
  family: string;
  name: string;
}

export const SLOW_MS = 20 * MINUTE;

export interface FamilyRecord {
  id: string | number;
  teamId: number;
  name: string;
  life: Lifecycle;
  updatedAt: number;
}

/** What a view is given besides the record: the legacy status and status_details now. */
export interface Now {
  status: string;
  details: StatusView;
  now: number;
}

export function lifecycle(createdAt: number, base: string): Lifecycle {
  return { createdAt, base, ops: [] };
}

export function failsByName(name: string): boolean {
  return /-fail$/.test(name);
}

function durationFor(name: string, ms: number): number {
  return /-slow$/.test(name) ? SLOW_MS : ms;
}

/** The operation in flight at `now`, if any. */
export function inFlight(l: Lifecycle, now: number): Op | undefined {
  const op = l.ops.at(-1);
  return op && op.at <= now && op.endAt > now ? op : undefined;
}

/** The legacy status at `now` (`running`, `starting`, `error`, ...). */
export function legacyStatus(l: Lifecycle, now: number): string {
  const op = [...l.ops].reverse().find((o) => o.at <= now);
  if (!op) return l.base;
  if (op.endAt > now) return op.during;
  return op.fails ? 'error' : op.after;
}

/** Whether a finished destroy removed the resource (the API then answers 404). */
export function isGone(l: Lifecycle, now: number): boolean {
  const op = l.ops.at(-1);
  return !!op && op.after === 'gone' && !op.fails && op.endAt <= now;
}

/** Starts an operation; the caller checked the state allows it. */
export function begin(l: Lifecycle, who: Who, kind: string, spec: OpSpec, now: number): Op {
  const op: Op = { ...spec, kind, at: now, endAt: now + durationFor(who.name, spec.ms), fails: failsByName(who.name) };
  l.ops.push(op);
  return op;
}

const SETTLED_SUMMARY: Record<string, string> = { stopped: 'stopped', error: 'failed', gone: 'deleting' };

/** status_details at `now` (docs/behaviour.md#api-status): in flight, settled, or failed with an error. */
export function lifecycleStatus(l: Lifecycle, who: Who, now: number): StatusView {
  const started = l.ops.filter((o) => o.at <= now);
  const op = started.at(-1);
  if (!op) {
    return {
      summary: SETTLED_SUMMARY[l.base] ?? 'ready',
      health: l.base === 'stopped' ? 'unknown' : 'healthy',
      observed_at: iso(l.createdAt),
      stale: false,
      operation: { state: 'succeeded', terminal: true },
      error: null,
    };
  }
  if (op.endAt > now) {
    return {
      summary: op.after === 'gone' ? 'deleting' : started.length === 1 && op.kind === 'create' ? 'pending' : 'in_progress',
      health: 'unknown',
      observed_at: iso(op.at),
      stale: false,
      operation: { state: 'running', terminal: false },
      error: null,
    };
  }
  if (op.fails) {
    return {
      summary: 'failed',
      health: 'unhealthy',
      observed_at: iso(op.endAt),
      stale: false,
      operation: { state: 'failed', terminal: true },
      error: {
        code: `${who.family}.${op.kind}_failed`,
        source: 'provisioner',
        resource: { kind: who.family, name: who.name },
        reason: 'OperationFailed',
        message: `The ${op.kind} of ${who.name} failed on the node.`,
        retryable: false,
        observed_at: iso(op.endAt),
      },
    };
  }
  return {
    summary: SETTLED_SUMMARY[op.after] ?? 'ready',
    health: op.after === 'stopped' ? 'unknown' : 'healthy',
    observed_at: iso(op.endAt),
    stale: false,
    operation: { state: 'succeeded', terminal: true },
    error: null,
  };
}
