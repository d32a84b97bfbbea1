// GET /api/v1/operations/{id}, in the envelope: the deploy operation of a container change,
// or a replace-existing restore (kind "restore"). The service accepts a resource id in place
// of the operation id (the operation row may not exist yet right after a create): it answers
// that resource's latest operation.
import { http } from 'msw';
import { settle } from '../state/containers.js';
import { operationJson as deployJson, POLL_AFTER_MS } from '../state/container-views.js';
import { operationJson as restoreJson } from '../state/recovery.js';
import type { World } from '../state/world.js';
import { API, envelope, envelopeError, guarded, json } from '../http/common.js';

export function operationHandlers(world: World) {
  return [
    http.get(
      `${API}/operations/:opId`,
      guarded(world, null, (ctx) => {
        const raw = ctx.params.opId ?? '';
        for (const c of world.containers.list(ctx.team.id)) {
          const ch = c.id === raw ? c.changes.at(-1) : c.changes.find((x) => x.operationId === raw);
          if (ch) return json(envelope(deployJson(settle(c, ctx.now), ch, ctx.now)));
        }
        const restores = world.recovery.operations.filter((o) => o.teamId === ctx.team.id);
        const op = restores.find((o) => o.id === raw) ?? restores.filter((o) => o.resourceKey.endsWith(`:${raw}`)).at(-1);
        if (op) return json(envelope(restoreJson(op, ctx.now, POLL_AFTER_MS)));
        return envelopeError(404, null, 'operation.not_found', 'No such operation.', false);
      }),
    ),
  ];
}
