// Recovery points, capabilities and replace-existing restores (spec 3.5; contract 10, 12).
import { http, HttpResponse } from 'msw';
import { capabilityRows, operationJson, pointJson, PRODUCTS, replaceRefusal, stateRefusal, type Product } from '../state/recovery.js';
import type { World } from '../state/world.js';
import { API, guarded, invalid, json, message, notFound, paginate, readJson, type Ctx } from './common.js';

function product(raw: string | undefined): Product | null {
  return PRODUCTS.find((p) => p === raw) ?? null;
}

async function restore(world: World, ctx: Ctx): Promise<Response> {
  const prod = product(ctx.params.product);
  if (!prod) return notFound('Product');
  const point = world.recovery.get(prod, ctx.project.id, ctx.params.pointId ?? '');
  if (!point) return notFound('Recovery point');
  const parsed = await readJson(ctx.request);
  if (!parsed.ok) return parsed.response;
  const body = parsed.body;
  const key = ctx.request.headers.get('idempotency-key');
  const fingerprint = JSON.stringify([prod, point.id, body.confirm_name ?? null, body.safety_point ?? true]);
  const storeKey = key ? `${ctx.project.id}\u0000${key}` : null;
  const stored = storeKey ? world.recovery.answers.get(storeKey) : undefined;
  if (stored) {
    if (stored.fingerprint !== fingerprint) {
      return message(409, 'This Idempotency-Key was already used with a different request; use a new key for a new request.');
    }
    return json(stored.body, stored.status);
  }
  const errors: Record<string, string[]> = {};
  if (typeof body.confirm_name !== 'string' || body.confirm_name === '') errors.confirm_name = ['Type the exact name of the resource to confirm.'];
  else if (body.confirm_name !== point.resourceName) errors.confirm_name = [`The confirmation does not match the resource name "${point.resourceName}".`];
  if (body.safety_point !== undefined && typeof body.safety_point !== 'boolean') errors.safety_point = ['The safety_point must be true or false.'];
  const refusal = replaceRefusal(point);
  if (refusal) return json({ message: refusal }, 422);
  if (Object.keys(errors).length) return invalid(errors);
  const notReady = stateRefusal(point, ctx.now);
  if (notReady) return json({ message: notReady }, 422);
  const busy = world.recovery.activeOperation(`${prod}:${point.resourceId}`, ctx.now);
  if (busy) return message(409, `Another destructive operation (${busy.id}) is running on ${point.resourceName}; one runs per resource at a time.`);
  const op = world.recovery.startOperation(point, body.safety_point !== false, ctx.now);
  const [status, answer] = op.gated
    ? [202, { operation_id: op.id, operation_url: `${ctx.url.origin}/api/v1/recovery/operations/${op.id}` }]
    : [200, { status: 'started', message: `Restore of ${point.resourceName} from ${point.id} started directly.` }];
  if (storeKey) world.recovery.answers.set(storeKey, { fingerprint, status, body: answer });
  return json(answer, status);
}

export function recoveryHandlers(world: World) {
  return [
    http.get(`${API}/recovery/capabilities`, guarded(world, null, () => json({ data: capabilityRows(world.recovery.gates) }))),
    http.get(`${API}/recovery/operations/:opId`, guarded(world, 'snapshot:read', (ctx) => {
      const op = world.recovery.operations.find((o) => o.id === ctx.params.opId && o.projectId === ctx.project.id);
      return op ? json(operationJson(op, ctx.now)) : notFound('Operation');
    })),
    http.get(`${API}/snapshots/:product`, guarded(world, 'snapshot:read', (ctx) => {
      const prod = product(ctx.params.product);
      if (!prod) return notFound('Product');
      const points = world.recovery.list(prod, ctx.project.id).slice().sort((a, b) => b.createdAt - a.createdAt);
      return paginate(ctx.url, points.map((p) => pointJson(p, ctx.now, world.recovery.dependedOn(p, ctx.now))));
    })),
    http.delete(`${API}/snapshots/:product/:pointId`, guarded(world, 'snapshot:delete', (ctx) => {
      const prod = product(ctx.params.product);
      const point = prod ? world.recovery.get(prod, ctx.project.id, ctx.params.pointId ?? '') : undefined;
      if (!point) return notFound('Recovery point');
      if (world.recovery.dependedOn(point, ctx.now)) return message(409, `A restore operation depends on ${point.id}; it cannot be deleted until the operation ends.`);
      world.recovery.points.splice(world.recovery.points.indexOf(point), 1);
      return new HttpResponse(null, { status: 204 });
    })),
    http.post(`${API}/snapshots/:product/:pointId/restore`, guarded(world, 'snapshot:write', (ctx) => restore(world, ctx))),
  ];
}
