// Databases and caches with the connection fields of spec 2.2.

export type DbEngine = 'postgresql' | 'mysql' | 'mariadb';
export type CacheEngine = 'redis' | 'valkey' | 'dragonfly';

export interface DatastoreRecord {
  kind: 'database' | 'cache';
  id: number;
  name: string;
  projectId: string;
  engine: DbEngine | CacheEngine;
  version: string;
  status: string;
  password: string;
  /** The database that exists on the cluster; null = created without a name (bootstrap db). */
  databaseName: string | null;
  dnsPort: number | null;
  replicas: number;
  sentinel: boolean;
  operatorManaged: boolean;
  createdAt: number;
}

const ENGINE_PORT: Record<string, number> = { postgresql: 5432, mysql: 3306, mariadb: 3306, redis: 6379, valkey: 6379, dragonfly: 6379 };
export const DNS_PORT_BASE = 30000;

export function enginePort(engine: string): number {
  return ENGINE_PORT[engine] ?? 0;
}

export function internalHost(d: DatastoreRecord): string {
  return `${d.name}.svc.cluster.local`;
}

export function managedHost(d: DatastoreRecord): string {
  return `${d.name}.${d.projectId.replace(/^prj-/, '')}.managed.sim.local`;
}

export function connectionFields(d: DatastoreRecord) {
  const port = enginePort(d.engine);
  const host = internalHost(d);
  const dnsOn = d.dnsPort !== null;
  const connHost = dnsOn ? managedHost(d) : host;
  const connPort = dnsOn ? (d.dnsPort ?? port) : port;
  const reads = [];
  for (let i = 1; i <= d.replicas; i++) reads.push({ host: `${d.name}-replica-${i}.svc.cluster.local`, port, role: 'replica' });
  if (d.sentinel) reads.push({ host: `${d.name}-sentinel.svc.cluster.local`, port: 26379, role: 'sentinel' });
  return {
    internal_host: host,
    internal_port: port,
    internal_endpoint: `${host}:${port}`,
    dns_hostname: dnsOn ? managedHost(d) : null,
    dns_port: dnsOn ? d.dnsPort : null,
    public_endpoint: dnsOn ? `${managedHost(d)}:${d.dnsPort}` : null,
    connection_host: connHost,
    connection_port: connPort,
    port,
    endpoint: `${connHost}:${connPort}`,
    read_endpoints: reads,
  };
}

export function datastoreJson(d: DatastoreRecord) {
  return {
    id: d.id,
    name: d.name,
    engine: d.engine,
    version: d.version,
    status: d.status,
    project_id: d.projectId,
    operator_managed: d.operatorManaged,
    public_dns_enabled: d.dnsPort !== null,
    created_at: new Date(d.createdAt).toISOString(),
    ...connectionFields(d),
  };
}

/** Spec 2.2 rule 4: superuser, the database that exists (bootstrap db when unnamed), a URL. */
export function credentialsJson(d: DatastoreRecord) {
  const f = connectionFields(d);
  const pass = encodeURIComponent(d.password);
  if (d.kind === 'database') {
    const username = d.engine === 'postgresql' ? 'postgres' : 'root';
    const database = d.databaseName ?? (d.engine === 'postgresql' ? 'app' : 'defaultdb');
    const scheme = d.engine === 'postgresql' ? 'postgresql' : 'mysql';
    return {
      username,
      password: d.password,
      database,
      connection_info: `${scheme}://${username}:${pass}@${f.connection_host}:${f.connection_port}/${database}`,
      ...f,
    };
  }
  return {
    username: 'default',
    password: d.password,
    database: null,
    connection_info: `redis://default:${pass}@${f.connection_host}:${f.connection_port}/0`,
    ...f,
  };
}

export class DatastoreStore {
  readonly items: DatastoreRecord[] = [];

  list(kind: DatastoreRecord['kind'], projectId: string): DatastoreRecord[] {
    return this.items.filter((d) => d.kind === kind && d.projectId === projectId);
  }

  get(kind: DatastoreRecord['kind'], projectId: string, id: number): DatastoreRecord | undefined {
    return this.items.find((d) => d.kind === kind && d.projectId === projectId && d.id === id);
  }

  /** Ports on the shared load balancer are unique across the whole world. */
  enableDns(d: DatastoreRecord): void {
    if (d.dnsPort !== null) return;
    const used = new Set(this.items.map((x) => x.dnsPort));
    let p = DNS_PORT_BASE;
    while (used.has(p)) p++;
    d.dnsPort = p;
  }

  disableDns(d: DatastoreRecord): void {
    d.dnsPort = null;
  }
}
