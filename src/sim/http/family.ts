// Generic routes of a product family whose resources live in a team-scoped store and move
// through a lifecycle (state/lifecycle.ts): list, show, create, update, destroy, lifecycle
// actions, and diagnose/events/logs. A family is a definition: paths, the model and wrapper
// names the real API uses, a JSON view, and what each action needs and does.
import { http } from 'msw';
import { iso, MINUTE } from '../clock.js';
import { begin, inFlight, isGone, legacyStatus, lifecycleStatus, type FamilyRecord, type Now, type OpSpec } from '../state/lifecycle.js';
import type { TeamStore } from '../state/store.js';
import type { World } from '../state/world.js';
import { API, envelope, guarded, invalid, json, message, notFound, paginate, readJson, refuse, type Ctx, type Resolver } from './common.js';

// The record and view-time shapes live in state (a record is state); re-exported here so a
// family imports its whole toolkit from one place.
export type { FamilyRecord, Now } from '../state/lifecycle.js';

type Errors = Record<string, string[]>;
type Body = Record<string, unknown>;

export interface ActionDef<R> {
  /** Legacy statuses the action is allowed from. */
  from: readonly string[];
  op: OpSpec;
  /** 200 `{message, status}` (the real API's words). */
  message: string;
  /** 422 `{error, status}` when the state does not allow it. */
  refusal: string;
  /** Validates and applies a body (reinstall's image); field errors → 422. */
  body?: (r: R, body: Body, ctx: Ctx) => Errors | undefined;
  /** Extra answer fields (a queue's actions answer with the instance). */
  answer?: (r: R, ctx: Ctx) => Body;
}

export interface FamilyDef<R extends FamilyRecord> {
  /** Path below /api/v1 (`vps`, `storage/buckets`). */
  path: string;
  /** Laravel model name for 404s (`VpsInstance`). */
  model: string;
  /** Permission noun (`vps` → vps:read, vps:write, vps:delete). */
  permission: string;
  /** Key of one resource in show/create/update answers (`instance`). */
  wrapper: string;
  /** The error-code family word (`vps`, `database`). */
  family: string;
  store(world: World): TeamStore<R>;
  view(r: R, at: Now, ctx: Ctx): Body;
  /** The show answer; default `{[wrapper]: view}`. */
  show?(r: R, view: Body, ctx: Ctx): Body;
  /** `conflict`: 409 `{error}` (a bucket name that is taken). Without `op` it is created settled. */
  create?: { message: string; op?: OpSpec; build(body: Body, ctx: Ctx): { record: R } | { errors: Errors } | { conflict: string }; extras?(r: R, ctx: Ctx): Body };
  update?: { message: string; op?: OpSpec; apply(r: R, body: Body, ctx: Ctx): Errors | undefined };
  /**
   * Without `op` the resource is removed at once and the answer is `{message}` alone (SSH
   * keys, firewalls). `refuse` names a refusal of this record (422 `{error}`: the default firewall).
   */
  destroy?: { message: string; refusal: string; from?: readonly string[]; op?: OpSpec; refuse?(r: R): string | undefined };
  actions?: Record<string, ActionDef<R>>;
  /** Diagnostic routes the family has (spec: "most products have their own diagnose, logs and events"). */
  diagnostics?: { diagnose?: boolean; events?: boolean; logs?: boolean };
  /**
   * The list and create routes also answer under `/teams/{team}/<path>` (real-api "teams":
   * GET/POST /teams/{team}/static-sites), the project named by the path instead of X-Team-Id.
   */
  teamPath?: boolean;
  /** false: deletes, actions and refusals carry no legacy `status` (a queue answers `{message, instance}` and `{error}`). */
  statusInAnswers?: false;
}

export function nowOf<R extends FamilyRecord>(def: FamilyDef<R>, r: R, now: number): Now {
  return { status: legacyStatus(r.life, now), details: lifecycleStatus(r.life, { family: def.family, name: r.name }, now), now };
}

