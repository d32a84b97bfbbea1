// The bucket calls beyond the generic resource ones (real-api "storage", v1.7.0): the policy (GET, and PUT of the
// custom statements → 202) and folder grants for an access key (POST → 202), both refused
// with 409 `{error}` and `Retry-After` while an earlier policy change is being applied; and
// the metrics trend, top objects and health reads (answers kept as sent).
import type { HttpClient, RequestOptions } from './http.js';

type Opts = Pick<RequestOptions<unknown>, 'signal'>;
const at = (id: string, sub: string) => `/storage/buckets/${encodeURIComponent(id)}${sub}`;

export type GrantLevel = 'read' | 'readwrite' | 'full';
export const GRANT_LEVELS: readonly GrantLevel[] = ['read', 'readwrite', 'full'];

export interface GrantBody {
  key_id: string;
  folder?: string;
  whole_bucket?: boolean;
  level: GrantLevel;
}

export class BucketsApi {
  constructor(private readonly http: HttpClient) {}

  async policy(id: string, opts: Opts = {}) {
    const res = await this.http.get(at(id, '/policy'), { permission: 'storage:read', ...opts });
    return { raw: res.raw };
  }

  /** PUT `{custom_policy_statements}`: replaces the bucket's own statements. */
  async setPolicy(id: string, statements: Record<string, unknown>[], opts: Opts = {}) {
    const res = await this.http.request('PUT', at(id, '/policy'), { body: { custom_policy_statements: statements }, permission: 'storage:write', optionalBody: true, ...opts });
    return { raw: res.raw, status: res.status };
  }

  async grant(id: string, body: GrantBody, opts: Opts = {}) {
    const res = await this.http.request('POST', at(id, '/policy/folder-grants'), { body, permission: 'storage:write', optionalBody: true, ...opts });
    return { raw: res.raw, status: res.status };
  }

  /** GET .../metrics/{trend|top-objects|health}. */
  async metrics(id: string, what: 'trend' | 'top-objects' | 'health', query: Record<string, string | undefined> = {}, opts: Opts = {}) {
    const res = await this.http.get(at(id, `/metrics/${what}`), { query, permission: 'storage:read', ...opts });
    return { raw: res.raw };
  }
}
