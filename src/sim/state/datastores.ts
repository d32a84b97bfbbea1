// Databases and caches (real-api DatabaseInstanceResource / CacheInstanceResource) with the
// connection fields of spec 2.2 and the credentials payloads.
import { iso } from '../clock.js';
import { legacyStatus, lifecycleStatus, type Lifecycle } from './lifecycle.js';
import { settledStatus, type StatusView } from './status.js';
import { TeamStore } from './store.js';

export type DbEngine = 'postgresql' | 'mysql' | 'mariadb';
export type CacheEngine = 'redis' | 'valkey' | 'dragonfly';
export type DatastoreKind = 'database' | 'cache';

export interface DatastoreRecord {
  kind: DatastoreKind;
  id: string;
  teamId: number;
  name: string;
  engine: DbEngine | CacheEngine;
  version: string;
  status: string;
  password: string;
  /** The database that exists on the cluster; null = created without a name (bootstrap db). */
  databaseName: string | null;
  dnsPort: number | null;
  operatorManaged: boolean;
  resourceProfile: string;
  datacenter: string;
  createdAt: number;
  updatedAt: number;
  /** Operations in simulated time (a clone provisioning, a restore); absent: settled as `status` says. */
  life?: Lifecycle;
}

const ENGINE_PORT: Record<string, number> = { postgresql: 5432, mysql: 3306, mariadb: 3306, redis: 6379, valkey: 6379, dragonfly: 6379 };
const PROVIDERS: Record<string, { id: number; name: string }> = {
  postgresql: { id: 1, name: 'PostgreSQL' },
  mysql: { id: 2, name: 'MySQL' },
  mariadb: { id: 3, name: 'MariaDB' },
  redis: { id: 1, name: 'Redis' },
  valkey: { id: 2, name: 'Valkey' },
  dragonfly: { id: 3, name: 'Dragonfly' },
};
const SIZES: Record<string, { cpu: number; memoryMb: number; storageGb: number; cents: number }> = {
  small: { cpu: 1, memoryMb: 1024, storageGb: 10, cents: 1500 },
  medium: { cpu: 2, memoryMb: 4096, storageGb: 40, cents: 4500 },
  large: { cpu: 4, memoryMb: 8192, storageGb: 100, cents: 9000 },
};
const LABELS: Record<string, string> = { running: 'Running', stopped: 'Stopped', provisioning: 'Provisioning', error: 'Error', pending: 'Pending', restoring: 'Restoring' };
export const DNS_PORT_BASE = 30000;

export function enginePort(engine: string): number {
  return ENGINE_PORT[engine] ?? 0;
}

export function internalHost(d: DatastoreRecord): string {
  return `${d.name}.svc.cluster.local`;
}

export function managedHost(d: DatastoreRecord, teamName: string): string {
  return `${d.name}.${teamName}.managed.sim.local`;
}

/** Spec 2.2: private fields always; public ones when DNS is on; the pair to connect to now. */
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

function superuser(d: DatastoreRecord): string {
  return d.kind === 'cache' ? 'default' : d.engine === 'postgresql' ? 'postgres' : 'root';
}

function common(d: DatastoreRecord) {
  const size = SIZES[d.resourceProfile] ?? SIZES.small!;
  const provider = PROVIDERS[d.engine] ?? { id: 0, name: d.engine };
  return { size, provider: { id: provider.id, name: provider.name, type: d.engine }, engine: { id: provider.id, name: provider.name } };
}

/** The legacy status and status_details at `now`: the lifecycle's once an operation ran, else settled. */
export function datastoreStatus(d: DatastoreRecord, now?: number): { status: string; details: StatusView } {
  if (!d.life || now === undefined) return { status: d.status, details: settledStatus(d.status, d.updatedAt) };
  return { status: legacyStatus(d.life, now), details: lifecycleStatus(d.life, { family: d.kind, name: d.name }, now) };
}

