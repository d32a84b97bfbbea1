// Recovery points taken and cloned by hand (real-api /snapshots/{product} store, destroy and
// clone): a point is `creating` for a while, then available (or failed, for a name ending in
// `-fail`); a deletion takes a while too; a clone is a new cache or database that provisions
// from the point (restore to a new resource, docs/behaviour.md#api-recovery) and moves through the status model.
import { http } from 'msw';
import { instanceJson, newDatastore, type DatastoreKind, type DatastoreRecord } from '../state/datastores.js';
import { storeOf } from '../families/datastore.js';
import { databaseFamily } from '../families/database.js';
import { cacheFamily } from '../families/cache.js';
import { nowOf } from '../http/family.js';
import { VPS_PLANS } from '../families/vps.js';
import { begin, failsByName, isGone } from '../state/lifecycle.js';
import { CLONE_MS, CREATE_POINT_MS, cloneRefusal, pointJson, PRODUCT_LABEL, PRODUCTS, type PointRecord, type Product } from '../state/recovery.js';
import type { World } from '../state/world.js';
import { API, guarded, invalid, json, message, notFound, readJson, refuse, type Ctx } from '../http/common.js';

export const POINT_MODEL: Record<Product, string> = { vps: 'VpsSnapshot', cache: 'CacheSnapshot', database: 'DatabaseSnapshot' };

export function productOf(raw: string | undefined): Product | null {
  return PRODUCTS.find((p) => p === raw) ?? null;
}

export function noRoute(path: string): Response {
  return message(404, `The route api/v1/${path} could not be found.`);
}

/** The resource a point is taken of: its name, engine and whether an operator manages it. */
interface Source {
  id: string;
  name: string;
  engine: string;
  operatorManaged: boolean;
  sizeBytes: number;
}

export function sourceOf(world: World, product: Product, teamId: number, id: string | undefined, now: number): Source | undefined {
  if (product === 'vps') {
    const v = world.vps.get(teamId, id);
    if (!v || isGone(v.life, now)) return undefined;
    const plan = VPS_PLANS[v.resourceProfile] ?? VPS_PLANS.nano_shared!;
    // A disk snapshot holds what is written, about a third of the disk here.
    return { id: v.id, name: v.name, engine: 'vps', operatorManaged: false, sizeBytes: Math.round((plan.storageGb * 1_073_741_824) / 3) };
  }
  const d = storeOf(world, product).get(teamId, id);
  if (!d || isGone(d.life, now)) return undefined;
  return { id: d.id, name: d.name, engine: d.engine, operatorManaged: d.operatorManaged, sizeBytes: product === 'cache' ? 52_428_800 : 1_073_741_824 };
}

type Errors = Record<string, string[]>;

function text(body: Record<string, unknown>, key: string, label: string, errors: Errors, max = 255): string | undefined {
  const v = body[key];
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
    errors[key] = [`The ${label} field is required.`];
    return undefined;
  }
  if (typeof v !== 'string') errors[key] = [`The ${label} field must be a string.`];
  else if (v.length > max) errors[key] = [`The ${label} field must not be greater than ${max} characters.`];
  else return v;
  return undefined;
}

async function create(world: World, ctx: Ctx): Promise<Response> {
  const prod = productOf(ctx.params.product);
  if (!prod) return noRoute(`snapshots/${ctx.params.product ?? ''}`);
  const parsed = await readJson(ctx.request);
  if (!parsed.ok) return parsed.response;
  const body = parsed.body;
  const errors: Errors = {};
  const idKey = `${prod}_instance_id`;
  const idLabel = `${prod} instance id`;
  const rawId = body[idKey];
  let source: Source | undefined;
  if (rawId === undefined || rawId === null || rawId === '') errors[idKey] = [`The ${idLabel} field is required.`];
  else if (typeof rawId !== 'string' || !(source = sourceOf(world, prod, ctx.team.id, rawId, ctx.now))) errors[idKey] = [`The selected ${idLabel} is invalid.`];
  const name = text(body, 'name', 'name', errors);
  const description = body.description;
  if (description !== undefined && description !== null && typeof description !== 'string') errors.description = ['The description field must be a string.'];
  if (Object.keys(errors).length) return invalid(errors);
  const point = world.recovery.addPoint({
    product: prod,
    teamId: ctx.team.id,
    name: name!,
    description: typeof description === 'string' ? description : null,
    resourceId: source!.id,
    resourceName: source!.name,
    engine: source!.engine,
    operatorManaged: source!.operatorManaged,
    origin: 'manual',
    createdAt: ctx.now,
    readyAt: ctx.now + CREATE_POINT_MS,
    fixedState: null,
    sizeBytes: source!.sizeBytes,
    // PostgreSQL and MariaDB keep their backups in the object store: no second copy (docs/behaviour.md#api-recovery).
    protection: source!.engine === 'postgresql' || source!.engine === 'mariadb' ? null : 'Local only',
    fails: failsByName(name!),
  });
  return json({ message: `${PRODUCT_LABEL[prod]} snapshot creation initiated`, snapshot: pointJson(point, ctx.now, false) }, 201);
}

