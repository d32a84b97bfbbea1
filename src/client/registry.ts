// The project's registry (real-api "registry"): the preflight of an image (GET
// /registry/preflight?image=REF: whether it exists, for which architectures, whether the
// platform can pull it), where to push (context, verify-push), usage, and the repositories and
// tags, read and deleted. Read leniently: every member is optional, and `can_pull: null` (the
// platform cannot tell) is kept apart from false. A delete of what a container runs answers
// 409 `{error, code: "image_in_use", force_required, in_use_by}`: `inUseOf` reads it.
import * as z from 'zod/mini';
import { ConflictError } from './errors.js';
import type { HttpClient, RequestOptions } from './http.js';
import { paginate, type PageQuery } from './paginate.js';
import { EnvelopeError, envelopeOf, MessageAnswer } from './schemas.js';
import { Id, lenient, lenientArray, optBool, optNum, optText } from './wire.js';

export const PreflightManifest = z.looseObject({
  exists: optBool,
  digest: optText,
  media_type: optText,
  size_bytes: optNum,
  architectures: lenientArray(z.string()),
  reachable: optBool,
  error: optText,
});

export const PreflightData = z.looseObject({
  image: optText,
  registry_host: optText,
  namespace: optText,
  repository: optText,
  reference: optText,
  in_namespace: optBool,
  external: optBool,
  credential: lenient(z.looseObject({ scope: optText, keys: optNum, push_capable: optBool })),
  manifest: lenient(PreflightManifest),
  can_pull: optBool,
  findings: lenientArray(z.unknown()),
});

export const PreflightEnvelope = envelopeOf(PreflightData);

export type PreflightData = z.infer<typeof PreflightData>;

export interface PreflightRead {
  data: PreflightData;
  /** The envelope's `data` as the API sent it (`--json`). */
  raw: unknown;
  endpoint: string;
}

export const RegistryContext = z.looseObject({
  registry_host: optText,
  namespace: optText,
  push_prefix: optText,
  repositories: lenient(z.looseObject({ used: optNum, limit: optNum, can_create: optBool })),
  storage: lenient(z.looseObject({ used_bytes: optNum, limit_bytes: optNum, can_push: optBool })),
});
export type RegistryContext = z.infer<typeof RegistryContext>;

export const VerifyPush = z.looseObject({ repository: optText, permitted: optBool, namespace: optText, provided_namespace: optText, push_reference: optText });

export const RegistryUsage = z.looseObject({
  data: z.looseObject({ bytes_used: optNum, repository_count: optNum, max_bytes: optNum, max_repositories: optNum }),
  meta: lenient(z.looseObject({ unlimited_is_zero: optBool })),
});

export const RegistryTag = z.looseObject({ tag: z.string(), digest: optText, media_type: optText, bytes_size: optNum, pushed_at: optText });
export type RegistryTag = z.infer<typeof RegistryTag>;

export const RegistryRepository = z.looseObject({
  id: Id,
  path: optText,
  bytes_used: optNum,
  tag_count: optNum,
  keep_last_tags: optNum,
  effective_keep_last_tags: optNum,
  last_push_at: optText,
  tags: lenientArray(RegistryTag),
  created_at: optText,
});
export type RegistryRepository = z.infer<typeof RegistryRepository>;

const RepositoryAnswer = z.looseObject({ repository: RegistryRepository });
const TagsAnswer = z.looseObject({ data: z.array(RegistryTag) });

/** One user of an image in a 409 image_in_use (`in_use_by` items are untyped: read what is there). */
export interface ImageUser {
  id?: string;
  name?: string;
  type?: string;
  raw: unknown;
}

export interface InUse {
  force_required: boolean;
  users: ImageUser[];
  error?: string;
}

