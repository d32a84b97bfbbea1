// Databases and caches: lists, credentials / connection info, public DNS.
import type { HttpClient } from './http.js';

export class DatabasesApi {
  constructor(private readonly http: HttpClient) {}
}
