// Every product family of the API through one set of calls: list, one resource, create,
// update, delete, lifecycle actions and the family's other reads. A family is data (a
// ResourceKind: its path, the wrapper key of one resource, its id kind, its permissions);
// the real dialect's answers are `{data, pagination}`, `{<wrapper>: {...}}`, 201
// `{message, <wrapper>}`, and `{message, status}` for deletes and actions.
import * as z from 'zod/mini';
import { ResponseShapeError } from './errors.js';
import type { HttpClient, RequestOptions } from './http.js';
import { paginate, type PageQuery } from './paginate.js';
import { resolveRef, type Family, type Resolved, type ResolveOptions } from './resolve.js';
import { Capabilities, StatusDetails } from './schemas.js';
import { Id, lenient, optText } from './wire.js';

export interface ResourceKind {
  /** Path below /api/v1: `/vps`, `/storage/buckets`. */
  path: string;
  /** Words for messages: `VPS`, `bucket`. */
  noun: string;
  ids: Family['ids'];
  /** Key of one resource in show, create and update answers (`instance`, `bucket`, `key`). */
  wrapper: string;
  /** Permission noun (`vps` → vps:read, vps:write, vps:delete). */
  permission: string;
  /** Fields besides `name` people refer to a resource by. */
  aliases?: readonly string[];
}

/** What the client reads of any resource: the id, and the status model when present. */
export const Resource = z.looseObject({
  id: Id,
  name: optText,
  status: optText,
  status_label: optText,
  status_details: lenient(StatusDetails),
  capabilities: lenient(Capabilities),
  created_at: optText,
  updated_at: optText,
});
export type Resource = z.infer<typeof Resource>;

/** A resource as read, and as sent (for --json). */
export interface ResourceRead {
  value: Resource;
  raw: Record<string, unknown>;
  /** The whole answer (show answers carry more than the resource: `connection_info`, costs). */
  answer: Record<string, unknown>;
  endpoint: string;
}

/** `{message, status, ...}` of deletes and actions, as read and as sent. */
export interface Accepted {
  message?: string;
  status?: string;
  raw: Record<string, unknown>;
  status_code: number;
}

type Opts = Pick<RequestOptions<unknown>, 'signal'>;

const Answer = z.looseObject({});

export class ResourcesApi {
  constructor(private readonly http: HttpClient) {}

  family(kind: ResourceKind): Family {
    return { path: kind.path, noun: kind.noun, permission: `${kind.permission}:read`, ids: kind.ids, aliases: kind.aliases };
  }

  pages(kind: ResourceKind, q: PageQuery = {}) {
    return paginate(this.http, kind.path, Resource, { permission: `${kind.permission}:read`, ...q });
  }

  resolve(kind: ResourceKind, ref: string, opts: ResolveOptions = {}): Promise<Resolved<Resource>> {
    return resolveRef(this.http, this.family(kind), Resource, ref, opts);
  }

  async get(kind: ResourceKind, id: string, opts: Opts = {}): Promise<ResourceRead> {
    const path = `${kind.path}/${encodeURIComponent(id)}`;
    const res = await this.http.get(path, { schema: Answer, permission: `${kind.permission}:read`, ...opts });
    return unwrap(kind, res.raw, `GET /api/v1${path}`);
  }

  async create(kind: ResourceKind, body: Record<string, unknown>, opts: Opts = {}): Promise<ResourceRead & { message?: string }> {
    const res = await this.http.request('POST', kind.path, { body, schema: Answer, permission: `${kind.permission}:write`, ...opts });
    return { ...unwrap(kind, res.raw, `POST /api/v1${kind.path}`), message: text((res.raw as Record<string, unknown>).message) };
  }

  async update(kind: ResourceKind, id: string, body: Record<string, unknown>, opts: Opts = {}): Promise<ResourceRead & { message?: string }> {
    const path = `${kind.path}/${encodeURIComponent(id)}`;
    const res = await this.http.request('PUT', path, { body, schema: Answer, permission: `${kind.permission}:write`, ...opts });
    return { ...unwrap(kind, res.raw, `PUT /api/v1${path}`, id), message: text((res.raw as Record<string, unknown>).message) };
  }

