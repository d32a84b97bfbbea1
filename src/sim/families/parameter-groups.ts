// Parameter groups (real-api ParameterGroupResource and the /parameter-groups operations):
// reusable engine settings for databases, caches and queues. Plain records with integer ids,
// no lifecycle: every write takes effect at once. System groups belong to no team
// (`team_id: null`), every team sees them, and they cannot be changed or deleted; a group
// attached to a queue cannot be deleted either (both refusals are 422 `{error}`).
import { http } from 'msw';
import { DAY, iso } from '../clock.js';
import { API, guarded, invalid, json, message, notFound, paginate, readJson, refuse, type Ctx } from '../http/common.js';
import { isGone } from '../state/lifecycle.js';
import { MAIN_TEAM, STAGING_TEAM } from '../state/auth.js';
import { SEED_GROUPS } from '../state/seed.js';
import { TeamStore } from '../state/store.js';
import type { SimModule, World } from '../state/world.js';

export interface ParameterGroupRecord {
  id: number;
  /** 0 for a system group (shown as `team_id: null`). */
  teamId: number;
  name: string;
  type: 'cache' | 'database' | 'queue';
  providerType: string;
  family: string | null;
  description: string | null;
  parameters: Record<string, unknown>;
  locked: string[];
  isDefault: boolean;
  isActive: boolean;
  system: boolean;
  createdAt: number;
  updatedAt: number;
}

const SYSTEM_TEAM = 0;
const TYPES = ['cache', 'database', 'queue'] as const;
type Errors = Record<string, string[]>;
type Body = Record<string, unknown>;

/** New ids start above the seeded ones. */
export const FIRST_NEW_GROUP_ID = 20;

export function groupJson(g: ParameterGroupRecord) {
  return {
    id: g.id,
    name: g.name,
    type: g.type,
    provider_type: g.providerType,
    family: g.family,
    description: g.description,
    // PHP arrays: an empty map is sent as [].
    parameters: Object.keys(g.parameters).length ? g.parameters : [],
    locked_parameters: g.locked,
    team_id: g.system ? null : g.teamId,
    is_default: g.isDefault,
    is_active: g.isActive,
    is_system: g.system,
    created_at: iso(g.createdAt),
    updated_at: iso(g.updatedAt),
  };
}

const text = (body: Body, k: string) => (typeof body[k] === 'string' && (body[k] as string).trim() !== '' ? (body[k] as string) : undefined);

/** A parameter map: a JSON object of scalars (or `[]`, PHP's empty array). */
function parametersOf(v: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(v)) return v.length === 0 ? {} : undefined;
  if (typeof v !== 'object' || v === null) return undefined;
  return Object.values(v).every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x)) ? (v as Record<string, unknown>) : undefined;
}

function lockedOf(v: unknown): string[] | undefined {
  if (v === null) return [];
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
}

/** Checks the fields of a create (all) or an update (`partial`); Laravel's words. */
function validate(body: Body, partial: boolean): Errors {
  const errors: Errors = {};
  const has = (k: string) => body[k] !== undefined;
  if (!partial || has('name')) {
    const name = text(body, 'name');
    if (!name) errors.name = ['The name field is required.'];
    else if (name.length > 255) errors.name = ['The name field must not be greater than 255 characters.'];
  }
  if (!partial) {
    if (!text(body, 'type')) errors.type = ['The type field is required.'];
    else if (!(TYPES as readonly string[]).includes(body.type as string)) errors.type = ['The selected type is invalid.'];
    if (!text(body, 'provider_type')) errors.provider_type = ['The provider type field is required.'];
    if (body.family !== undefined && body.family !== null && typeof body.family !== 'string') errors.family = ['The family field must be a string.'];
  }
  if (has('description') && body.description !== null && typeof body.description !== 'string') errors.description = ['The description field must be a string.'];
  if (!partial && !has('parameters')) errors.parameters = ['The parameters field is required.'];
  else if (has('parameters') && !parametersOf(body.parameters)) errors.parameters = ['The parameters field must be an array.'];
  if (has('locked_parameters') && !lockedOf(body.locked_parameters)) errors.locked_parameters = ['The locked parameters field must be an array.'];
  for (const k of ['is_default', 'is_active']) if (has(k) && typeof body[k] !== 'boolean') errors[k] = [`The ${k.replace('_', ' ')} field must be true or false.`];
  return errors;
}

