// GET /api/v1/operations/{id}: the deploy operation of a container change, in the envelope.
// The container id is accepted in place of the operation id (its latest operation).
import { http } from 'msw';
import { settle } from '../state/containers.js';
import { operationJson } from '../state/container-views.js';
import type { World } from '../state/world.js';
import { API, envelope, envelopeError, guarded, json } from '../http/common.js';

export function operationHandlers(world: World) {
  return [
    http.get(`${API}/operations/:opId`, guarded(world, null, (ctx) => {
      const raw = ctx.params.opId ?? '';
      for (const c of world.containers.list(ctx.team.id)) {
        const ch = c.id === raw ? c.changes.at(-1) : c.changes.find((x) => x.operationId === raw);
        if (ch) return json(envelope(operationJson(settle(c, ctx.now), ch, ctx.now)));
      }
      return envelopeError(404, null, 'operation.not_found', 'No such operation.', false);
    })),
  ];
}
