// Databases and caches: lists, credentials / connection info, public DNS.
//
// Contract section 12 assumptions kept here, in one place:
// - the credentials, connection-info and DNS answers may come bare (`{username, ...}`) or
//   wrapped in `{data: {...}}` (the spec does not show which); `unwrapData` decides once;
// - a cache's credentials are read from the canonical /connection-info route; /credentials
//   is only its alias;
// - DNS disable is DELETE .../dns.
import type * as z from 'zod/mini';
import type { HttpClient, RequestOptions } from './http.js';
import { AmbiguousNameError, NotFoundError, ResponseShapeError } from './errors.js';
import { paginate, type PageQuery } from './paginate.js';
import { describeIssue } from './parse.js';
import { Cache, Credentials, Database, DnsAnswer, type Credentials as CredentialsT, type DnsAnswer as DnsAnswerT } from './schemas.js';

export type DatastoreKind = 'database' | 'cache';

/** The answer as parsed, and the payload exactly as the API returned it (for --json). */
export interface Answer<T> {
  value: T;
  raw: unknown;
}

type Opts = Pick<RequestOptions<unknown>, 'signal'>;

export class DatabasesApi {
  constructor(private readonly http: HttpClient) {}

  databases(q: PageQuery = {}) {
    return paginate(this.http, '/database', Database, { permission: 'database:read', ...q });
  }

  caches(q: PageQuery = {}) {
    return paginate(this.http, '/cache', Cache, { permission: 'cache:read', ...q });
  }

  /** A numeric reference is an id; a name is looked up in the project's list (as for containers). */
  async resolveId(kind: DatastoreKind, ref: string, opts: Opts = {}): Promise<string> {
    if (/^\d+$/.test(ref)) return ref;
    const pages = kind === 'database' ? this.databases({ all: true, perPage: 100, ...opts }) : this.caches({ all: true, perPage: 100, ...opts });
    const matches: string[] = [];
    for await (const page of pages) for (const d of page.items) if (d.name === ref) matches.push(String(d.id));
    if (matches.length === 0) throw new NotFoundError(`no ${kind} named "${ref}" in this project`, 404, `GET /api/v1/${kind}`);
    if (matches.length > 1) throw new AmbiguousNameError(`${matches.length} ${kind} instances are named "${ref}"; use the id (${matches.join(', ')})`);
    return matches[0]!;
  }

  /** GET /database/{id}/credentials or the canonical GET /cache/{id}/connection-info. */
  credentials(kind: DatastoreKind, id: string, opts: Opts = {}): Promise<Answer<CredentialsT>> {
    return this.read('GET', credentialsPath(kind, id), Credentials, `${kind}:read`, opts);
  }

  /** POST (enable) or DELETE (disable) /{kind}/{id}/dns. */
  setDns(kind: DatastoreKind, id: string, enabled: boolean, opts: Opts = {}): Promise<Answer<DnsAnswerT>> {
    return this.read(enabled ? 'POST' : 'DELETE', `/${kind}/${encodeURIComponent(id)}/dns`, DnsAnswer, `${kind}:write`, opts);
  }

  private read<T>(method: string, path: string, schema: z.ZodMiniType<T>, permission: string, opts: Opts): Promise<Answer<T>> {
    return readAnswer(this.http, method, path, schema, { permission, ...opts });
  }
}

/**
 * Sends a request and parses its answer, bare or wrapped (see `unwrapData`), keeping the
 * payload as returned for --json. Shared with the recovery endpoints.
 */
export async function readAnswer<T>(
  http: HttpClient,
  method: string,
  path: string,
  schema: z.ZodMiniType<T>,
  opts: Omit<RequestOptions<unknown>, 'schema'> = {},
): Promise<Answer<T> & { status: number }> {
  const res = await http.request<unknown>(method, path, opts);
  const endpoint = `${method} /api/v1${path}`;
  const parsed = schema.safeParse(unwrapData(res.data ?? {}));
  if (!parsed.success) {
    const { field, problem } = describeIssue(parsed.error);
    throw new ResponseShapeError(`the response of ${endpoint} ${problem}`, res.status, endpoint, field);
  }
  return { value: parsed.data, raw: res.data ?? null, status: res.status };
}

export function credentialsPath(kind: DatastoreKind, id: string): string {
  return kind === 'database' ? `/database/${encodeURIComponent(id)}/credentials` : `/cache/${encodeURIComponent(id)}/connection-info`;
}

const ENVELOPE_KEYS = new Set(['data', 'meta', 'success', 'error', 'message', 'links']);

/**
 * `{data: {...}}` (optionally with envelope members such as `success`, `meta`) → the inner
 * object; anything else as is. A bare payload is told apart by having members of its own.
 */
export function unwrapData(payload: unknown): unknown {
  if (!isObject(payload) || !isObject(payload.data)) return payload;
  return Object.keys(payload).every((k) => ENVELOPE_KEYS.has(k)) ? payload.data : payload;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
