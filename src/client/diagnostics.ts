// Diagnostics of serverless containers: revisions, events, logs and diagnose.
import type { HttpClient } from './http.js';

export class DiagnosticsApi {
  constructor(private readonly http: HttpClient) {}
}