export function parameterGroupHandlers(world: World) {
  const base = `${API}/parameter-groups`;
  const visible = (ctx: Ctx) =>
    world.parameterGroups
      .all()
      .filter((g) => g.system || g.teamId === ctx.team.id)
      .sort((a, b) => a.id - b.id);
  const find = (ctx: Ctx) => visible(ctx).find((g) => String(g.id) === ctx.params.id);
  const withGroup = (perm: string, fn: (g: ParameterGroupRecord, ctx: Ctx) => Response | Promise<Response>) =>
    guarded(world, perm, (ctx) => {
      const g = find(ctx);
      return g ? fn(g, ctx) : notFound('ParameterGroup', ctx.params.id);
    });
  const add = (ctx: Ctx, g: Omit<ParameterGroupRecord, 'id' | 'teamId' | 'system' | 'createdAt' | 'updatedAt'>) =>
    world.parameterGroups.add({ ...g, id: world.ids.int('parameter-group', FIRST_NEW_GROUP_ID - 1), teamId: ctx.team.id, system: false, createdAt: ctx.now, updatedAt: ctx.now });
  const attachedTo = (g: ParameterGroupRecord, ctx: Ctx) => world.queues.list(ctx.team.id).filter((q) => q.parameterGroupId === g.id && !isGone(q.life, ctx.now));

  return [
    http.get(
      base,
      guarded(world, 'parameter-group:read', (ctx) => paginate(ctx.url, visible(ctx).map(groupJson))),
    ),
    http.get(
      `${base}/:id`,
      withGroup('parameter-group:read', (g) => json({ parameter_group: groupJson(g) })),
    ),
    http.post(
      base,
      guarded(world, 'parameter-group:write', async (ctx) => {
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        const b = body.body;
        const errors = validate(b, false);
        if (Object.keys(errors).length) return invalid(errors);
        const g = add(ctx, {
          name: text(b, 'name')!,
          type: b.type as ParameterGroupRecord['type'],
          providerType: text(b, 'provider_type')!,
          family: typeof b.family === 'string' ? b.family : null,
          description: typeof b.description === 'string' ? b.description : null,
          parameters: parametersOf(b.parameters)!,
          locked: lockedOf(b.locked_parameters ?? null)!,
          isDefault: b.is_default === true,
          isActive: true,
        });
        return json({ message: 'Parameter group created', parameter_group: groupJson(g) }, 201);
      }),
    ),
    http.put(
      `${base}/:id`,
      withGroup('parameter-group:write', async (g, ctx) => {
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        const b = body.body;
        // The facts give this route only the validation shape of 422: a system group's refusal uses it.
        if (g.system) return invalid({ parameter_group: ['System parameter groups cannot be modified; clone one instead.'] });
        const errors = validate(b, true);
        const params = b.parameters === undefined ? undefined : parametersOf(b.parameters);
        // Locked parameters keep their value (the lock as stored decides, not one sent alongside).
        if (params) for (const k of g.locked) if (k in g.parameters && params[k] !== g.parameters[k]) errors[`parameters.${k}`] = [`The ${k} parameter is locked.`];
        if (Object.keys(errors).length) return invalid(errors);
        if (b.name !== undefined) g.name = text(b, 'name')!;
        if (b.description !== undefined) g.description = typeof b.description === 'string' ? b.description : null;
        if (params) g.parameters = params;
        if (b.locked_parameters !== undefined) g.locked = lockedOf(b.locked_parameters)!;
        if (typeof b.is_default === 'boolean') g.isDefault = b.is_default;
        if (typeof b.is_active === 'boolean') g.isActive = b.is_active;
        g.updatedAt = ctx.now;
        return json({ message: 'Parameter group updated', parameter_group: groupJson(g), propagation: propagation(ctx, g.id) });
      }),
    ),
    http.delete(
      `${base}/:id`,
      withGroup('parameter-group:delete', (g, ctx) => {
        if (g.system) return refuse(422, 'System parameter groups cannot be deleted.');
        const users = attachedTo(g, ctx);
        if (users.length) return refuse(422, `This parameter group is attached to ${users.length} instance${users.length > 1 ? 's' : ''} and cannot be deleted.`);
        world.parameterGroups.remove(g);
        return message(200, 'Parameter group deleted');
      }),
    ),
    http.post(
      `${base}/:id/clone`,
      withGroup('parameter-group:write', async (g, ctx) => {
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        const name = body.body.name;
        if (name !== undefined && name !== null && (typeof name !== 'string' || name.trim() === '' || name.length > 255))
          return invalid({ name: ['The name field must be a string of at most 255 characters.'] });
        const copy = add(ctx, {
          name: typeof name === 'string' ? name : `${g.name} (copy)`,
          type: g.type,
          providerType: g.providerType,
          family: g.family,
          description: g.description,
          parameters: { ...g.parameters },
          locked: [...g.locked],
          isDefault: false,
          isActive: true,
        });
        return json({ message: 'Parameter group cloned', parameter_group: groupJson(copy) }, 201);
      }),
    ),
  ];
}

