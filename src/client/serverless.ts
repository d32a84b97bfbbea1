// Serverless containers in the real dialect (docs/behaviour.md#wire): list, one container, create,
// update, redeploy, delete, name resolution, and the operations a change starts.
// Diagnostics (revisions, events, logs, diagnose) live in diagnostics.ts.
import * as z from 'zod/mini';
import type { HttpClient, RequestOptions } from './http.js';
import { paginate, type Page, type PageQuery } from './paginate.js';
import { resolveRef, resolveRemembered, type NameMemory, type Resolved, type ResolveOptions } from './resolve.js';
import { CONTAINERS } from './families.js';
import { Container, ContainerAnswer, CreateAnswer, MessageAnswer, OperationEnvelope, RedeployAnswer, UpdateAnswer, type Container as ContainerT, StatusDetails, type Operation } from './schemas.js';
import { lenient, optBool, optNum, optText } from './wire.js';

/**
 * One row of GET /serverless/{id}/deployments (`ServerlessDeploymentResource`): what a
 * revision ran. Nothing is required: history is for reading, and a rollback checks the
 * fields it uses itself.
 */
export const Deployment = z.looseObject({
  id: optText,
  revision_number: optNum,
  revision_name: optText,
  knative_revision_name: optText,
  image: optText,
  image_tag: optText,
  port: optNum,
  min_scale: optNum,
  max_scale: optNum,
  target_concurrency: optNum,
  resource_profile: optText,
  status: optText,
  status_details: lenient(StatusDetails),
  is_current: optBool,
  traffic_percent: optNum,
  error_message: optText,
  error_category: optText,
  deployed_at: optText,
  activated_at: optText,
  created_at: optText,
});
export type Deployment = z.infer<typeof Deployment>;

/** The fields a create or update sends (`UpdateServerlessContainerRequest`); all optional on update. */
export interface ContainerChange {
  name?: string;
  slug?: string;
  deployment_type?: 'docker_image' | 'git_repository' | 'zip_upload';
  description?: string;
  image?: string;
  image_tag?: string;
  port?: number;
  resource_profile?: string;
  min_scale?: number;
  max_scale?: number;
  /** Replaces the whole map on update: merge with the current one first. */
  environment_variables?: Record<string, string>;
  health_check_path?: string;
  concurrency_target?: number;
  scaling_metric?: 'rps' | 'concurrency';
  scaling_target?: number;
  /** How long one request may run, in seconds (not a wait of the client's). */
  timeout_seconds?: number;
  registry_credential_id?: string;
  /** A build from a git repository (deployment_type git_repository). */
  repository_url?: string;
  repository_branch?: string;
  source_type?: 'dockerfile' | 'buildpack';
  build_context_path?: string;
  dockerfile_path?: string;
  git_auth_type?: 'none' | 'ssh_key' | 'access_token';
  /** v1.7.0: instances a new revision starts with. */
  initial_scale?: number;
  /** v1.7.0: how long an idle instance is kept before scaling down. */
  scale_down_delay_seconds?: number;
  /** v1.7.0: whether the platform's builds reuse their cache. */
  build_cache_enabled?: boolean;
}

/** A container as the API answered it: the parsed view, and the payload for --json. */
export interface ContainerRead {
  container: ContainerT;
  /** The container object as sent, with the answer's `url` when the container had none. */
  raw: Record<string, unknown>;
  endpoint: string;
}

export interface CreateResult extends ContainerRead {
  operation?: Operation;
}

export interface RedeployResult {
  containerId?: string;
  status?: string;
  message?: string;
  /** The change's spec_generation (v1.7.0 servers). */
  generation?: number;
}

type Opts = Pick<RequestOptions<unknown>, 'signal'>;

export class ServerlessApi {
  constructor(
    private readonly http: HttpClient,
    private readonly names?: NameMemory,
  ) {}

  pages(q: PageQuery = {}) {
    return paginate(this.http, '/serverless', Container, { permission: 'serverless:read', ...q });
  }

  /** A name remembered from an earlier command is checked by reading its id (docs/behaviour.md#names-remembered). */
  resolve(ref: string, opts: ResolveOptions = {}): Promise<Resolved<ContainerT>> {
    const check = async (id: string) => {
      const read = await this.get(id, { signal: opts.signal });
      return { item: read.container, raw: read.raw };
    };
    return resolveRemembered(this.names, CONTAINERS, ref, check, () => resolveRef(this.http, CONTAINERS, Container, ref, opts), opts.signal);
  }

