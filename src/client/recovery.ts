// Recovery: capabilities, recovery points, replace-existing restores.
//
// Contract section 12 assumptions kept here: points are listed by GET /snapshots/{product}
// (spec 2.1 list shape); a restore is POST /snapshots/{product}/{pointId}/restore with body
// `{confirm_name, safety_point}` and answers 202 `{operation_id, operation_url}` when the
// product's gate is open, otherwise 200 (started directly).
import { NotFoundError } from './errors.js';
import type { HttpClient, RequestOptions } from './http.js';
import { paginate, type PageQuery } from './paginate.js';
import { readAnswer, type Answer } from './databases.js';
import { CapabilitiesAnswer, RecoveryPoint, RestoreAnswer, type RecoveryPoint as RecoveryPointT, type RestoreAnswer as RestoreAnswerT } from './schemas.js';

export const RECOVERY_PRODUCTS = ['vps', 'cache', 'database'] as const;
export type RecoveryProduct = (typeof RECOVERY_PRODUCTS)[number];

export interface RestoreRequest {
  confirmName: string;
  safetyPoint: boolean;
  /** Sent as Idempotency-Key: the HTTP client may then replay the POST after a dropped connection. */
  idempotencyKey: string;
}

type Opts = Pick<RequestOptions<unknown>, 'signal'>;

export class RecoveryApi {
  constructor(private readonly http: HttpClient) {}

  capabilities(opts: Opts = {}) {
    return readAnswer(this.http, 'GET', '/recovery/capabilities', CapabilitiesAnswer, opts);
  }

  points(product: RecoveryProduct, q: PageQuery = {}) {
    return paginate(this.http, `/snapshots/${product}`, RecoveryPoint, { permission: 'snapshot:read', ...q });
  }

  /** The API shows no single-point route, so the point is looked for across the list's pages. */
  async findPoint(product: RecoveryProduct, pointId: string, opts: Opts = {}): Promise<RecoveryPointT> {
    for await (const page of this.points(product, { all: true, perPage: 100, signal: opts.signal })) {
      const hit = page.items.find((p) => String(p.id) === pointId);
      if (hit) return hit;
    }
    throw new NotFoundError(`no ${product} recovery point "${pointId}" in this project`, 404, `GET /api/v1/snapshots/${product}`);
  }

  async restore(product: RecoveryProduct, pointId: string, req: RestoreRequest, opts: Opts = {}): Promise<Answer<RestoreAnswerT> & { status: number }> {
    return readAnswer(this.http, 'POST', `/snapshots/${product}/${encodeURIComponent(pointId)}/restore`, RestoreAnswer, {
      body: { confirm_name: req.confirmName, safety_point: req.safetyPoint },
      idempotencyKey: req.idempotencyKey,
      permission: 'snapshot:write',
      ...opts,
    });
  }
}
