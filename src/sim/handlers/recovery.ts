// Recovery points, capabilities and replace-existing restores (docs/behaviour.md#api-recovery; docs/behaviour.md#restore, docs/behaviour.md#wire).
import { http } from 'msw';
import { storeOf } from '../families/datastore.js';
import { begin, isGone, type OpSpec } from '../state/lifecycle.js';
import { capabilityRows, operationPage, pointJson, PRODUCT_LABEL, replaceRefusal, stateRefusal, type OperationRecord, type PointRecord } from '../state/recovery.js';
import type { World } from '../state/world.js';
import { API, guarded, json, message, notFound, paginate, readJson, type Ctx } from '../http/common.js';
import { noRoute, pointHandlers, POINT_MODEL as MODEL, productOf as product } from './recovery-points.js';

/**
 * The resource being replaced shows the restore in its own status (docs/behaviour.md#api-recovery: it counts
 * as done once the resource runs again), so a client without the operation can wait on it.
 */
function restoring(world: World, point: PointRecord, op: OperationRecord, now: number): void {
  const spec: OpSpec = { during: 'restoring', after: 'running', ms: op.endsAt - now };
  if (point.product === 'vps') {
    const v = world.vps.get(point.teamId, point.resourceId);
    if (v && !isGone(v.life, now)) begin(v.life, { family: 'vps', name: v.name }, 'restore', spec, now);
    return;
  }
  const d = storeOf(world, point.product).get(point.teamId, point.resourceId);
  if (!d || isGone(d.life, now)) return;
  begin(d.life, { family: d.kind, name: d.name }, 'restore', spec, now);
}

/**
 * The operation of a gated restore is read at GET /api/v1/operations/{operation_id}
 * (handlers/operations.ts); `redirect` is its page in the console, on another host.
 * A request with neither a body nor an Idempotency-Key is what a client that predates the
 * spec sends: the restore starts directly (200), as before. Otherwise the product's gate
 * decides: open → 202 with the operation, closed → 200.
 */
async function restore(world: World, ctx: Ctx): Promise<Response> {
  const prod = product(ctx.params.product);
  if (!prod) return noRoute(`snapshots/${ctx.params.product ?? ''}`);
  const point = world.recovery.settle(ctx.now).get(prod, ctx.team.id, ctx.params.pointId);
  if (!point) return notFound(MODEL[prod], ctx.params.pointId);
  const parsed = await readJson(ctx.request);
  if (!parsed.ok) return parsed.response;
  const body = parsed.body;
  const key = ctx.request.headers.get('idempotency-key');
  const fingerprint = JSON.stringify([prod, point.id, body.confirm_name ?? null, body.safety_point ?? true]);
  const storeKey = key ? `${ctx.team.id}\u0000${key}` : null;
  const stored = storeKey ? world.recovery.answers.get(storeKey) : undefined;
  // The v1.7.0 refusals are {message} (databases add recommended_action to 400/422).
  const refusal422 = (text: string) => message(422, text, prod === 'database' ? { recommended_action: null } : {});
  if (stored) {
    if (stored.fingerprint !== fingerprint) return message(409, 'This Idempotency-Key was already used with a different request; use a new key for a new request.');
    return json(stored.body, stored.status);
  }
  const refusal = replaceRefusal(point);
  if (refusal) return refusal422(refusal);
  if (body.confirm_name !== undefined) {
    if (typeof body.confirm_name !== 'string') return refusal422('The confirm name field must be a string.');
    if (body.confirm_name !== point.resourceName) return refusal422(`The confirm name field must match the resource name "${point.resourceName}".`);
  }
  if (body.safety_point !== undefined && typeof body.safety_point !== 'boolean') return refusal422('The safety point field must be true or false.');
  const notReady = stateRefusal(point, ctx.now);
  if (notReady) return refusal422(notReady);
  const busy = world.recovery.activeOperation(`${prod}:${point.resourceId}`, ctx.now);
  if (busy) return message(409, `Another destructive operation (${busy.id}) is running on ${point.resourceName}; one runs per resource at a time.`);
  const legacy = parsed.empty && !key;
  const op = world.recovery.startOperation(point, body.safety_point !== false, ctx.now);
  restoring(world, point, op, ctx.now);
  const gated = op.gated && !legacy;
  const [status, answer] = gated
    ? [202, { message: `${PRODUCT_LABEL[prod]} snapshot restore accepted`, operation_id: op.id, redirect: operationPage(op) }]
    : [200, { message: `${PRODUCT_LABEL[prod]} snapshot restore initiated` }];
  if (storeKey) world.recovery.answers.set(storeKey, { fingerprint, status, body: answer });
  return json(answer, status);
}

export function recoveryHandlers(world: World) {
  return [
    http.get(
      `${API}/recovery/capabilities`,
      guarded(world, null, () => json({ data: capabilityRows(world.recovery.gates) })),
    ),
    http.get(
      `${API}/snapshots/:product`,
      guarded(world, 'snapshot:read', (ctx) => {
        const prod = product(ctx.params.product);
        if (!prod) return noRoute(`snapshots/${ctx.params.product ?? ''}`);
        const points = world.recovery
          .settle(ctx.now)
          .list(prod, ctx.team.id)
          .slice()
          .sort((a, b) => b.createdAt - a.createdAt);
        return paginate(
          ctx.url,
          points.map((p) => pointJson(p, ctx.now, world.recovery.dependedOn(p, ctx.now))),
        );
      }),
    ),
    http.delete(
      `${API}/snapshots/:product/:pointId`,
      guarded(world, 'snapshot:delete', (ctx) => {
        const prod = product(ctx.params.product);
        const point = prod ? world.recovery.settle(ctx.now).get(prod, ctx.team.id, ctx.params.pointId) : undefined;
        if (!prod || !point) return notFound(prod ? MODEL[prod] : 'Snapshot', ctx.params.pointId);
        if (world.recovery.dependedOn(point, ctx.now)) return message(409, `A restore operation depends on snapshot ${point.id}; it cannot be deleted until the operation ends.`);
        world.recovery.startDeletion(point, ctx.now);
        return message(200, `${PRODUCT_LABEL[prod]} snapshot deletion initiated`);
      }),
    ),
    http.post(
      `${API}/snapshots/:product/:pointId/restore`,
      guarded(world, 'snapshot:write', (ctx) => restore(world, ctx)),
    ),
    ...pointHandlers(world),
  ];
}