  async resolveId(ref: string, opts: Opts = {}): Promise<string> {
    return (await this.resolve(ref, opts)).id;
  }

  async get(id: string, opts: Opts = {}): Promise<ContainerRead> {
    const path = `/serverless/${encodeURIComponent(id)}`;
    const res = await this.http.get(path, { schema: ContainerAnswer, permission: 'serverless:read', ...opts });
    return read(res.data.container, res.raw, res.data.url, `GET /api/v1${path}`);
  }

  async create(change: ContainerChange, opts: Opts & { idempotencyKey?: string } = {}): Promise<CreateResult> {
    const res = await this.http.request('POST', '/serverless', { body: change, schema: CreateAnswer, permission: 'serverless:write', ...opts });
    return { ...read(res.data.container, res.raw, undefined, 'POST /api/v1/serverless'), operation: res.data.operation ?? undefined };
  }

  async update(id: string, change: ContainerChange, opts: Opts = {}): Promise<ContainerRead> {
    const path = `/serverless/${encodeURIComponent(id)}`;
    const res = await this.http.request('PUT', path, { body: change, schema: UpdateAnswer, permission: 'serverless:write', ...opts });
    return read(res.data.container, res.raw, undefined, `PUT /api/v1${path}`);
  }

  /** 202 `{message, container_id, status}`: no container and no generation in the answer. */
  async redeploy(id: string, opts: Opts = {}): Promise<RedeployResult> {
    const res = await this.http.request('POST', `/serverless/${encodeURIComponent(id)}/redeploy`, { schema: RedeployAnswer, permission: 'serverless:write', optionalBody: true, ...opts });
    // An empty 202 is an accepted redeploy too: nothing in the answer is needed.
    const data = res.data ?? {};
    return { containerId: data.container_id ?? undefined, status: data.status ?? undefined, message: data.message ?? undefined, generation: data.spec_generation ?? undefined };
  }

  /** 200 `{message}` or 204. */
  async delete(id: string, opts: Opts = {}): Promise<{ message?: string }> {
    const res = await this.http.request('DELETE', `/serverless/${encodeURIComponent(id)}`, { schema: MessageAnswer, permission: 'serverless:delete', optionalBody: true, ...opts });
    return { message: res.data?.message ?? undefined };
  }

  /** GET /serverless/{id}/deployments, page by page (the server's order). */
  deploymentPages(id: string, q: PageQuery = {}): AsyncGenerator<Page<Deployment>> {
    return paginate(this.http, `/serverless/${encodeURIComponent(id)}/deployments`, Deployment, { permission: 'serverless:read', ...q });
  }

  /** Every deployment of a container, newest first (by revision number, whatever order the pages came in). */
  async deployments(id: string, opts: Opts = {}): Promise<{ items: Deployment[]; raw: unknown[] }> {
    const rows: { item: Deployment; raw: unknown; at: number }[] = [];
    for await (const page of this.deploymentPages(id, { all: true, signal: opts.signal })) {
      page.items.forEach((item, i) => rows.push({ item, raw: page.raw[i], at: rows.length }));
    }
    rows.sort((a, b) => (b.item.revision_number ?? -1) - (a.item.revision_number ?? -1) || a.at - b.at);
    return { items: rows.map((r) => r.item), raw: rows.map((r) => r.raw) };
  }

  /** GET /operations/{id}: the operation id, or a container id for its latest operation. */
  async operation(id: string, opts: Opts = {}): Promise<{ operation: Operation; raw: unknown }> {
    const res = await this.http.get(`/operations/${encodeURIComponent(id)}`, { schema: OperationEnvelope, ...opts });
    return { operation: res.data.data, raw: res.raw };
  }
}

function read(container: ContainerT, raw: unknown, url: string | null | undefined, endpoint: string): ContainerRead {
  const sent = (raw as { container: Record<string, unknown> }).container;
  const withUrl = sent.url === undefined || sent.url === null ? { ...sent, url: url ?? null } : sent;
  return { container: { ...container, url: container.url ?? url ?? undefined }, raw: withUrl, endpoint };
}
