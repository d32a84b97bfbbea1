// One-off runs and cron schedules of containers (real-api "Runs and schedules"). A run's
// command decides its fate, so tests and demos can choose it:
//   `exit N` (also `sh -c "exit N"`)  fails with exit code N after RUN_MS
//   `sleep S`                          runs S seconds (past its timeout_seconds: timed_out)
//   anything else                      succeeds after RUN_MS
// Every run waits QUEUE_MS queued first; its log grows by LINES_PER_SECOND while it runs.
// Like the containers, state is derived from the sim clock when a request reads it.
//
// The runs belong to the world's container store: a reset replaces that store, and with it
// the runs and schedules (kept beside it, so world.ts needs no field of its own).
import { nextRuns, parseCron } from '../../shared/cron.js';
import { iso, SECOND } from '../clock.js';
import type { ContainerStore } from './containers.js';

export const QUEUE_MS = 1 * SECOND;
export const RUN_MS = 3 * SECOND;
export const LINES_PER_SECOND = 2;
export const DEFAULT_RUN_TIMEOUT_SECONDS = 900;

export type RunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'timed_out';

export interface RunRecord {
  id: string;
  containerId: string;
  command: string[] | null;
  image: string;
  envKeys: string[];
  timeoutSeconds: number;
  createdAt: number;
  /** How long the command would take, and how it would end, if nothing stopped it. */
  plannedMs: number;
  plannedExit: number;
  cancelledAt: number | null;
}

export interface ScheduleRecord {
  id: string;
  containerId: string;
  name: string;
  cronExpression: string;
  timezone: string;
  command: string[] | null;
  imageTag: string | null;
  timeoutSeconds: number;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
}

export class RunStore {
  readonly runs: RunRecord[] = [];
  readonly schedules: ScheduleRecord[] = [];

  runsOf(containerId: string): RunRecord[] {
    return this.runs.filter((r) => r.containerId === containerId);
  }

  schedulesOf(containerId: string): ScheduleRecord[] {
    return this.schedules.filter((s) => s.containerId === containerId);
  }
}

const stores = new WeakMap<ContainerStore, RunStore>();

/** The runs and schedules beside a container store (new after every reset). */
export function runStoreOf(containers: ContainerStore): RunStore {
  let s = stores.get(containers);
  if (!s) {
    s = new RunStore();
    stores.set(containers, s);
  }
  return s;
}

/** The shell text a command stands for: `sh -c "exit 3"` is `exit 3`. */
function scriptOf(command: string[] | null): string {
  if (!command || command.length === 0) return '';
  if (/^(ba|da|z)?sh$/.test(command[0]!) && command[1] === '-c' && command[2] !== undefined) return command[2];
  return command.join(' ');
}

/** How long a command runs and with what exit code (the rules at the top of this file). */
export function planOf(command: string[] | null): { ms: number; exit: number } {
  const script = scriptOf(command).trim();
  const exit = /^exit\s+(\d{1,3})$/.exec(script);
  if (exit) return { ms: RUN_MS, exit: Number(exit[1]) % 256 };
  const sleep = /^sleep\s+(\d+(?:\.\d+)?)$/.exec(script);
  if (sleep) return { ms: Math.round(Number(sleep[1]) * SECOND), exit: 0 };
  return { ms: RUN_MS, exit: 0 };
}

export interface RunView {
  status: RunStatus;
  terminal: boolean;
  startedAt: number | null;
  finishedAt: number | null;
  exitCode: number | null;
}

/** A run as it stands at `now`. */
export function runAt(r: RunRecord, now: number): RunView {
  const start = r.createdAt + QUEUE_MS;
  const limitMs = r.timeoutSeconds * SECOND;
  const natural = start + Math.min(r.plannedMs, limitMs);
  if (r.cancelledAt !== null && r.cancelledAt < natural && r.cancelledAt <= now) {
    return { status: 'cancelled', terminal: true, startedAt: r.cancelledAt >= start ? start : null, finishedAt: r.cancelledAt, exitCode: null };
  }
  if (now < start) return { status: 'queued', terminal: false, startedAt: null, finishedAt: null, exitCode: null };
  if (now < natural) return { status: 'running', terminal: false, startedAt: start, finishedAt: null, exitCode: null };
  if (r.plannedMs > limitMs) return { status: 'timed_out', terminal: true, startedAt: start, finishedAt: natural, exitCode: null };
  const failed = r.plannedExit !== 0;
  return { status: failed ? 'failed' : 'succeeded', terminal: true, startedAt: start, finishedAt: natural, exitCode: r.plannedExit };
}

export function runJson(r: RunRecord, now: number): Record<string, unknown> {
  const v = runAt(r, now);
  const message =
    v.status === 'failed'
      ? `The command exited with code ${v.exitCode}.`
      : v.status === 'timed_out'
        ? `The run exceeded its timeout of ${r.timeoutSeconds} seconds.`
        : v.status === 'cancelled'
          ? 'The run was cancelled.'
          : null;
  return {
    id: r.id,
    container_id: r.containerId,
    status: v.status,
    terminal: v.terminal,
    command: r.command,
    image: r.image,
    env_keys: r.envKeys,
    timeout_seconds: r.timeoutSeconds,
    exit_code: v.exitCode,
    message,
    created_at: iso(r.createdAt),
    started_at: v.startedAt === null ? null : iso(v.startedAt),
    finished_at: v.finishedAt === null ? null : iso(v.finishedAt),
    duration_seconds: v.startedAt !== null && v.finishedAt !== null ? Math.round((v.finishedAt - v.startedAt) / SECOND) : null,
  };
}

/** The whole log text at `now`: LINES_PER_SECOND lines per second of running, then how it ended. */
export function runLogsJson(r: RunRecord, now: number): Record<string, unknown> {
  const v = runAt(r, now);
  if (v.startedAt === null) return { run_id: r.id, source: 'none', logs: '' };
  const until = Math.min(now, v.finishedAt ?? now);
  const lines = [`$ ${(r.command ?? ['(image default command)']).join(' ')}`];
  const count = Math.floor(((until - v.startedAt) / SECOND) * LINES_PER_SECOND);
  for (let i = 1; i <= count; i++) lines.push(`[${(i / LINES_PER_SECOND).toFixed(1)}s] working (line ${i})`);
  if (v.terminal) lines.push(v.status === 'succeeded' || v.status === 'failed' ? `exited with code ${v.exitCode}` : v.status === 'timed_out' ? 'killed: timeout' : 'killed: cancelled');
  return { run_id: r.id, source: v.terminal ? 'stored' : 'live', logs: lines.join('\n') + '\n' };
}

export function scheduleJson(s: ScheduleRecord, now: number): Record<string, unknown> {
  const next = s.enabled ? nextRuns(parseCron(s.cronExpression), s.timezone, now, 1)[0] : undefined;
  return {
    id: s.id,
    name: s.name,
    cron_expression: s.cronExpression,
    timezone: s.timezone,
    command: s.command,
    image_tag: s.imageTag,
    timeout_seconds: s.timeoutSeconds,
    enabled: s.enabled,
    next_run_at: next ? new Date(next.at).toISOString() : null,
    last_run_at: null,
    last_skipped_at: null,
    last_skip_reason: null,
    created_at: iso(s.createdAt),
    updated_at: iso(s.updatedAt),
  };
}
