// Databases and caches: lists, one instance, credentials / connection info, public DNS.
// Real dialect (docs/behaviour.md#wire): one instance is wrapped in `{instance, connection_info,
// monthly_cost}`; databases carry `engine {id, name}`, caches only `provider`; credentials
// answer `{host, port, username, database?, password, connection_info}` (host and port: the
// pair to connect to now); a cache's are read from the canonical /connection-info route.
// Read replicas of a database: the facts type the replica items `unknown[]`, so they are read
// field by field and leniently (`index`, `name`, `status`... when present).
import * as z from 'zod/mini';
import type { HttpClient, RequestOptions } from './http.js';
import { paginate, type PageQuery } from './paginate.js';
import { resolveRef, type Resolved, type ResolveOptions } from './resolve.js';
import { datastoreFamily } from './families.js';
import { Credentials, Datastore, DatastoreAnswer, DnsAnswer, MessageAnswer, type Credentials as CredentialsT, type Datastore as DatastoreT, type DnsAnswer as DnsAnswerT } from './schemas.js';
import { lenient, lenientArray, optBool, optNum, optText } from './wire.js';

export type DatastoreKind = 'database' | 'cache';

/** A replica as listed (`index`, `name`, `status`, `ready`, `endpoint`, `lag_bytes`), or in the replication status (`state`, `sync_state`). */
export const Replica = z.looseObject({ index: optNum, name: optText, node_id: optText, endpoint: optText, status: optText, state: optText, ready: optBool, lag_bytes: optNum, sync_state: optText });
/** GET /database/{id}/replicas: `{replicas, master {name, node_id, endpoint, status, ready}, billing}`. */
export const ReplicaList = z.looseObject({
  replicas: lenientArray(Replica),
  master: lenient(Replica),
  billing: lenient(z.looseObject({ hourly_cost_cents: optNum, monthly_cost_cents: optNum })),
});
const AddedReplica = z.looseObject({ status: optText, replica_name: optText, replica_index: optNum, message: optText });
/** v1.7.0's other 201: the change as one operation (`to_count` is typed as a string there). */
const ReplicaCountChange = z.looseObject({ operation_id: optText, from_count: lenient(z.union([z.number(), z.string()])), to_count: lenient(z.union([z.number(), z.string()])) });
/**
 * POST /database/{id}/replicas: 201 `{message, replicas: [{status, replica_name, replica_index, message}]}`,
 * or (v1.7.0) `{message, replicas: {operation_id, from_count, to_count}}`.
 */
export const ReplicasAdded = z.looseObject({ message: optText, replicas: z.union([ReplicaCountChange, lenientArray(AddedReplica)]) });
/** GET /database/{id}/replicas/status: `{is_replicating, replica_count, replicas}`. */
export const ReplicationStatus = z.looseObject({ is_replicating: optBool, replica_count: optNum, replicas: lenientArray(Replica) });
export type Replica = z.infer<typeof Replica>;
export type ReplicaList = z.infer<typeof ReplicaList>;
export type ReplicasAdded = z.infer<typeof ReplicasAdded>;
export type ReplicationStatus = z.infer<typeof ReplicationStatus>;

/** The answer as parsed, and the payload exactly as the API returned it (for --json). */
export interface Answer<T> {
  value: T;
  raw: unknown;
  status: number;
}

type Opts = Pick<RequestOptions<unknown>, 'signal'>;

export class DatastoresApi {
  /** Read replicas of a database. */
  readonly replicas: ReplicasApi;

  constructor(private readonly http: HttpClient) {
    this.replicas = new ReplicasApi(http);
  }

  /** GET /{kind}/plans (caches: `?provider=`): the answer as sent (the facts type `plans` loosely). */
  async plans(kind: DatastoreKind, provider?: string, opts: Opts = {}): Promise<Answer<unknown>> {
    const res = await this.http.get(`/${kind}/plans`, { query: { provider }, permission: `${kind}:read`, ...opts });
    return { value: res.data, raw: res.raw, status: res.status };
  }

