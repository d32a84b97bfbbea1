// Serverless containers and their rollout state machine (spec 2.3, 3.1; contract 6).
// Changes are recorded with their sim time; rollouts are materialized lazily from the
// clock by `settle`, so the whole history is a pure function of the recorded changes.
import { outcomeFor, QUEUE_DELAY_MS, type Outcome } from './failures.js';

export interface ContainerSpec {
  image_url: string;
  port: number;
  environment_variables: Record<string, string>;
  min_instances: number;
  max_instances: number;
  resource_profile: string;
  deployment_type: string;
}

export interface Change {
  generation: number;
  at: number;
  spec: ContainerSpec;
}

export interface Rollout {
  /** The highest spec_generation merged into this rollout (= observed_generation). */
  generation: number;
  startAt: number;
  endAt: number;
  spec: ContainerSpec;
  outcome: Outcome;
  revision: string;
}

export interface LogBurst {
  revision: string;
  start: number;
  step: number;
  count: number;
}

export interface ContainerRecord {
  id: number;
  name: string;
  projectId: string;
  createdAt: number;
  updatedAt: number;
  spec: ContainerSpec;
  specGeneration: number;
  changes: Change[];
  rollouts: Rollout[];
  stoppedAt: number | null;
  bursts: LogBurst[];
}

export const DEFAULT_SPEC: Omit<ContainerSpec, 'image_url'> = {
  port: 8080,
  environment_variables: {},
  min_instances: 0,
  max_instances: 3,
  resource_profile: 'small',
  deployment_type: 'image',
};

export class ContainerStore {
  private readonly items: ContainerRecord[] = [];
  private nextId: number;

  constructor(firstId = 101) {
    this.nextId = firstId;
  }

  list(projectId: string, now: number): ContainerRecord[] {
    return this.items.filter((c) => c.projectId === projectId).map((c) => settle(c, now));
  }

  get(projectId: string, id: number, now: number): ContainerRecord | undefined {
    const c = this.items.find((x) => x.id === id && x.projectId === projectId);
    return c ? settle(c, now) : undefined;
  }

  findAnyProject(id: number): ContainerRecord | undefined {
    return this.items.find((x) => x.id === id);
  }

  byName(projectId: string, name: string): ContainerRecord | undefined {
    return this.items.find((x) => x.projectId === projectId && x.name === name);
  }

  create(projectId: string, name: string, spec: ContainerSpec, at: number, id?: number): ContainerRecord {
    const c: ContainerRecord = {
      id: id ?? this.nextId++,
      name,
      projectId,
      createdAt: at,
      updatedAt: at,
      spec,
      specGeneration: 0,
      changes: [],
      rollouts: [],
      stoppedAt: null,
      bursts: [],
    };
    if (id !== undefined) this.nextId = Math.max(this.nextId, id + 1);
    this.items.push(c);
    return this.change(c, spec, at);
  }

  /** Records an update or redeploy: a new spec_generation, queued for rollout. */
  change(c: ContainerRecord, spec: ContainerSpec, at: number): ContainerRecord {
    settle(c, at);
    c.specGeneration += 1;
    c.spec = spec;
    c.updatedAt = at;
    c.stoppedAt = null;
    c.changes.push({ generation: c.specGeneration, at, spec });
    return c;
  }

  stop(c: ContainerRecord, at: number): void {
    settle(c, at);
    c.stoppedAt = at;
  }

  delete(c: ContainerRecord): void {
    const i = this.items.indexOf(c);
    if (i >= 0) this.items.splice(i, 1);
  }
}

/**
 * Materializes every rollout that has started by `now`. A rollout starts QUEUE_DELAY_MS
 * after the oldest waiting change, but never before the previous rollout ended (one at a
 * time, in order); every change sent by its start is merged into it.
 */
export function settle(c: ContainerRecord, now: number): ContainerRecord {
  for (;;) {
    const prev = c.rollouts.at(-1);
    const observed = prev?.generation ?? 0;
    const waiting = c.changes.filter((ch) => ch.generation > observed);
    const first = waiting[0];
    if (!first) break;
    const start = Math.max(first.at + QUEUE_DELAY_MS, prev ? prev.endAt : -Infinity);
    if (start > now) break;
    const merged = waiting.filter((ch) => ch.at <= start);
    const last = merged.at(-1) ?? first;
    const outcome = outcomeFor(last.spec.image_url);
    c.rollouts.push({
      generation: last.generation,
      startAt: start,
      endAt: start + outcome.durationMs,
      spec: last.spec,
      outcome,
      revision: `${c.name}-${String(c.rollouts.length + 1).padStart(5, '0')}`,
    });
  }
  return c;
}

export function startedBy(c: ContainerRecord, t: number): Rollout[] {
  return c.rollouts.filter((r) => r.startAt <= t);
}

/** The rollout whose revision takes the traffic at time t (the last one that became ready). */
export function servingAt(c: ContainerRecord, t: number): Rollout | undefined {
  return startedBy(c, t)
    .filter((r) => r.endAt <= t && (r.outcome.kind === 'success' || r.outcome.kind === 'noingress'))
    .at(-1);
}

/** When a rollout's revision stopped taking traffic (a later ready revision replaced it). */
export function servedUntil(c: ContainerRecord, r: Rollout, now: number): number {
  const later = c.rollouts.find(
    (x) => x.startAt > r.startAt && x.endAt <= now && (x.outcome.kind === 'success' || x.outcome.kind === 'noingress'),
  );
  const stop = c.stoppedAt !== null && c.stoppedAt <= now ? c.stoppedAt : now;
  return Math.min(later ? later.endAt : now, stop);
}
