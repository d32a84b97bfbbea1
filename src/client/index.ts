// The typed API client, usable as a library: `import { Client } from 'infra-cli'`.
import { HttpClient, type HttpOptions } from './http.js';
import { VpsApi } from './vps.js';
import { ServerlessApi } from './serverless.js';
import { DiagnosticsApi } from './diagnostics.js';
import { DatastoresApi } from './datastores.js';
import { RecoveryApi } from './recovery.js';
import { TeamsApi } from './teams.js';
import { ResourcesApi } from './resources.js';
import { StaticSitesApi } from './static-sites.js';
import { WebhooksApi } from './webhooks.js';
import { DatabasesApi } from './databases.js';
import { BucketsApi } from './buckets.js';

export class Client {
  readonly http: HttpClient;
  readonly vps: VpsApi;
  readonly serverless: ServerlessApi;
  readonly diagnostics: DiagnosticsApi;
  readonly datastores: DatastoresApi;
  readonly recovery: RecoveryApi;
  readonly teams: TeamsApi;
  readonly resources: ResourcesApi;
  readonly staticSites: StaticSitesApi;
  readonly webhooks: WebhooksApi;
  /** Database password rotation, high availability, load and queries. */
  readonly databases: DatabasesApi;
  /** Bucket policies, folder grants and metrics reads. */
  readonly buckets: BucketsApi;

  constructor(options: HttpOptions) {
    this.http = new HttpClient(options);
    this.vps = new VpsApi(this.http);
    this.serverless = new ServerlessApi(this.http, options.names);
    this.diagnostics = new DiagnosticsApi(this.http);
    this.datastores = new DatastoresApi(this.http);
    this.recovery = new RecoveryApi(this.http);
    this.teams = new TeamsApi(this.http);
    this.resources = new ResourcesApi(this.http);
    this.staticSites = new StaticSitesApi(this.http);
    this.webhooks = new WebhooksApi(this.http);
    this.databases = new DatabasesApi(this.http);
    this.buckets = new BucketsApi(this.http);
  }

  /** @deprecated the earlier name of `databases`, kept for library users. */
  get databaseExtras(): DatabasesApi {
    return this.databases;
  }

  /** @deprecated the earlier name of `buckets`, kept for library users. */
  get bucketExtras(): BucketsApi {
    return this.buckets;
  }

  close() {
    return this.http.close();
  }
}

export * from './errors.js';
export * as schemas from './schemas.js';
export { HttpClient, normalizeApiUrl, systemClock } from './http.js';
export type { HttpOptions, RequestOptions, ApiResponse, Clock, RateLimit } from './http.js';
export { paginate } from './paginate.js';
export { resolveRef, looksLikeId, pickByRef } from './resolve.js';
export type { Family, Resolved } from './resolve.js';
export type { ContainerChange, ContainerRead, CreateResult } from './serverless.js';
export type { Page, PageQuery } from './paginate.js';
export type { ResourceKind, ResourceRead, Accepted } from './resources.js';
export { fileUpload, UploadStalledError, type UploadBody } from './form-data.js';
