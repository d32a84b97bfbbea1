// Recovery: capabilities, recovery points, replace-existing restores.
//
// Real dialect (docs/behaviour.md#wire): points are listed per product (GET /snapshots/{product}) with
// integer ids and no single-point route; a restore is POST /snapshots/{product}/{id}/restore
// with `{confirm_name, safety_point}` and an Idempotency-Key (docs/behaviour.md#api-recovery; servers that predate
// them ignore them), answering 200 `{message}` when it starts directly and 202
// `{operation_id, operation_url}` when the product's gate is open. GET
// /recovery/capabilities is spec-only: older servers answer 404.
import type { HttpClient, RequestOptions } from './http.js';
import { paginate, type PageQuery } from './paginate.js';
import { resolveRef, type Family, type Resolved } from './resolve.js';
import { RECOVERY_POINTS } from './families.js';
import * as z from 'zod/mini';
import { CapabilitiesAnswer, RecoveryPoint, RestoreAnswer, StatusError, type CapabilityRow, type RecoveryPoint as RecoveryPointT, type RestoreAnswer as RestoreAnswerT } from './schemas.js';
import type { Answer } from './datastores.js';
import { lenient, optBool, optPollDelay, optText } from './wire.js';

/** The products whose points can be cloned into a new resource (the API has no VPS clone). */
export const CLONE_PRODUCTS = ['cache', 'database'] as const;
export type CloneProduct = (typeof CLONE_PRODUCTS)[number];

const CreatedPoint = z.looseObject({ message: optText, snapshot: RecoveryPoint });

/**
 * A restore operation (docs/behaviour.md#api-recovery: a durable record with a stage, a timeline and a result; JSON
 * fields beyond operation_id not shown). Read leniently in the words of GET /operations/{id}
 * (`state`, `terminal`, `error`) and of the recovery record (`stage`, `result`, `finished_at`),
 * bare or in the envelope.
 */
export const RestoreOperation = z.looseObject({
  operation_id: optText,
  state: optText,
  terminal: optBool,
  stage: optText,
  result: optText,
  finished_at: optText,
  started_at: optText,
  poll_after_ms: optPollDelay,
  error: lenient(StatusError),
});
export type RestoreOperation = z.infer<typeof RestoreOperation>;

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
  return { path: RECOVERY_POINTS.path.replace('{product}', product), noun: `${product} recovery point`, permission: 'snapshot:read', ids: 'integer' };
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

  /** POST /snapshots/{product}: 201 `{message, snapshot}`. */
  async createPoint(
    product: RecoveryProduct,
    resourceId: string,
    name: string,
    description: string | undefined,
    opts: Opts = {},
  ): Promise<Answer<{ message?: string | null; snapshot: RecoveryPointT }>> {
    const body = { [`${product}_instance_id`]: resourceId, name, ...(description === undefined ? {} : { description }) };
    const res = await this.http.request('POST', `/snapshots/${product}`, { body, schema: CreatedPoint, permission: 'snapshot:write', ...opts });
    return { value: res.data, raw: res.raw, status: res.status };
  }

  /** DELETE /snapshots/{product}/{id}: 200 `{message}`; the point goes once the deletion ends. */
  async deletePoint(product: RecoveryProduct, pointId: string, opts: Opts = {}): Promise<Answer<{ message?: string }>> {
    const res = await this.http.request('DELETE', `/snapshots/${product}/${encodeURIComponent(pointId)}`, { permission: 'snapshot:delete', optionalBody: true, ...opts });
    const raw = (res.raw && typeof res.raw === 'object' ? res.raw : {}) as Record<string, unknown>;
    return { value: { message: typeof raw.message === 'string' ? raw.message : undefined }, raw: res.raw ?? {}, status: res.status };
  }

  /** POST /snapshots/{product}/{id}/clone: 201 `{message, instance}`, the new resource, provisioning. */
  async clonePoint(product: CloneProduct, pointId: string, body: Record<string, unknown>, opts: Opts = {}): Promise<Answer<Record<string, unknown>>> {
    const res = await this.http.request('POST', `/snapshots/${product}/${encodeURIComponent(pointId)}/clone`, { body, permission: 'snapshot:write', ...opts });
    const raw = (res.raw && typeof res.raw === 'object' ? res.raw : {}) as Record<string, unknown>;
    return { value: raw, raw: res.raw, status: res.status };
  }

  /**
   * One read of a restore operation on the API's one operations route, GET /operations/{id}
   * (the envelope's `data`). The `operation_url` a restore answers with is a page for people.
   */
  async operation(id: string, opts: Opts = {}): Promise<RestoreOperation> {
    const res = await this.http.get(`/operations/${encodeURIComponent(id)}`, { permission: 'snapshot:read', ...opts });
    const raw = res.raw && typeof res.raw === 'object' ? (res.raw as Record<string, unknown>) : {};
    const inner = raw.data && typeof raw.data === 'object' && !Array.isArray(raw.data) ? raw.data : raw;
    const parsed = RestoreOperation.safeParse(inner);
    return parsed.success ? parsed.data : {};
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
