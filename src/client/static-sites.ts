// Static sites beyond the generic resource calls (ResourcesApi: list, get, create, delete):
// deploy (multipart/form-data `file`, a ZIP archive) answering 202 `{message, site_id,
// status}` without the site; the deployments and their activation; custom domains, listed
// without pagination (`{data}`), added (201 `{message, data}`), verified (202) and removed.
import * as z from 'zod/mini';
import type { HttpClient, RequestOptions } from './http.js';
import { paginate, type PageQuery } from './paginate.js';
import { Id, optBool, optNum, optText } from './wire.js';
import type { UploadBody } from './form-data.js';

export const SiteDeployment = z.looseObject({
  id: Id,
  revision_number: optNum,
  status: optText,
  image_ref: optText,
  trigger_type: optText,
  is_current: optBool,
  file_count: optNum,
  file_size_bytes: optNum,
  build_duration_seconds: optNum,
  deployed_at: optText,
  created_at: optText,
});
export type SiteDeployment = z.infer<typeof SiteDeployment>;

export const SiteDomain = z.looseObject({
  id: Id,
  domain: optText,
  verification_status: optText,
  tls_status: optText,
  deployment_status: optText,
  is_primary: optBool,
  dns_instructions: optText,
  created_at: optText,
});
export type SiteDomain = z.infer<typeof SiteDomain>;

const Domains = z.looseObject({ data: z.array(SiteDomain) });
const DomainAnswer = z.looseObject({ message: optText, data: SiteDomain });
const Accepted = z.looseObject({ message: optText, site_id: optText, status: optText });

type Opts = Pick<RequestOptions<unknown>, 'signal'>;
type UploadOpts = Pick<RequestOptions<unknown>, 'signal' | 'onUploaded'>;

export interface Answer<T> {
  value: T;
  raw: unknown;
}

const PERM = { read: 'static-site:read', write: 'static-site:write' } as const;

export class StaticSitesApi {
  constructor(private readonly http: HttpClient) {}

  private path(site: string, sub = ''): string {
    return `/static-sites/${encodeURIComponent(site)}${sub}`;
  }

  /** POST .../deploy with the archive as the `file` field (src/client/form-data.ts: fileUpload), streamed. */
  async deploy(site: string, upload: UploadBody, opts: UploadOpts = {}): Promise<Answer<z.infer<typeof Accepted>>> {
    const res = await this.http.request('POST', this.path(site, '/deploy'), { upload, schema: Accepted, permission: PERM.write, ...opts });
    return { value: res.data, raw: res.raw };
  }

  deployments(site: string, q: PageQuery = {}) {
    return paginate(this.http, this.path(site, '/deployments'), SiteDeployment, { permission: PERM.read, ...q });
  }

  async activate(site: string, deployment: string, opts: Opts = {}): Promise<Answer<{ message?: string }>> {
    const res = await this.http.request('POST', this.path(site, `/deployments/${encodeURIComponent(deployment)}/activate`), { permission: PERM.write, optionalBody: true, ...opts });
    const raw = (res.raw && typeof res.raw === 'object' ? res.raw : {}) as Record<string, unknown>;
    return { value: { message: typeof raw.message === 'string' ? raw.message : undefined }, raw: res.raw ?? {} };
  }

  async domains(site: string, opts: Opts = {}): Promise<Answer<SiteDomain[]>> {
    const res = await this.http.get(this.path(site, '/domains'), { schema: Domains, permission: PERM.read, ...opts });
    return { value: res.data.data, raw: (res.raw as { data: unknown[] }).data };
  }

  async addDomain(site: string, domain: string, opts: Opts = {}): Promise<Answer<z.infer<typeof DomainAnswer>>> {
    const res = await this.http.request('POST', this.path(site, '/domains'), { body: { domain }, schema: DomainAnswer, permission: PERM.write, ...opts });
    return { value: res.data, raw: res.raw };
  }

  async verifyDomain(site: string, domainId: string, opts: Opts = {}): Promise<Answer<{ message?: string }>> {
    return this.send('POST', this.path(site, `/domains/${encodeURIComponent(domainId)}/verify`), opts);
  }

  async removeDomain(site: string, domainId: string, opts: Opts = {}): Promise<Answer<{ message?: string }>> {
    return this.send('DELETE', this.path(site, `/domains/${encodeURIComponent(domainId)}`), opts);
  }

  private async send(method: string, path: string, opts: Opts): Promise<Answer<{ message?: string }>> {
    const res = await this.http.request(method, path, { permission: PERM.write, optionalBody: true, ...opts });
    const raw = (res.raw && typeof res.raw === 'object' ? res.raw : {}) as Record<string, unknown>;
    return { value: { message: typeof raw.message === 'string' ? raw.message : undefined }, raw: res.raw ?? {} };
  }
}
