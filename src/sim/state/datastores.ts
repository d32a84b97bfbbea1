// Databases and caches (real-api DatabaseInstanceResource / CacheInstanceResource): records of
// the generic engine (a Lifecycle each), with the connection fields of docs/behaviour.md#api-connection-fields, the
// credentials payloads, and what both families share (engines, plans, public DNS ports).
import { iso, MINUTE } from '../clock.js';
import { lifecycle, type FamilyRecord, type Now } from './lifecycle.js';
import type { NetworkTier } from './network-tier.js';

export type DbEngine = 'postgresql' | 'mysql' | 'mariadb';
export type CacheEngine = 'redis' | 'valkey' | 'dragonfly';
export type DatastoreKind = 'database' | 'cache';

export interface ReplicaRecord {
  index: number;
  /** Sim time the replica streams (GitOps sync done). */
  readyAt: number;
  fails: boolean;
}

export interface DatastoreRecord extends FamilyRecord {
  id: string;
  kind: DatastoreKind;
  engine: DbEngine | CacheEngine;
  version: string;
  password: string;
  /** The database that exists on the cluster; null = created without a name (bootstrap db). */
  databaseName: string | null;
  dnsPort: number | null;
  operatorManaged: boolean;
  resourceProfile: string;
  datacenter: string;
  /** Base of the private host: the name at creation, so a rename keeps the endpoint. */
  host: string;
  storageGb: number;
  automatedSnapshots: boolean;
  createdAt: number;
  replicas: ReplicaRecord[];
  /** v1.7.0 (network-tier.ts); absent on seeded instances: `standard`. */
  networkTier?: NetworkTier;
}

interface EngineInfo {
  kind: DatastoreKind;
  port: number;
  provider: { id: number; name: string };
  /** Offered versions, newest first; the first is the default. */
  versions: readonly string[];
  scheme: string;
}

export const ENGINES: Record<DbEngine | CacheEngine, EngineInfo> = {
  postgresql: { kind: 'database', port: 5432, provider: { id: 1, name: 'PostgreSQL' }, versions: ['16.4', '17.2', '15.8'], scheme: 'postgresql' },
  mysql: { kind: 'database', port: 3306, provider: { id: 2, name: 'MySQL' }, versions: ['8.0.39', '8.4.3'], scheme: 'mysql' },
  mariadb: { kind: 'database', port: 3306, provider: { id: 3, name: 'MariaDB' }, versions: ['11.4', '10.11'], scheme: 'mysql' },
  redis: { kind: 'cache', port: 6379, provider: { id: 1, name: 'Redis' }, versions: ['7.2', '7.4'], scheme: 'redis' },
  valkey: { kind: 'cache', port: 6379, provider: { id: 2, name: 'Valkey' }, versions: ['8.0', '7.2'], scheme: 'redis' },
  dragonfly: { kind: 'cache', port: 6379, provider: { id: 3, name: 'Dragonfly' }, versions: ['1.21'], scheme: 'redis' },
};

export function enginesOf(kind: DatastoreKind): (DbEngine | CacheEngine)[] {
  return (Object.keys(ENGINES) as (DbEngine | CacheEngine)[]).filter((e) => ENGINES[e].kind === kind);
}

/** Resource profiles (plans) of both families; caches have no storage. */
export const PLANS: Record<string, { name: string; cpu: number; memoryMb: number; storageGb: number; cents: number }> = {
  small: { name: 'Small', cpu: 1, memoryMb: 1024, storageGb: 10, cents: 1500 },
  medium: { name: 'Medium', cpu: 2, memoryMb: 4096, storageGb: 40, cents: 4500 },
  large: { name: 'Large', cpu: 4, memoryMb: 8192, storageGb: 100, cents: 9000 },
};

export const DATACENTERS: Record<DatastoreKind, readonly string[]> = { database: ['fsn1', 'nbg1', 'hel1'], cache: ['ash', 'fsn1', 'nbg1', 'hel1'] };

// The facts' status_label enums: caches have no Starting/Stopping label.
const LABELS: Record<DatastoreKind, Record<string, string>> = {
  database: {
    pending: 'Pending',
    starting: 'Starting',
    stopping: 'Stopping',
    provisioning: 'Provisioning',
    running: 'Running',
    stopped: 'Stopped',
    restoring: 'Restoring',
    updating: 'Updating',
    error: 'Error',
    destroying: 'Destroying',
  },
  cache: {
    pending: 'Pending',
    starting: 'Updating',
    stopping: 'Updating',
    provisioning: 'Provisioning',
    running: 'Running',
    stopped: 'Stopped',
    restoring: 'Restoring',
    updating: 'Updating',
    error: 'Error',
    destroying: 'Destroying',
  },
};
export const DNS_PORT_BASE = 30000;

type Init = Pick<DatastoreRecord, 'kind' | 'id' | 'teamId' | 'name' | 'engine' | 'password' | 'createdAt'> & Partial<DatastoreRecord>;

/** A record with its defaults; `base` is the legacy status before any operation. */
export function newDatastore(init: Init, base = 'running'): DatastoreRecord {
  const plan = PLANS[init.resourceProfile ?? 'small'] ?? PLANS.small!;
  return {
    version: ENGINES[init.engine].versions[0]!,
    databaseName: null,
    dnsPort: null,
    operatorManaged: false,
    resourceProfile: 'small',
    datacenter: 'fsn1',
    host: init.name,
    storageGb: plan.storageGb,
    automatedSnapshots: true,
    replicas: [],
    updatedAt: init.createdAt,
    ...init,
    life: lifecycle(init.createdAt, base),
  };
}

export function enginePort(engine: string): number {
  return ENGINES[engine as DbEngine]?.port ?? 0;
}