/** The 409 image_in_use of a registry delete, or undefined for any other error. */
export function inUseOf(err: unknown): InUse | undefined {
  if (!(err instanceof ConflictError)) return undefined;
  const b = (err.body && typeof err.body === 'object' ? err.body : {}) as Record<string, unknown>;
  if (b.code !== 'image_in_use') return undefined;
  const list = Array.isArray(b.in_use_by) ? b.in_use_by : [];
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  const users = list.map((u): ImageUser => {
    if (u && typeof u === 'object') {
      const o = u as Record<string, unknown>;
      return { id: text(o.id), name: text(o.name) ?? text(o.slug), type: text(o.type) ?? text(o.resource_type), raw: u };
    }
    return { name: text(u), raw: u };
  });
  return { force_required: b.force_required !== false, users, ...(typeof b.error === 'string' ? { error: b.error } : {}) };
}

export interface Read<T> {
  value: T;
  /** What --json prints: the envelope's `data`, or the answer as sent. */
  raw: unknown;
}

type Opts = Pick<RequestOptions<unknown>, 'signal'>;

const enc = encodeURIComponent;

export class RegistryApi {
  constructor(private readonly http: HttpClient) {}

  /** GET /registry/context: namespace, push prefix and quota of the project. */
  async context(opts: Opts = {}): Promise<Read<RegistryContext>> {
    const res = await this.http.get('/registry/context', { schema: envelopeOf(RegistryContext), ...opts });
    return { value: res.data.data, raw: (res.raw as { data?: unknown }).data ?? null };
  }

  /** GET /registry/verify-push?repository=R: permitted or not; the refusal's code and hint ride in the envelope. */
  async verifyPush(repository: string, opts: Opts = {}) {
    const res = await this.http.get('/registry/verify-push', { query: { repository }, schema: envelopeOf(VerifyPush), ...opts });
    const e = EnvelopeError.safeParse(res.data.error);
    return { value: res.data.data, error: e.success && res.data.error ? e.data : undefined, raw: res.raw };
  }

  async usage(opts: Opts = {}) {
    const res = await this.http.get('/registry/usage', { schema: RegistryUsage, ...opts });
    return { value: res.data, raw: res.raw };
  }

  repositories(q: PageQuery = {}) {
    return paginate(this.http, '/registry/repositories', RegistryRepository, q);
  }

  async repository(repo: string, opts: Opts = {}): Promise<Read<RegistryRepository>> {
    const res = await this.http.get(`/registry/repositories/${enc(repo)}`, { schema: RepositoryAnswer, ...opts });
    return { value: res.data.repository, raw: (res.raw as { repository?: unknown }).repository ?? null };
  }

  async tags(repo: string, opts: Opts = {}): Promise<Read<RegistryTag[]>> {
    const res = await this.http.get(`/registry/repositories/${enc(repo)}/tags`, { schema: TagsAnswer, ...opts });
    return { value: res.data.data, raw: (res.raw as { data?: unknown }).data ?? [] };
  }

  /** DELETE a repository; `force` deletes it even while a container runs one of its images. */
  async deleteRepository(repo: string, force: boolean, opts: Opts = {}) {
    const res = await this.http.request('DELETE', `/registry/repositories/${enc(repo)}`, { query: force ? { force: 'true' } : undefined, schema: MessageAnswer, optionalBody: true, ...opts });
    return { value: res.data ?? {}, raw: res.raw ?? {} };
  }

  /** DELETE one tag; `force` deletes it even while a container runs it. */
  async deleteTag(repo: string, tag: string, force: boolean, opts: Opts = {}) {
    const res = await this.http.request('DELETE', `/registry/repositories/${enc(repo)}/tags/${enc(tag)}`, {
      query: force ? { force: 'true' } : undefined,
      schema: MessageAnswer,
      optionalBody: true,
      ...opts,
    });
    return { value: res.data ?? {}, raw: res.raw ?? {} };
  }

  /** GET /registry/preflight?image=REF: the image as the platform would pull it. */
  async preflight(image: string, opts: Opts = {}): Promise<PreflightRead> {
    const res = await this.http.get('/registry/preflight', { query: { image }, schema: PreflightEnvelope, ...opts });
    return { data: res.data.data, raw: (res.raw as { data?: unknown }).data ?? null, endpoint: 'GET /api/v1/registry/preflight' };
  }
}
