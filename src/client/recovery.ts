// Recovery: capabilities, recovery points, replace-existing restores.
import type { HttpClient } from './http.js';

export class RecoveryApi {
  constructor(private readonly http: HttpClient) {}
}