/** Seeded groups: three system ones, two of team 1 (`rabbit-tuned` is attached to events-rabbit), one of team 2. */
function seedParameterGroups(w: World, now: number, teams: { main: number; staging: number }): void {
  const at = now - 120 * DAY;
  const group = (g: Omit<ParameterGroupRecord, 'isActive' | 'createdAt' | 'updatedAt' | 'family' | 'description' | 'isDefault'> & Partial<ParameterGroupRecord>) =>
    w.parameterGroups.add({ family: null, description: null, isDefault: false, isActive: true, createdAt: at, updatedAt: at, ...g });
  const S = SEED_GROUPS;
  group({
    id: S.postgresDefault,
    teamId: SYSTEM_TEAM,
    system: true,
    isDefault: true,
    name: 'postgresql16-default',
    type: 'database',
    providerType: 'postgresql',
    family: 'postgresql16',
    description: 'Platform defaults',
    parameters: { max_connections: '100' },
    locked: ['listen_addresses', 'port'],
  });
  group({
    id: S.redisDefault,
    teamId: SYSTEM_TEAM,
    system: true,
    isDefault: true,
    name: 'redis7-default',
    type: 'cache',
    providerType: 'redis',
    family: 'redis7',
    description: 'Platform defaults',
    parameters: { 'maxmemory-policy': 'noeviction' },
    locked: ['maxmemory'],
  });
  group({
    id: S.rabbitDefault,
    teamId: SYSTEM_TEAM,
    system: true,
    isDefault: true,
    name: 'rabbitmq3-default',
    type: 'queue',
    providerType: 'rabbitmq',
    family: 'rabbitmq3',
    description: 'Platform defaults',
    parameters: { channel_max: '2047' },
    locked: ['listeners.tcp.default'],
  });
  group({
    id: S.ordersTuned,
    teamId: teams.main,
    system: false,
    name: 'orders-pg-tuned',
    type: 'database',
    providerType: 'postgresql',
    family: 'postgresql16',
    description: 'More connections and work_mem for the orders workload',
    parameters: { max_connections: '200', work_mem: '16MB', shared_buffers: '1GB' },
    locked: [],
    updatedAt: now - 40 * DAY,
  });
  group({
    id: S.rabbitTuned,
    teamId: teams.main,
    system: false,
    name: 'rabbit-tuned',
    type: 'queue',
    providerType: 'rabbitmq',
    family: 'rabbitmq3',
    parameters: { channel_max: '4096', vm_memory_high_watermark: '0.6' },
    locked: ['channel_max'],
    updatedAt: now - 40 * DAY,
  });
  group({
    id: S.stagingTuned,
    teamId: teams.staging,
    system: false,
    name: 'staging-pg-tuned',
    type: 'database',
    providerType: 'postgresql',
    family: 'postgresql16',
    parameters: { max_connections: '50' },
    locked: [],
  });
}

declare module '../state/world.js' {
  interface World {
    parameterGroups: TeamStore<ParameterGroupRecord>;
  }
}

/**
 * What an update reached (v1.7.0): the instances that use the group, which in the simulator are
 * queues (the only instances that keep a parameter group). Nothing is deferred: the facts do not
 * say which parameters wait for a restart, so every change counts as applied.
 */
function propagation(ctx: Ctx, groupId: number) {
  const users = ctx.world.queues.list(ctx.team.id).filter((q) => q.parameterGroupId === groupId && !isGone(q.life, ctx.now));
  return { applied_to: users.length, deferred_parameters: [] as string[] };
}

export const parameterGroupModule: SimModule = {
  name: 'parameter-groups',
  stores: { parameterGroups: () => new TeamStore<ParameterGroupRecord>() },
  seed: (w, now) => seedParameterGroups(w, now, { main: MAIN_TEAM, staging: STAGING_TEAM }),
  routes: parameterGroupHandlers,
};
