// The whole simulated world: one instance per simulator, no module-level state. It owns the
// core stores (containers, databases, caches, recovery) and a registry of modules: a product
// family registers its own stores, seed and routes, so the world imports no family.
import { SimClock, type SimClockOptions } from '../clock.js';
import { AuthState } from './auth.js';
import { ContainerStore, type ContainerRecord } from './containers.js';
import type { RequestHandler } from 'msw';
import type { DatastoreRecord } from './datastores.js';
import { IdSource } from './ids.js';
import { DEFAULT_RATE_LIMIT, RateLimiter } from './ratelimit.js';
import { RecoveryStore } from './recovery.js';
import { statusAt, type StatusAt } from './status.js';
import { TeamStore } from './store.js';
import type { ApprovalRecord } from './approvals.js';

export interface Faults {
  logs_unavailable: boolean;
  latency_ms: number;
  rate_limit_per_minute: number;
  stale: boolean;
  /** false: answer as a server that predates spec_generation / observed_generation. */
  generations: boolean;
}

export const DEFAULT_FAULTS: Faults = { logs_unavailable: false, latency_ms: 0, rate_limit_per_minute: DEFAULT_RATE_LIMIT, stale: false, generations: true };

/**
 * A part of the simulated world that registers itself (world.register): a product family or
 * the core seed. A family that keeps records declares its store's type on World by module
 * augmentation (see families/vps.ts) and creates it here, so the world needs no import of it.
 */
export interface SimModule {
  name: string;
  /** Stores by the World property they live under, created empty at install and on reset. */
  stores?: Record<string, () => unknown>;
  /** Seeds the module's records; `now` is the sim time the world is seeded at. */
  seed?(world: World, now: number): void;
  /** The /api/v1 routes the module serves (families), in the order they are tried. */
  routes?(world: World): RequestHandler[];
}

export interface WorldOptions extends SimClockOptions {
  /** The baseline of the generations switch (reset returns to it). */
  generations?: boolean;
}

export class World {
  readonly clock: SimClock;
  readonly auth = new AuthState();
  readonly rate: RateLimiter;
  private readonly baseline: Faults;
  faults: Faults;
  /** Sim time the stale fault was switched on: stale statuses are frozen there. */
  staleSince: number | null = null;
  ids = new IdSource();
  containers = new ContainerStore();
  databases = new TeamStore<DatastoreRecord>();
  caches = new TeamStore<DatastoreRecord>();
  recovery = new RecoveryStore();
  approvals = new TeamStore<ApprovalRecord>();
  private readonly modules: SimModule[] = [];
  /** Sim time the current world was seeded at (start or the last reset): every seed is relative to it. */
  private seededAt: number;

  constructor(opts: SimClock | WorldOptions = {}) {
    this.clock = opts instanceof SimClock ? opts : new SimClock(opts);
    this.baseline = { ...DEFAULT_FAULTS, generations: opts instanceof SimClock ? true : (opts.generations ?? true) };
    this.faults = { ...this.baseline };
    this.rate = new RateLimiter(() => this.faults.rate_limit_per_minute);
    this.seededAt = this.clock.ms();
  }

  /**
   * How a module (a product family, or the core seed) joins the world: its stores are created
   * on the world under their names, then its seed runs. Modules install in registration order,
   * so a seed may refer to what an earlier module seeded; reset reinstalls them in that order.
   */
  register(module: SimModule): void {
    if (this.modules.some((m) => m.name === module.name)) throw new Error(`The simulator module ${module.name} is registered twice.`);
    const taken = Object.keys(module.stores ?? {}).filter((key) => key in this);
    if (taken.length) throw new Error(`The simulator module ${module.name} names stores the world already has: ${taken.join(', ')}.`);
    this.modules.push(module);
    this.install(module);
  }

  /** The registered modules, in registration order (the routes are served in that order). */
  registered(): readonly SimModule[] {
    return this.modules;
  }

  private install(module: SimModule): void {
    const slots = this as unknown as Record<string, unknown>;
    for (const [key, make] of Object.entries(module.stores ?? {})) slots[key] = make();
    module.seed?.(this, this.seededAt);
  }

  now(): number {
    return this.clock.ms();
  }

  /** Back to the seeded world (relative to the current sim time), faults back to the baseline. */
  reset(): void {
    this.faults = { ...this.baseline };
    this.staleSince = null;
    this.ids = new IdSource();
    this.containers = new ContainerStore();
    this.databases = new TeamStore<DatastoreRecord>();
    this.caches = new TeamStore<DatastoreRecord>();
    this.recovery = new RecoveryStore();
    this.approvals = new TeamStore<ApprovalRecord>();
    this.rate.clear();
    this.seededAt = this.clock.ms();
    for (const m of this.modules) this.install(m);
  }

  setFaults(patch: Partial<Faults>): Faults {
    const wasStale = this.faults.stale;
    this.faults = { ...this.faults, ...patch };
    if (this.faults.stale && !wasStale) this.staleSince = this.now();
    if (!this.faults.stale) this.staleSince = null;
    return this.faults;
  }

  /** The status a read sees now: live, or with the stale fault the one last observed. */
  status(c: ContainerRecord): StatusAt {
    const now = this.now();
    if (this.staleSince === null) return statusAt(c, now);
    const frozen = statusAt(c, Math.max(this.staleSince, c.createdAt));
    return { ...frozen, details: { ...frozen.details, stale: true } };
  }
}