  pages(kind: DatastoreKind, q: PageQuery = {}) {
    return paginate(this.http, `/${kind}`, Datastore, { permission: `${kind}:read`, ...q });
  }

  resolve(kind: DatastoreKind, ref: string, opts: ResolveOptions = {}): Promise<Resolved<DatastoreT>> {
    return resolveRef(this.http, datastoreFamily(kind), Datastore, ref, opts);
  }

  async get(kind: DatastoreKind, id: string, opts: Opts = {}): Promise<Answer<DatastoreT>> {
    const res = await this.http.get(`/${kind}/${encodeURIComponent(id)}`, { schema: DatastoreAnswer, permission: `${kind}:read`, ...opts });
    return { value: res.data.instance, raw: res.raw, status: res.status };
  }

  /** GET /database/{id}/credentials or the canonical GET /cache/{id}/connection-info. */
  async credentials(kind: DatastoreKind, id: string, opts: Opts = {}): Promise<Answer<CredentialsT>> {
    const res = await this.http.get(credentialsPath(kind, id), { schema: Credentials, permission: `${kind}:read`, ...opts });
    return { value: res.data, raw: res.raw, status: res.status };
  }

  /** POST /{kind}/{id}/dns: `{message, dns_hostname, dns_port}`; a 409 (already on) is answered with the same fields. */
  async enableDns(kind: DatastoreKind, id: string, opts: Opts = {}): Promise<Answer<DnsAnswerT>> {
    const res = await this.http.request('POST', `/${kind}/${encodeURIComponent(id)}/dns`, { schema: DnsAnswer, permission: `${kind}:write`, ...opts });
    return { value: res.data, raw: res.raw, status: res.status };
  }

  /** DELETE /{kind}/{id}/dns: `{message}`. */
  async disableDns(kind: DatastoreKind, id: string, opts: Opts = {}): Promise<Answer<{ message?: string | null }>> {
    const res = await this.http.request('DELETE', `/${kind}/${encodeURIComponent(id)}/dns`, { schema: MessageAnswer, permission: `${kind}:write`, optionalBody: true, ...opts });
    return { value: res.data ?? {}, raw: res.raw ?? null, status: res.status };
  }
}

export class ReplicasApi {
  constructor(private readonly http: HttpClient) {}

  async list(id: string, opts: Opts = {}): Promise<Answer<ReplicaList>> {
    const res = await this.http.get(`/database/${encodeURIComponent(id)}/replicas`, { schema: ReplicaList, permission: 'database:read', ...opts });
    return { value: res.data, raw: res.raw, status: res.status };
  }

  async status(id: string, opts: Opts = {}): Promise<Answer<ReplicationStatus>> {
    const res = await this.http.get(`/database/${encodeURIComponent(id)}/replicas/status`, { schema: ReplicationStatus, permission: 'database:read', ...opts });
    return { value: res.data, raw: res.raw, status: res.status };
  }

  /** POST `{replica_count}`: the replicas are created through GitOps and sync in a few minutes. */
  async add(id: string, count: number, opts: Opts = {}): Promise<Answer<ReplicasAdded>> {
    const res = await this.http.request('POST', `/database/${encodeURIComponent(id)}/replicas`, { body: { replica_count: count }, schema: ReplicasAdded, permission: 'database:write', ...opts });
    return { value: res.data, raw: res.raw, status: res.status };
  }

  async remove(id: string, index: number, opts: Opts = {}): Promise<Answer<{ message?: string | null }>> {
    const res = await this.http.request('DELETE', `/database/${encodeURIComponent(id)}/replicas/${index}`, { schema: MessageAnswer, permission: 'database:write', optionalBody: true, ...opts });
    return { value: res.data ?? {}, raw: res.raw ?? null, status: res.status };
  }
}

export function credentialsPath(kind: DatastoreKind, id: string): string {
  return kind === 'database' ? `/database/${encodeURIComponent(id)}/credentials` : `/cache/${encodeURIComponent(id)}/connection-info`;
}
