// VPS, databases and caches: lists, one instance, credentials, public DNS (spec 2.2).
import { http } from 'msw';
import { credentialsJson, datastoreJson, type DatastoreRecord } from '../state/datastores.js';
import type { World } from '../state/world.js';
import { API, guarded, json, notFound, numericId, paginate, type Ctx } from './common.js';

type Kind = DatastoreRecord['kind'];

export function resourceHandlers(world: World) {
  const find = (kind: Kind, ctx: Ctx) => {
    const id = numericId(ctx.params.id);
    return id === null ? undefined : world.datastores.get(kind, ctx.project.id, id);
  };
  const label = (kind: Kind) => (kind === 'database' ? 'Database' : 'Cache instance');
  const family = (kind: Kind) => [
    http.get(`${API}/${kind}`, guarded(world, `${kind}:read`, (ctx) =>
      paginate(ctx.url, world.datastores.list(kind, ctx.project.id).map(datastoreJson)),
    )),
    http.get(`${API}/${kind}/:id`, guarded(world, `${kind}:read`, (ctx) => {
      const d = find(kind, ctx);
      return d ? json(datastoreJson(d)) : notFound(label(kind));
    })),
    http.post(`${API}/${kind}/:id/dns`, guarded(world, `${kind}:write`, (ctx) => {
      const d = find(kind, ctx);
      if (!d) return notFound(label(kind));
      world.datastores.enableDns(d);
      return json(datastoreJson(d));
    })),
    http.delete(`${API}/${kind}/:id/dns`, guarded(world, `${kind}:write`, (ctx) => {
      const d = find(kind, ctx);
      if (!d) return notFound(label(kind));
      world.datastores.disableDns(d);
      return json(datastoreJson(d));
    })),
  ];
  const credentials = (kind: Kind) =>
    guarded(world, `${kind}:read`, (ctx) => {
      const d = find(kind, ctx);
      return d ? json(credentialsJson(d)) : notFound(label(kind));
    });
  return [
    http.get(`${API}/vps`, guarded(world, 'vps:read', (ctx) =>
      paginate(ctx.url, world.vps.filter((v) => v.projectId === ctx.project.id).map(({ projectId, ...v }) => ({ ...v, project_id: projectId }))),
    )),
    ...family('database'),
    ...family('cache'),
    http.get(`${API}/database/:id/credentials`, credentials('database')),
    http.get(`${API}/cache/:id/connection-info`, credentials('cache')),
    http.get(`${API}/cache/:id/credentials`, credentials('cache')),
  ];
}
