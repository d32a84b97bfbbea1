// Databases and caches: lists, one instance, credentials / connection info, public DNS.
// Real dialect (contract 12): one instance is wrapped in `{instance, connection_info,
// monthly_cost}`; databases carry `engine {id, name}`, caches only `provider`; credentials
// answer `{host, port, username, database?, password, connection_info}` (host and port: the
// pair to connect to now); a cache's are read from the canonical /connection-info route.
import type { HttpClient, RequestOptions } from './http.js';
import { paginate, type PageQuery } from './paginate.js';
import { resolveRef, type Family, type Resolved, type ResolveOptions } from './resolve.js';
import { Credentials, Datastore, DatastoreAnswer, DnsAnswer, MessageAnswer, type Credentials as CredentialsT, type Datastore as DatastoreT, type DnsAnswer as DnsAnswerT } from './schemas.js';

export type DatastoreKind = 'database' | 'cache';

/** The answer as parsed, and the payload exactly as the API returned it (for --json). */
export interface Answer<T> {
  value: T;
  raw: unknown;
  status: number;
}

type Opts = Pick<RequestOptions<unknown>, 'signal'>;

export function datastoreFamily(kind: DatastoreKind): Family {
  return { path: `/${kind}`, noun: kind, permission: `${kind}:read`, ids: 'uuid' };
}

export class DatastoresApi {
  constructor(private readonly http: HttpClient) {}

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

export function credentialsPath(kind: DatastoreKind, id: string): string {
  return kind === 'database' ? `/database/${encodeURIComponent(id)}/credentials` : `/cache/${encodeURIComponent(id)}/connection-info`;
}
