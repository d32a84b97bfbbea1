// The whole simulated world: one instance per simulator, no module-level state.
import { SimClock, type SimClockOptions } from '../clock.js';
import { AuthState } from './auth.js';
import { ContainerStore, type ContainerRecord } from './containers.js';
import { DatastoreStore } from './datastores.js';
import { DEFAULT_RATE_LIMIT, RateLimiter } from './ratelimit.js';
import { RecoveryStore } from './recovery.js';
import { seedWorld } from './seed.js';
import { statusAt, type StatusAt } from './status.js';

export interface Faults {
  logs_unavailable: boolean;
  latency_ms: number;
  rate_limit_per_minute: number;
  stale: boolean;
}

export interface VpsRecord {
  id: number;
  name: string;
  projectId: string;
  status: string;
  region: string;
  plan: string;
  ipv4: string;
  created_at: string;
}

export const DEFAULT_FAULTS: Faults = { logs_unavailable: false, latency_ms: 0, rate_limit_per_minute: DEFAULT_RATE_LIMIT, stale: false };

export class World {
  readonly clock: SimClock;
  readonly auth = new AuthState();
  readonly rate: RateLimiter;
  faults: Faults = { ...DEFAULT_FAULTS };
  /** Sim time the stale fault was switched on: stale statuses are frozen there. */
  staleSince: number | null = null;
  containers = new ContainerStore();
  datastores = new DatastoreStore();
  recovery = new RecoveryStore();
  vps: VpsRecord[] = [];

  constructor(clock: SimClock | SimClockOptions = {}) {
    this.clock = clock instanceof SimClock ? clock : new SimClock(clock);
    this.rate = new RateLimiter(() => this.faults.rate_limit_per_minute);
    seedWorld(this, this.clock.ms());
  }

  now(): number {
    return this.clock.ms();
  }

  /** Back to the seeded world (relative to the current sim time), faults cleared. */
  reset(): void {
    this.faults = { ...DEFAULT_FAULTS };
    this.staleSince = null;
    this.containers = new ContainerStore();
    this.datastores = new DatastoreStore();
    this.recovery = new RecoveryStore();
    this.vps = [];
    this.rate.clear();
    seedWorld(this, this.clock.ms());
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