// A settled state never goes stale (real-api), so the stale fault leaves these alone.
export function instanceJson(d: DatastoreRecord, teamName: string, now?: number) {
  const { size, provider, engine } = common(d);
  const c = connectionFields(d, teamName);
  const { status, details } = datastoreStatus(d, now);
  const head = {
    id: d.id,
    name: d.name,
    status,
    status_label: LABELS[status] ?? 'Pending',
    status_details: details,
    capabilities: { logs: true, events: true, diagnose: true },
    resource_profile: d.resourceProfile,
    cpu_cores: size.cpu,
    memory_size_mb: size.memoryMb,
  };
  const tail = {
    monthly_cost_cents: size.cents,
    monthly_cost_dollars: size.cents / 100,
    deployed_at: iso(d.createdAt + 5 * 60_000),
    created_at: iso(d.createdAt),
    updated_at: iso(d.updatedAt),
    team_id: d.teamId,
    user_id: 1,
    can_be_started: status === 'stopped',
    can_be_stopped: status === 'running',
    can_be_destroyed: details.operation.terminal,
  };
  if (d.kind === 'cache') {
    return { ...head, version: d.version, provider_id: provider.id, provider, ...c, ...tail };
  }
  return {
    ...head,
    storage_size_gb: size.storageGb,
    version: d.version,
    database_name: d.databaseName,
    datacenter: d.datacenter,
    provider_id: provider.id,
    provider,
    engine,
    ...c,
    proxy_dns_hostname: null,
    proxy_dns_port: null,
    proxy_any_dns_port: null,
    username: superuser(d),
    storage_autoscale_policy: null,
    ...tail,
  };
}

/** Spec 2.2 rule 4: superuser, the database that exists (bootstrap db when unnamed), a URL. */
export function credentialsJson(d: DatastoreRecord, teamName: string) {
  const c = connectionFields(d, teamName);
  const username = superuser(d);
  const pass = encodeURIComponent(d.password);
  const host = c.connection_host;
  const port = c.connection_port;
  if (d.kind === 'cache') {
    return { host, port, username, password: d.password, connection_info: `redis://${username}:${pass}@${host}:${port}/0` };
  }
  const database = d.databaseName ?? (d.engine === 'postgresql' ? 'app' : 'defaultdb');
  const scheme = d.engine === 'postgresql' ? 'postgresql' : 'mysql';
  return { host, port, username, database, password: d.password, connection_info: `${scheme}://${username}:${pass}@${host}:${port}/${database}` };
}

/** The show answer's `connection_info`: the URL without the password. */
export function publicConnectionInfo(d: DatastoreRecord, teamName: string): string {
  const c = connectionFields(d, teamName);
  const scheme = d.kind === 'cache' ? 'redis' : d.engine === 'postgresql' ? 'postgresql' : 'mysql';
  const path = d.kind === 'cache' ? '0' : (d.databaseName ?? (d.engine === 'postgresql' ? 'app' : 'defaultdb'));
  return `${scheme}://${superuser(d)}@${c.connection_host}:${c.connection_port}/${path}`;
}

export class DatastoreStore extends TeamStore<DatastoreRecord> {
  ofKind(kind: DatastoreKind, teamId: number): DatastoreRecord[] {
    return this.list(teamId).filter((d) => d.kind === kind);
  }

  find(kind: DatastoreKind, teamId: number, rawId: string | undefined): DatastoreRecord | undefined {
    const d = this.get(teamId, rawId);
    return d?.kind === kind ? d : undefined;
  }

  /** Ports on the shared load balancer are unique across the whole world. */
  enableDns(d: DatastoreRecord, at: number): void {
    if (d.dnsPort !== null) return;
    const used = new Set(this.items.map((x) => x.dnsPort));
    let p = DNS_PORT_BASE;
    while (used.has(p)) p++;
    d.dnsPort = p;
    d.updatedAt = at;
  }

  disableDns(d: DatastoreRecord, at: number): void {
    d.dnsPort = null;
    d.updatedAt = at;
  }
}