export function familyHandlers<R extends FamilyRecord>(world: World, def: FamilyDef<R>) {
  const base = `${API}/${def.path}`;
  const perm = (what: 'read' | 'write' | 'delete') => `${def.permission}:${what}`;
  const visible = (ctx: Ctx) =>
    def
      .store(world)
      .list(ctx.team.id)
      .filter((r) => !isGone(r.life, ctx.now));
  const find = (ctx: Ctx) => {
    const r = def.store(world).get(ctx.team.id, ctx.params.id);
    return r && !isGone(r.life, ctx.now) ? r : undefined;
  };
  const viewOf = (r: R, ctx: Ctx) => def.view(r, nowOf(def, r, ctx.now), ctx);
  const wrap = (r: R, ctx: Ctx) => ({ [def.wrapper]: viewOf(r, ctx) });
  const withFound = (p: string, fn: (r: R, ctx: Ctx) => Response | Promise<Response>) =>
    guarded(world, p, (ctx) => {
      const r = find(ctx);
      return r ? fn(r, ctx) : notFound(def.model, ctx.params.id);
    });
  const statusOf = (r: R, ctx: Ctx) => (def.statusInAnswers === false ? {} : { status: legacyStatus(r.life, ctx.now) });
  const busy = (r: R, ctx: Ctx, refusal: string, from?: readonly string[]) => {
    const status = legacyStatus(r.life, ctx.now);
    if (inFlight(r.life, ctx.now) || (from && !from.includes(status))) return refuse(422, refusal, statusOf(r, ctx));
    return undefined;
  };

  const list = guarded(world, perm('read'), (ctx) =>
    paginate(
      ctx.url,
      visible(ctx).map((r) => viewOf(r, ctx)),
    ),
  );
  const routes = [
    http.get(base, list),
    http.get(
      `${base}/:id`,
      withFound(perm('read'), (r, ctx) => json(def.show ? def.show(r, viewOf(r, ctx), ctx) : wrap(r, ctx))),
    ),
  ];

  if (def.teamPath) routes.push(http.get(`${API}/teams/:team/${def.path}`, inPathTeam(world, list)));

  if (def.create) {
    const c = def.create;
    const create = guarded(world, perm('write'), async (ctx) => {
      const body = await readJson(ctx.request);
      if (!body.ok) return body.response;
      const built = c.build(body.body, ctx);
      if ('errors' in built) return invalid(built.errors);
      if ('conflict' in built) return refuse(409, built.conflict);
      const r = def.store(world).add(built.record);
      if (c.op) begin(r.life, { family: def.family, name: r.name }, 'create', c.op, ctx.now);
      return json({ message: c.message, ...wrap(r, ctx), ...(c.extras?.(r, ctx) ?? {}) }, 201);
    });
    routes.push(http.post(base, create));
    if (def.teamPath) routes.push(http.post(`${API}/teams/:team/${def.path}`, inPathTeam(world, create)));
  }

  if (def.update) {
    const u = def.update;
    routes.push(
      http.put(
        `${base}/:id`,
        withFound(perm('write'), async (r, ctx) => {
          const body = await readJson(ctx.request);
          if (!body.ok) return body.response;
          const errors = u.apply(r, body.body, ctx);
          if (errors) return invalid(errors);
          r.updatedAt = ctx.now;
          if (u.op) begin(r.life, { family: def.family, name: r.name }, 'update', u.op, ctx.now);
          return json({ message: u.message, ...wrap(r, ctx) });
        }),
      ),
    );
  }

  if (def.destroy) {
    const d = def.destroy;
    routes.push(
      http.delete(
        `${base}/:id`,
        withFound(perm('delete'), (r, ctx) => {
          const refused = busy(r, ctx, d.refusal, d.from);
          if (refused) return refused;
          const own = d.refuse?.(r);
          if (own) return refuse(422, own);
          if (!d.op) {
            def.store(world).remove(r);
            return message(200, d.message);
          }
          begin(r.life, { family: def.family, name: r.name }, 'destroy', d.op, ctx.now);
          return message(200, d.message, statusOf(r, ctx));
        }),
      ),
    );
  }

  for (const [verb, a] of Object.entries(def.actions ?? {})) {
    routes.push(
      http.post(
        `${base}/:id/${verb}`,
        withFound(perm('write'), async (r, ctx) => {
          const refused = busy(r, ctx, a.refusal, a.from);
          if (refused) return refused;
          if (a.body) {
            const body = await readJson(ctx.request);
            if (!body.ok) return body.response;
            const errors = a.body(r, body.body, ctx);
            if (errors) return invalid(errors);
          }
          begin(r.life, { family: def.family, name: r.name }, verb, a.op, ctx.now);
          return message(200, a.message, { ...statusOf(r, ctx), ...(a.answer?.(r, ctx) ?? {}) });
        }),
      ),
    );
  }

  const diag = def.diagnostics ?? {};
  if (diag.diagnose)
    routes.push(
      http.get(
        `${base}/:id/diagnose`,
        withFound(perm('read'), (r, ctx) => json(envelope(diagnoseOf(def, r, ctx.now)))),
      ),
    );
  if (diag.events)
    routes.push(
      http.get(
        `${base}/:id/events`,
        withFound(perm('read'), (r, ctx) => json(envelope({ available: true, events: eventsOf(def, r, ctx.now) }))),
      ),
    );
  if (diag.logs)
    routes.push(
      http.get(
        `${base}/:id/logs`,
        withFound(perm('read'), (r, ctx) => json(envelope({ available: true, entries: logsOf(r, ctx.now) }, { next_cursor: null, truncated: false, retention_days: 10 }))),
      ),
    );
  return routes;
}

