import type { HttpClient } from './http.js';
import { paginate, type PageQuery } from './paginate.js';
import { Vps } from './schemas.js';

export class VpsApi {
  constructor(private readonly http: HttpClient) {}

  pages(q: PageQuery = {}) {
    return paginate(this.http, '/vps', Vps, { permission: 'vps:read', ...q });
  }
}