  /** An update whose answer may carry the resource as null (a queue's: `instance: QueueInstance | null`). */
  async updateAccepted(kind: ResourceKind, id: string, body: Record<string, unknown>, opts: Opts = {}): Promise<{ message?: string; read?: ResourceRead; answer: Record<string, unknown> }> {
    const path = `${kind.path}/${encodeURIComponent(id)}`;
    const res = await this.http.request('PUT', path, { body, schema: Answer, permission: `${kind.permission}:write`, ...opts });
    const answer = (res.raw ?? {}) as Record<string, unknown>;
    const read = answer[kind.wrapper] === null ? undefined : unwrap(kind, answer, `PUT /api/v1${path}`, id);
    return { message: text(answer.message), read, answer };
  }

  async delete(kind: ResourceKind, id: string, opts: Opts = {}): Promise<Accepted> {
    return this.send('DELETE', `${kind.path}/${encodeURIComponent(id)}`, `${kind.permission}:delete`, undefined, opts);
  }

  /** POST `<path>/{id}/<verb>` (start, stop, reboot, reinstall, deploy...). */
  async action(kind: ResourceKind, id: string, verb: string, body?: Record<string, unknown>, opts: Opts = {}): Promise<Accepted> {
    return this.send('POST', `${kind.path}/${encodeURIComponent(id)}/${verb}`, `${kind.permission}:write`, body, opts);
  }

  /** Any other read of the family (`/vps/plans`, `/{id}/metrics`): the JSON as sent. */
  async read(kind: ResourceKind, sub: string, opts: Opts = {}): Promise<{ raw: unknown; endpoint: string }> {
    const path = `${kind.path}${sub}`;
    const res = await this.http.get(path, { permission: `${kind.permission}:read`, ...opts });
    return { raw: res.raw, endpoint: `GET /api/v1${path}` };
  }

  private async send(method: string, path: string, permission: string, body: Record<string, unknown> | undefined, opts: Opts): Promise<Accepted> {
    const res = await this.http.request(method, path, { body, permission, optionalBody: true, ...opts });
    const raw = (res.raw && typeof res.raw === 'object' ? res.raw : {}) as Record<string, unknown>;
    return { message: text(raw.message), status: text(raw.status), raw, status_code: res.status };
  }
}

/**
 * `{<wrapper>: {...}}` → the resource; a wrapper missing is an answer this client cannot read.
 * A queue's show answer carries status_details and capabilities beside the instance, not in
 * it: they are folded into the resource, so every product is read (and waited on, and printed
 * with --json) with its status in the same place.
 */
function unwrap(kind: ResourceKind, raw: unknown, endpoint: string, knownId?: string): ResourceRead {
  const answer = (raw ?? {}) as Record<string, unknown>;
  let inner = answer[kind.wrapper];
  if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
    const own = inner as Record<string, unknown>;
    const beside = Object.fromEntries(['status_details', 'capabilities'].filter((k) => !(k in own) && answer[k] !== undefined).map((k) => [k, answer[k]]));
    // The answer to a change of a known resource need not repeat its id.
    if (knownId !== undefined && (own.id === undefined || own.id === null)) beside.id = knownId;
    if (Object.keys(beside).length) inner = { ...own, ...beside };
  }
  const parsed = Resource.safeParse(inner);
  if (!parsed.success) {
    const missing = inner === undefined || inner === null;
    throw new ResponseShapeError(
      missing ? `the response of ${endpoint} lacks the field "${kind.wrapper}" this command needs` : `the response of ${endpoint} has an unreadable "${kind.wrapper}.id"`,
      200,
      endpoint,
      `${kind.wrapper}${missing ? '' : '.id'}`,
    );
  }
  return { value: parsed.data, raw: inner as Record<string, unknown>, answer, endpoint };
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
