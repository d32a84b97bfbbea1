// The container a route's `:id` names in the request's team, settled to now; and the 404 when
// there is none. Shared by the container routes of handlers/ and families/.
import { settle, type ContainerRecord } from '../state/containers.js';
import { notFound, type Ctx } from './common.js';

export function findContainer(ctx: Ctx): ContainerRecord | undefined {
  const c = ctx.world.containers.get(ctx.team.id, ctx.params.id);
  return c ? settle(c, ctx.now) : undefined;
}

export const containerMissing = (ctx: Ctx) => notFound('ServerlessContainer', ctx.params.id);
