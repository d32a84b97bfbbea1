// VPS, databases and caches: lists, one instance, credentials, public DNS (spec 2.2), and
// the teams of the token. A family is a list route, a show route and a JSON view.
import { http } from 'msw';
import { credentialsJson, instanceJson, publicConnectionInfo, type DatastoreKind, type DatastoreRecord } from '../state/datastores.js';
import type { World } from '../state/world.js';
import { API, guarded, json, message, notFound, paginate, type Ctx } from './common.js';

/** List and show of one family whose records live in a team-scoped store. */
export function familyRoutes<T>(world: World, f: {
  path: string;
  permission: string;
  model: string;
  list: (ctx: Ctx) => T[];
  find: (ctx: Ctx) => T | undefined;
  item: (x: T, ctx: Ctx) => unknown;
  show: (x: T, ctx: Ctx) => unknown;
}) {
  return [
    http.get(`${API}/${f.path}`, guarded(world, f.permission, (ctx) => paginate(ctx.url, f.list(ctx).map((x) => f.item(x, ctx))))),
    http.get(`${API}/${f.path}/:id`, guarded(world, f.permission, (ctx) => {
      const x = f.find(ctx);
      return x === undefined ? notFound(f.model, ctx.params.id) : json(f.show(x, ctx));
    })),
  ];
}

const MODEL: Record<DatastoreKind, string> = { database: 'DatabaseInstance', cache: 'CacheInstance' };
const NOUN: Record<DatastoreKind, string> = { database: 'database instance', cache: 'cache instance' };

function datastoreRoutes(world: World, kind: DatastoreKind) {
  const find = (ctx: Ctx) => world.datastores.find(kind, ctx.team.id, ctx.params.id);
  const withFound = (perm: string, fn: (d: DatastoreRecord, ctx: Ctx) => Response) =>
    guarded(world, perm, (ctx) => {
      const d = find(ctx);
      return d ? fn(d, ctx) : notFound(MODEL[kind], ctx.params.id);
    });
  const credentials = withFound(`${kind}:read`, (d, ctx) => json(credentialsJson(d, ctx.team.name)));
  return [
    ...familyRoutes(world, {
      path: kind,
      permission: `${kind}:read`,
      model: MODEL[kind],
      list: (ctx) => world.datastores.ofKind(kind, ctx.team.id),
      find,
      item: (d, ctx) => instanceJson(d, ctx.team.name, ctx.now),
      show: (d, ctx) => ({ instance: instanceJson(d, ctx.team.name, ctx.now), connection_info: publicConnectionInfo(d, ctx.team.name), monthly_cost: instanceJson(d, ctx.team.name).monthly_cost_dollars }),
    }),
    http.post(`${API}/${kind}/:id/dns`, withFound(`${kind}:write`, (d, ctx) => {
      const already = d.dnsPort !== null;
      world.datastores.enableDns(d, ctx.now);
      const { dns_hostname, dns_port } = instanceJson(d, ctx.team.name);
      return already
        ? message(409, `DNS is already enabled for this ${NOUN[kind]}`, { dns_hostname, dns_port })
        : message(200, 'DNS enabled successfully', { dns_hostname, dns_port });
    })),
    http.delete(`${API}/${kind}/:id/dns`, withFound(`${kind}:write`, (d, ctx) => {
      world.datastores.disableDns(d, ctx.now);
      return message(200, 'DNS disabled successfully');
    })),
    ...(kind === 'database'
      ? [http.get(`${API}/database/:id/credentials`, credentials)]
      : [http.get(`${API}/cache/:id/connection-info`, credentials), http.get(`${API}/cache/:id/credentials`, credentials)]),
  ];
}

export function resourceHandlers(world: World) {
  return [
    http.get(`${API}/user/teams`, guarded(world, null, (ctx) =>
      json({ data: world.auth.teamsOf(ctx.token).map((t) => ({ ...t })), current_team_id: ctx.team.id }),
    )),
    ...datastoreRoutes(world, 'database'),
    ...datastoreRoutes(world, 'cache'),
  ];
}
