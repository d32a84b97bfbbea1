// The typed API client, usable as a library: `import { Client } from 'infra-cli'`.
import { HttpClient, type HttpOptions } from './http.js';
import { VpsApi } from './vps.js';
import { ServerlessApi } from './serverless.js';
import { DiagnosticsApi } from './diagnostics.js';
import { DatabasesApi } from './databases.js';
import { RecoveryApi } from './recovery.js';

export class Client {
  readonly http: HttpClient;
  readonly vps: VpsApi;
  readonly serverless: ServerlessApi;
  readonly diagnostics: DiagnosticsApi;
  readonly databases: DatabasesApi;
  readonly recovery: RecoveryApi;

  constructor(options: HttpOptions) {
    this.http = new HttpClient(options);
    this.vps = new VpsApi(this.http);
    this.serverless = new ServerlessApi(this.http);
    this.diagnostics = new DiagnosticsApi(this.http);
    this.databases = new DatabasesApi(this.http);
    this.recovery = new RecoveryApi(this.http);
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
export type { ContainerChange, ContainerView } from './serverless.js';
export type { Page, PageQuery } from './paginate.js';
