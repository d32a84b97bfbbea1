// Recovery: capabilities, recovery points, replace-existing restores.
//
// Real dialect (contract 12): points are listed per product (GET /snapshots/{product}) with
// integer ids and no single-point route; a restore is POST /snapshots/{product}/{id}/restore
// with `{confirm_name, safety_point}` and an Idempotency-Key (spec 3.5; servers that predate
// them ignore them), answering 200 `{message}` when it starts directly and 202
// `{operation_id, operation_url}` when the product's gate is open. GET
// /recovery/capabilities is spec-only: older servers answer 404.
import type { HttpClient, RequestOptions } from './http.js';
import { paginate, type PageQuery } from './paginate.js';
import { resolveRef, type Family, type Resolved } from './resolve.js';
import { CapabilitiesAnswer, RecoveryPoint, RestoreAnswer, type CapabilityRow, type RecoveryPoint as RecoveryPointT, type RestoreAnswer as RestoreAnswerT } from './schemas.js';
import type { Answer } from './datastores.js';

export const RECOVERY_PRODUCTS = ['vps', 'cache', 'database'] as const;
export type RecoveryProduct = (typeof RECOVERY_PRODUCTS)[number];

export interface RestoreRequest {
  confirmName: string;
  safetyPoint: boolean;
  /** Sent as Idempotency-Key: the HTTP client may then replay the POST after a dropped connection. */
  idempotencyKey: string;
}

type Opts = Pick<RequestOptions<unknown>, 'signal'>;

export function pointFamily(product: RecoveryProduct): Family {
  return { path: `/snapshots/${product}`, noun: `${product} recovery point`, permission: 'snapshot:read', ids: 'integer' };
}

/** The resource a point belongs to: `<product>_instance {id, name}`, else `<product>_instance_id`. */
export function pointResource(point: RecoveryPointT, product: RecoveryProduct): { id?: string; name?: string } {
  const rec = point as Record<string, unknown>;
  const inst = rec[`${product}_instance`];
  const fromInst = inst && typeof inst === 'object' ? (inst as Record<string, unknown>) : {};
  const id = fromInst.id ?? rec[`${product}_instance_id`] ?? rec.resource_id;
  const name = fromInst.name ?? rec.resource_name;
  return {
    ...(typeof id === 'string' || typeof id === 'number' ? { id: String(id) } : {}),
    ...(typeof name === 'string' && name ? { name } : {}),
  };
}

export class RecoveryApi {
  constructor(private readonly http: HttpClient) {}

  async capabilities(opts: Opts = {}): Promise<Answer<{ data: CapabilityRow[] }>> {
    const res = await this.http.get('/recovery/capabilities', { schema: CapabilitiesAnswer, ...opts });
    return { value: res.data, raw: res.raw, status: res.status };
  }

  points(product: RecoveryProduct, q: PageQuery = {}) {
    return paginate(this.http, `/snapshots/${product}`, RecoveryPoint, { permission: 'snapshot:read', ...q });
  }

  /** There is no single-point route: a point is found in its product's list (by id or name). */
  findPoint(product: RecoveryProduct, ref: string, opts: Opts = {}): Promise<Resolved<RecoveryPointT>> {
    return resolveRef(this.http, pointFamily(product), RecoveryPoint, ref, { signal: opts.signal, item: true });
  }

  async restore(product: RecoveryProduct, pointId: string, req: RestoreRequest, opts: Opts = {}): Promise<Answer<RestoreAnswerT>> {
    const res = await this.http.request('POST', `/snapshots/${product}/${encodeURIComponent(pointId)}/restore`, {
      body: { confirm_name: req.confirmName, safety_point: req.safetyPoint },
      schema: RestoreAnswer,
      idempotencyKey: req.idempotencyKey,
      permission: 'snapshot:write',
      optionalBody: true,
      ...opts,
    });
    return { value: res.data ?? {}, raw: res.raw ?? null, status: res.status };
  }
}
