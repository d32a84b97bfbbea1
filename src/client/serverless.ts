// Serverless containers: list, one container, create/update/redeploy/delete, and name
// resolution. Diagnostics (revisions, events, logs, diagnose) live in diagnostics.ts.
import type { HttpClient, RequestOptions } from './http.js';
import { AmbiguousNameError, NotFoundError } from './errors.js';
import { paginate, type PageQuery } from './paginate.js';
import { Container, ContainerAnswer, type Container as ContainerT } from './schemas.js';

/** Fields of a create or update (contract section 12); all optional on update. */
export interface ContainerChange {
  name?: string;
  image_url?: string;
  port?: number;
  environment_variables?: Record<string, string>;
  min_instances?: number;
  max_instances?: number;
  resource_profile?: string;
  deployment_type?: string;
}

/** A container as printed by --json: the container object with the answer's `url`. */
export type ContainerView = ContainerT & { url?: string | null };

export class ServerlessApi {
  constructor(private readonly http: HttpClient) {}

  pages(q: PageQuery = {}) {
    return paginate(this.http, '/serverless', Container, { permission: 'serverless:read', ...q });
  }

  async get(id: string, opts: Pick<RequestOptions<unknown>, 'signal'> = {}): Promise<ContainerView> {
    const res = await this.http.get(`/serverless/${encodeURIComponent(id)}`, { schema: ContainerAnswer, permission: 'serverless:read', ...opts });
    return view(res.data);
  }

  async create(change: ContainerChange): Promise<ContainerView> {
    const res = await this.http.request('POST', '/serverless', { body: change, schema: ContainerAnswer, permission: 'serverless:write' });
    return view(res.data);
  }

  async update(id: string, change: ContainerChange): Promise<ContainerView> {
    const res = await this.http.request('PUT', `/serverless/${encodeURIComponent(id)}`, { body: change, schema: ContainerAnswer, permission: 'serverless:write' });
    return view(res.data);
  }

  async redeploy(id: string): Promise<ContainerView> {
    const res = await this.http.request('POST', `/serverless/${encodeURIComponent(id)}/redeploy`, { schema: ContainerAnswer, permission: 'serverless:write' });
    return view(res.data);
  }

  async delete(id: string): Promise<void> {
    await this.http.request('DELETE', `/serverless/${encodeURIComponent(id)}`, { permission: 'serverless:delete' });
  }

  /**
   * The API addresses containers by id; people use names (`infra serverless update web`).
   * A numeric reference is used as is; a name is looked up in the project's list.
   */
  async resolveId(ref: string): Promise<string> {
    if (/^\d+$/.test(ref)) return ref;
    const matches: ContainerT[] = [];
    for await (const page of this.pages({ all: true, perPage: 100 })) matches.push(...page.items.filter((c) => c.name === ref));
    if (matches.length === 0) throw new NotFoundError(`no container named "${ref}" in this project`, 404, 'GET /api/v1/serverless');
    if (matches.length > 1) throw new AmbiguousNameError(`${matches.length} containers are named "${ref}"; use the id (${matches.map((c) => c.id).join(', ')})`);
    return String(matches[0]!.id);
  }
}

function view(answer: { container: ContainerT; url?: string | null }): ContainerView {
  return { ...answer.container, url: answer.container.url ?? answer.url ?? null };
}