const SOURCE_TYPES = ['volume_snapshot', 'velero_backup'];
const NAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

async function clone(world: World, ctx: Ctx): Promise<Response> {
  const raw = ctx.params.product;
  if (raw !== 'cache' && raw !== 'database') return noRoute(`snapshots/${raw ?? ''}/${ctx.params.pointId ?? ''}/clone`);
  const kind: DatastoreKind = raw;
  const point = world.recovery.get(kind, ctx.team.id, ctx.params.pointId);
  if (!point) return notFound(POINT_MODEL[kind], ctx.params.pointId);
  const parsed = await readJson(ctx.request);
  if (!parsed.ok) return parsed.response;
  const body = parsed.body;
  const errors: Errors = {};
  const name = text(body, 'name', 'name', errors, 63);
  if (name !== undefined && !NAME.test(name)) errors.name = ['The name field format is invalid.'];
  const st = body.source_type;
  if (st === undefined || st === null || st === '') errors.source_type = ['The source type field is required.'];
  else if (typeof st !== 'string' || !SOURCE_TYPES.includes(st)) errors.source_type = ['The selected source type is invalid.'];
  const dbName = body.database_name;
  if (kind === 'database' && dbName !== undefined && dbName !== null && typeof dbName !== 'string') errors.database_name = ['The database name field must be a string.'];
  if (Object.keys(errors).length) return invalid(errors);
  const refusal = cloneRefusal(point, ctx.now);
  if (refusal) return refuse(422, refusal);
  if (
    storeOf(world, kind)
      .list(ctx.team.id)
      .some((d) => d.name === name && !isGone(d.life, ctx.now))
  ) {
    // The facts give caches a 409 with field errors; databases answer as Laravel's unique rule does.
    if (kind === 'cache') return json({ message: 'A cache instance with this name already exists.', errors: { name: ['A cache instance with this name already exists.'] } }, 409);
    return invalid({ name: ['The name has already been taken.'] });
  }
  const d = storeOf(world, kind).add(newClone(world, ctx, kind, point, name!, typeof dbName === 'string' ? dbName : undefined));
  const family = kind === 'database' ? databaseFamily : cacheFamily;
  return json({ message: `${PRODUCT_LABEL[kind]} clone initiated`, instance: instanceJson(d, nowOf(family, d, ctx.now), ctx.team.name) }, 201);
}

function newClone(world: World, ctx: Ctx, kind: DatastoreKind, point: PointRecord, name: string, databaseName: string | undefined): DatastoreRecord {
  const from = storeOf(world, kind).get(ctx.team.id, point.resourceId);
  const id = world.ids.uuid(kind);
  const d = newDatastore(
    {
      kind,
      id,
      teamId: ctx.team.id,
      name,
      createdAt: ctx.now,
      password: `clone-${id.slice(0, 12)}`,
      engine: (from?.engine ?? point.engine) as DatastoreRecord['engine'],
      ...(from ? { version: from.version, resourceProfile: from.resourceProfile, datacenter: from.datacenter } : {}),
      databaseName: kind === 'database' ? (databaseName ?? from?.databaseName ?? null) : null,
    },
    'pending',
  );
  begin(d.life, { family: kind, name }, 'clone', { during: 'restoring', after: 'running', ms: CLONE_MS }, ctx.now);
  return d;
}

export function pointHandlers(world: World) {
  return [
    http.post(
      `${API}/snapshots/:product`,
      guarded(world, 'snapshot:write', (ctx) => {
        world.recovery.settle(ctx.now);
        return create(world, ctx);
      }),
    ),
    http.post(
      `${API}/snapshots/:product/:pointId/clone`,
      guarded(world, 'snapshot:write', (ctx) => {
        world.recovery.settle(ctx.now);
        return clone(world, ctx);
      }),
    ),
  ];
}