export function internalHost(d: DatastoreRecord): string {
  return `${d.host}.svc.cluster.local`;
}

export function managedHost(d: DatastoreRecord, teamName: string): string {
  return `${d.host}.${teamName}.managed.sim.local`;
}

/** Whether the instance ever reached a node: a create still running (or failed) has not. */
export function deployed(d: DatastoreRecord, now: number): boolean {
  const first = d.life.ops[0];
  if (!first || first.kind !== 'create') return true;
  return first.endAt <= now && !first.fails;
}

/** docs/behaviour.md#api-connection-fields: private fields always; public ones when DNS is on; the pair to connect to now. */
export function connectionFields(d: DatastoreRecord, teamName: string) {
  const port = enginePort(d.engine);
  const host = internalHost(d);
  const pub = d.dnsPort === null ? null : { host: managedHost(d, teamName), port: d.dnsPort };
  const connHost = pub?.host ?? host;
  const connPort = pub?.port ?? port;
  return {
    endpoint: `${connHost}:${connPort}`,
    port,
    dns_hostname: pub?.host ?? null,
    dns_port: pub?.port ?? null,
    internal_host: host,
    internal_port: port,
    internal_endpoint: `${host}:${port}`,
    public_endpoint: pub ? `${pub.host}:${pub.port}` : null,
    connection_host: connHost,
    connection_port: connPort,
  };
}

export function superuser(d: DatastoreRecord): string {
  return d.kind === 'cache' ? 'default' : d.engine === 'postgresql' ? 'postgres' : 'root';
}

/** docs/behaviour.md#api-connection-fields: the database that exists; the bootstrap one when created without a name. */
function existingDatabase(d: DatastoreRecord): string {
  return d.databaseName ?? (d.engine === 'postgresql' ? 'app' : 'defaultdb');
}

function deployedAt(d: DatastoreRecord, now: number): string | null {
  const first = d.life.ops[0];
  if (!first || first.kind !== 'create') return iso(d.createdAt + 5 * MINUTE);
  return deployed(d, now) ? iso(first.endAt) : null;
}

// A settled state never goes stale (real-api), so the stale fault leaves these alone.
export function instanceJson(d: DatastoreRecord, at: Now, teamName: string) {
  const plan = PLANS[d.resourceProfile] ?? PLANS.small!;
  const engine = ENGINES[d.engine];
  const provider = { id: engine.provider.id, name: engine.provider.name, type: d.engine };
  const c = connectionFields(d, teamName);
  const head = {
    id: d.id,
    name: d.name,
    status: at.status,
    status_label: LABELS[d.kind][at.status] ?? 'Pending',
    status_details: at.details,
    capabilities: { logs: true, events: true, diagnose: true },
    resource_profile: d.resourceProfile,
    network_tier: d.networkTier ?? 'standard',
    cpu_cores: plan.cpu,
    memory_size_mb: plan.memoryMb,
  };
  const tail = {
    monthly_cost_cents: plan.cents,
    monthly_cost_dollars: plan.cents / 100,
    deployed_at: deployedAt(d, at.now),
    created_at: iso(d.createdAt),
    updated_at: iso(d.updatedAt),
    team_id: d.teamId,
    user_id: 1,
    can_be_started: at.status === 'stopped',
    can_be_stopped: at.status === 'running',
    can_be_destroyed: at.details.operation.terminal,
  };
  if (d.kind === 'cache') return { ...head, version: d.version, provider_id: provider.id, provider, ...c, ...tail };
  return {
    ...head,
    storage_size_gb: d.storageGb,
    version: d.version,
    database_name: d.databaseName,
    datacenter: d.datacenter,
    provider_id: provider.id,
    provider,
    engine: { id: engine.provider.id, name: engine.provider.name },
    ...c,
    proxy_dns_hostname: null,
    proxy_dns_port: null,
    proxy_any_dns_port: null,
    username: superuser(d),
    storage_autoscale_policy: null,
    ...tail,
  };
}

/** docs/behaviour.md#api-connection-fields: superuser, the database that exists (bootstrap db when unnamed), a URL. */
export function credentialsJson(d: DatastoreRecord, teamName: string) {
  const c = connectionFields(d, teamName);
  const username = superuser(d);
  const pass = encodeURIComponent(d.password);
  const host = c.connection_host;
  const port = c.connection_port;
  if (d.kind === 'cache') {
    return { host, port, username, password: d.password, connection_info: `redis://${username}:${pass}@${host}:${port}/0` };
  }
  const database = existingDatabase(d);
  const scheme = ENGINES[d.engine].scheme;
  return { host, port, username, database, password: d.password, connection_info: `${scheme}://${username}:${pass}@${host}:${port}/${database}` };
}

/** The show answer's `connection_info`: the URL without the password. */
export function publicConnectionInfo(d: DatastoreRecord, teamName: string): string {
  const c = connectionFields(d, teamName);
  const path = d.kind === 'cache' ? '0' : existingDatabase(d);
  return `${ENGINES[d.engine].scheme}://${superuser(d)}@${c.connection_host}:${c.connection_port}/${path}`;
}

/** Ports on the shared load balancer are unique across the whole world (databases and caches). */
export function enableDns(d: DatastoreRecord, everyone: Iterable<DatastoreRecord>, at: number): void {
  if (d.dnsPort !== null) return;
  const used = new Set([...everyone].map((x) => x.dnsPort));
  let p = DNS_PORT_BASE;
  while (used.has(p)) p++;
  d.dnsPort = p;
  d.updatedAt = at;
}

export function disableDns(d: DatastoreRecord, at: number): void {
  d.dnsPort = null;
  d.updatedAt = at;
}
