// The whole simulated world: one instance per simulator, no module-level state.
import { SimClock, type SimClockOptions } from '../clock.js';
import { AuthState } from './auth.js';
import { ContainerStore, type ContainerRecord } from './containers.js';
import type { DatastoreRecord } from './datastores.js';
import { IdSource } from './ids.js';
import { DEFAULT_RATE_LIMIT, RateLimiter } from './ratelimit.js';
import { RecoveryStore } from './recovery.js';
import { seedWorld } from './seed.js';
import { statusAt, type StatusAt } from './status.js';
import { TeamStore } from './store.js';
import type { VpsRecord } from '../families/vps.js';
import type { QueueRecord } from '../families/queue.js';
import type { ParameterGroupRecord } from '../families/parameter-groups.js';
import type { BucketRecord } from '../families/storage-buckets.js';
import type { AccessKeyRecord } from '../families/storage-keys.js';
import type { FirewallRecord } from '../families/firewalls.js';
import type { SshKeyRecord } from '../families/ssh-keys.js';
import type { StaticSiteRecord } from './static-sites.js';
import { WebhookState } from './webhooks.js';
import type { ApprovalRecord } from '../handlers/approvals.js';
import { attachRegistry, type RegistryState } from './registry-world.js';
import { MonitoringStores } from './monitoring.js';
import { ProductExtras } from './product-extras.js';

export interface Faults {
  logs_unavailable: boolean;
  latency_ms: number;
  rate_limit_per_minute: number;
  stale: boolean;
  /** false: answer as a server that predates spec_generation / observed_generation. */
  generations: boolean;
}

export const DEFAULT_FAULTS: Faults = { logs_unavailable: false, latency_ms: 0, rate_limit_per_minute: DEFAULT_RATE_LIMIT, stale: false, generations: true };

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
  vps = new TeamStore<VpsRecord>();
  queues = new TeamStore<QueueRecord>();
  parameterGroups = new TeamStore<ParameterGroupRecord>();
  databases = new TeamStore<DatastoreRecord>();
  caches = new TeamStore<DatastoreRecord>();
  recovery = new RecoveryStore();
  buckets = new TeamStore<BucketRecord>();
  accessKeys = new TeamStore<AccessKeyRecord>();
  firewalls = new TeamStore<FirewallRecord>();
  sshKeys = new TeamStore<SshKeyRecord>();
  staticSites = new TeamStore<StaticSiteRecord>();
  webhooks = new WebhookState();
  approvals = new TeamStore<ApprovalRecord>();
  registry!: RegistryState['registry'];
  builds!: RegistryState['builds'];
  /** Apps, uptime checks, metric and resource alerts (issue 21). */
  monitoring = new MonitoringStores();
  extras = new ProductExtras();

  constructor(opts: SimClock | WorldOptions = {}) {
    this.clock = opts instanceof SimClock ? opts : new SimClock(opts);
    this.baseline = { ...DEFAULT_FAULTS, generations: opts instanceof SimClock ? true : (opts.generations ?? true) };
    this.faults = { ...this.baseline };
    this.rate = new RateLimiter(() => this.faults.rate_limit_per_minute);
    attachRegistry(this, this.clock.ms());
    seedWorld(this, this.clock.ms());
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
    this.vps = new TeamStore<VpsRecord>();
    this.queues = new TeamStore<QueueRecord>();
    this.parameterGroups = new TeamStore<ParameterGroupRecord>();
    this.databases = new TeamStore<DatastoreRecord>();
    this.caches = new TeamStore<DatastoreRecord>();
    this.recovery = new RecoveryStore();
    this.buckets = new TeamStore<BucketRecord>();
    this.accessKeys = new TeamStore<AccessKeyRecord>();
    this.firewalls = new TeamStore<FirewallRecord>();
    this.sshKeys = new TeamStore<SshKeyRecord>();
    this.staticSites = new TeamStore<StaticSiteRecord>();
    this.webhooks = new WebhookState();
    this.approvals = new TeamStore<ApprovalRecord>();
    this.monitoring = new MonitoringStores();
    this.extras = new ProductExtras();
    this.rate.clear();
    attachRegistry(this, this.clock.ms());
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