/**
 * A route whose project is named by its path (`/teams/{team}/...`), answered as the same route
 * with that project in X-Team-Id: the token is checked first (401), then the team is bound as a
 * route model (an unknown one is a ModelNotFoundException, 404), then scope and permissions as
 * everywhere else (403).
 */
function inPathTeam(world: World, resolver: Resolver): Resolver {
  return async ({ request, params }) => {
    const team = typeof params.team === 'string' ? params.team : '';
    const auth = world.auth.authenticate(request.headers.get('authorization'), null);
    if (!auth.ok && auth.status === 401) return message(401, auth.message);
    if (!/^[0-9]{1,9}$/.test(team) || !world.auth.teams.some((t) => t.id === Number(team))) return notFound('Team', team);
    const headers = new Headers(request.headers);
    headers.set('x-team-id', team);
    return resolver({ request: new Request(request, { headers }), params });
  };
}

/** Findings of a product's diagnose: the status error, an operation in flight, or nothing. */
export function diagnoseOf<R extends FamilyRecord>(def: Pick<FamilyDef<R>, 'family' | 'model'>, r: R, now: number) {
  const d = lifecycleStatus(r.life, { family: def.family, name: r.name }, now);
  const findings = d.error
    ? [{ code: d.error.code, severity: 'fatal', summary: d.error.message, remediation: `Inspect ${r.name}'s events, then repeat the operation or contact support.`, retryable: d.error.retryable }]
    : d.operation.terminal
      ? []
      : [{ code: `${def.family}.operation_in_progress`, severity: 'informational', summary: `An operation is in flight on ${r.name}; checks were skipped.`, remediation: null, retryable: true }];
  const verdict = d.error ? 'failed' : !d.operation.terminal ? 'in_progress' : d.summary === 'stopped' ? 'stopped' : 'healthy';
  return { verdict, status: d, findings, sections: { events: { available: true, count: eventsOf(def, r, now).length, truncated: false }, logs: null } };
}

/** Platform events (DiagnosticEventResource: `resource` and `count` as text); kept one hour. */
export function eventsOf<R extends FamilyRecord>(def: Pick<FamilyDef<R>, 'family' | 'model'>, r: R, now: number) {
  return r.life.ops
    .filter((o) => o.at <= now && o.at > now - 60 * MINUTE)
    .flatMap((o) => {
      const started = {
        type: 'Normal',
        reason: `${o.kind[0]!.toUpperCase()}${o.kind.slice(1)}Started`,
        message: `${o.kind} of ${r.name} started`,
        resource: `${def.model}/${r.name}`,
        count: '1',
        first_seen: iso(o.at),
        last_seen: iso(o.at),
      };
      if (o.endAt > now) return [started];
      const ended = o.fails
        ? { type: 'Warning', reason: 'OperationFailed', message: `${o.kind} of ${r.name} failed`, resource: `${def.model}/${r.name}`, count: '1', first_seen: iso(o.endAt), last_seen: iso(o.endAt) }
        : {
            type: 'Normal',
            reason: `${o.kind[0]!.toUpperCase()}${o.kind.slice(1)}Succeeded`,
            message: `${o.kind} of ${r.name} succeeded`,
            resource: `${def.model}/${r.name}`,
            count: '1',
            first_seen: iso(o.endAt),
            last_seen: iso(o.endAt),
          };
      return [started, ended];
    });
}

/** Log lines of the operations (InstanceLogEntryResource). */
function logsOf(r: FamilyRecord, now: number) {
  return r.life.ops
    .filter((o) => o.at <= now)
    .flatMap((o) => [
      { timestamp: iso(o.at), message: `${o.kind} started`, level: 'info', pod: `${r.name}-0`, container: 'main', stream: 'stdout' },
      ...(o.endAt <= now
        ? [
            {
              timestamp: iso(o.endAt),
              message: o.fails ? `ERROR ${o.kind} failed` : `${o.kind} done`,
              level: o.fails ? 'error' : 'info',
              pod: `${r.name}-0`,
              container: 'main',
              stream: o.fails ? 'stderr' : 'stdout',
            },
          ]
        : []),
    ]);
}
