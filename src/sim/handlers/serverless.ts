// Container CRUD: list, get, create, update, redeploy, delete (contract section 12).
import { http, HttpResponse } from 'msw';
import type { ContainerRecord } from '../state/containers.js';
import { containerJson, containerUrl } from '../state/status.js';
import type { World } from '../state/world.js';
import { API, guarded, invalid, json, notFound, numericId, paginate, readJson, type Ctx } from './common.js';
import { parseSpec } from './serverless-input.js';

export function findContainer(ctx: Ctx): ContainerRecord | undefined {
  const id = numericId(ctx.params.id);
  return id === null ? undefined : ctx.world.containers.get(ctx.project.id, id, ctx.now);
}

function answer(world: World, c: ContainerRecord, status = 200): Response {
  return json({ container: containerJson(c, world.status(c)), url: containerUrl(c) }, status);
}

export function serverlessHandlers(world: World) {
  return [
    http.get(`${API}/serverless`, guarded(world, 'serverless:read', (ctx) =>
      paginate(ctx.url, world.containers.list(ctx.project.id, ctx.now).map((c) => containerJson(c, world.status(c)))),
    )),
    http.get(`${API}/serverless/:id`, guarded(world, 'serverless:read', (ctx) => {
      const c = findContainer(ctx);
      return c ? answer(world, c) : notFound('Container');
    })),
    http.post(`${API}/serverless`, guarded(world, 'serverless:write', async (ctx) => {
      const body = await readJson(ctx.request);
      if (!body.ok) return body.response;
      const parsed = parseSpec(body.body);
      if (!parsed.ok) return invalid(parsed.errors);
      const name = parsed.name ?? '';
      if (world.containers.byName(ctx.project.id, name)) return invalid({ name: [`A container named "${name}" already exists in this project.`] });
      const c = world.containers.create(ctx.project.id, name, parsed.spec, ctx.now);
      return answer(world, c, 201);
    })),
    http.put(`${API}/serverless/:id`, guarded(world, 'serverless:write', async (ctx) => {
      const c = findContainer(ctx);
      if (!c) return notFound('Container');
      const body = await readJson(ctx.request);
      if (!body.ok) return body.response;
      const parsed = parseSpec(body.body, c.spec);
      if (!parsed.ok) return invalid(parsed.errors);
      if (parsed.name !== undefined && parsed.name !== c.name) {
        return invalid({ name: ['The name of a container cannot be changed.'] });
      }
      world.containers.change(c, parsed.spec, ctx.now);
      return answer(world, c);
    })),
    http.post(`${API}/serverless/:id/redeploy`, guarded(world, 'serverless:write', (ctx) => {
      const c = findContainer(ctx);
      if (!c) return notFound('Container');
      world.containers.change(c, c.spec, ctx.now);
      return answer(world, c);
    })),
    http.delete(`${API}/serverless/:id`, guarded(world, 'serverless:delete', (ctx) => {
      const c = findContainer(ctx);
      if (!c) return notFound('Container');
      world.containers.delete(c);
      return new HttpResponse(null, { status: 204 });
    })),
  ];
}
