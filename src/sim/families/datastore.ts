// What the database and cache families share on top of the generic engine: the create and
// update fields (StoreApi*/UpdateApi* InstanceRequest, Laravel's words), the credentials and
// public DNS routes (docs/behaviour.md#api-connection-fields), metrics, plans, and the state an update needs.
import { http } from 'msw';
import { iso } from '../clock.js';
import { API, guarded, invalid, json, message, notFound, refuse, type Ctx } from '../http/common.js';
import type { FamilyDef } from '../http/family.js';
import { inFlight, isGone, legacyStatus } from '../state/lifecycle.js';
import {
  connectionFields,
  credentialsJson,
  DATACENTERS,
  deployed,
  disableDns,
  enableDns,
  ENGINES,
  enginesOf,
  instanceJson,
  newDatastore,
  PLANS,
  publicConnectionInfo,
  type DatastoreKind,
  type DatastoreRecord,
} from '../state/datastores.js';
import type { TeamStore } from '../state/store.js';
import type { World } from '../state/world.js';
import { readNetworkTier } from '../state/network-tier.js';

type Errors = Record<string, string[]>;
type Body = Record<string, unknown>;

export const MODEL: Record<DatastoreKind, string> = { database: 'DatabaseInstance', cache: 'CacheInstance' };
const NOUN: Record<DatastoreKind, string> = { database: 'database instance', cache: 'cache instance' };
const LABEL: Record<DatastoreKind, string> = { database: 'Database instance', cache: 'Cache instance' };
const PROVIDER_ID: Record<DatastoreKind, string> = { database: 'database_provider_id', cache: 'cache_provider_id' };

export function storeOf(world: World, kind: DatastoreKind): TeamStore<DatastoreRecord> {
  return kind === 'database' ? world.databases : world.caches;
}

function everyDatastore(world: World): DatastoreRecord[] {
  return [...world.databases.all(), ...world.caches.all()];
}

const words = (field: string) => field.replace(/_/g, ' ');
// Names become host names (`<name>.svc.cluster.local`): a DNS label.
const NAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const DATABASE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

function checkName(v: unknown, errors: Errors, taken: (name: string) => boolean, need: boolean): string | undefined {
  if (v === undefined || v === null || v === '') {
    if (need) errors.name = ['The name field is required.'];
    return undefined;
  }
  if (typeof v !== 'string') errors.name = ['The name field must be a string.'];
  else if (v.length > 63) errors.name = ['The name field must not be greater than 63 characters.'];
  else if (!NAME.test(v)) errors.name = ['The name field format is invalid.'];
  else if (taken(v)) errors.name = ['The name has already been taken.'];
  else return v;
  return undefined;
}

function checkProfile(v: unknown, errors: Errors, need: boolean): string | undefined {
  if (v === undefined || v === null || v === '') {
    if (need) errors.resource_profile = ['The resource profile field is required.'];
    return undefined;
  }
  if (typeof v !== 'string' || !PLANS[v]) errors.resource_profile = ['The selected resource profile is invalid.'];
  else return v;
  return undefined;
}

const visibleNames = (world: World, kind: DatastoreKind, ctx: Ctx, except?: DatastoreRecord) => (name: string) =>
  storeOf(world, kind)
    .list(ctx.team.id)
    .some((d) => d !== except && d.name === name && !isGone(d.life, ctx.now));

/** POST /{kind}: the fields of StoreApi{Database,Cache}InstanceRequest. */
export function buildDatastore(kind: DatastoreKind, body: Body, ctx: Ctx): { record: DatastoreRecord } | { errors: Errors } {
  const errors: Errors = {};
  const name = checkName(body.name, errors, visibleNames(ctx.world, kind, ctx), true);
  const idKey = PROVIDER_ID[kind];
  let engine: DatastoreRecord['engine'] | undefined;
  if (body.provider !== undefined && body.provider !== null) {
    engine = enginesOf(kind).find((e) => e === body.provider);
    if (!engine) errors.provider = ['The selected provider is invalid.'];
  } else if (body[idKey] !== undefined && body[idKey] !== null) {
    engine = enginesOf(kind).find((e) => ENGINES[e].provider.id === body[idKey]);
    if (!engine) errors[idKey] = [`The selected ${words(idKey)} is invalid.`];
  } else errors.provider = [`The provider field is required when ${words(idKey)} is not present.`];
  const version = body.version ?? undefined;
  if (version !== undefined && engine && (typeof version !== 'string' || !ENGINES[engine].versions.includes(version))) errors.version = ['The selected version is invalid.'];
  const dbName = kind === 'database' ? (body.database_name ?? null) : null;
  if (dbName !== null && (typeof dbName !== 'string' || !DATABASE_NAME.test(dbName))) errors.database_name = ['The database name field format is invalid.'];
  const dc = body.datacenter;
  if (dc === undefined || dc === null || dc === '') errors.datacenter = ['The datacenter field is required.'];
  else if (typeof dc !== 'string' || !DATACENTERS[kind].includes(dc)) errors.datacenter = ['The selected datacenter is invalid.'];
  const profile = checkProfile(body.resource_profile, errors, true);
  const networkTier = readNetworkTier(body, errors);
  if (Object.keys(errors).length || !name || !engine || !profile) return { errors };
  const id = ctx.world.ids.uuid(kind);
  return {
    record: newDatastore(
      {
        kind,
        id,
        teamId: ctx.team.id,
        name,
        engine,
        createdAt: ctx.now,
        password: `${engine}-${id.slice(0, 12)}`,
        version: typeof version === 'string' ? version : ENGINES[engine].versions[0]!,
        databaseName: typeof dbName === 'string' ? dbName : null,
        resourceProfile: profile,
        datacenter: String(dc),
        networkTier,
      },
      'pending',
    ),
  };
}

/** PUT /{kind}/{id}: the fields of UpdateApi{Database,Cache}InstanceRequest, all checked before any applies. */
export function applyUpdate(kind: DatastoreKind, d: DatastoreRecord, body: Body, ctx: Ctx): Errors | undefined {
  const errors: Errors = {};
  const name = checkName(body.name, errors, visibleNames(ctx.world, kind, ctx, d), false);
  const profile = checkProfile(body.resource_profile, errors, false);
  const storage = kind === 'database' ? body.storage_size_gb : undefined;
  if (storage !== undefined) {
    if (typeof storage !== 'number' || !Number.isInteger(storage)) errors.storage_size_gb = ['The storage size gb field must be an integer.'];
    // Volumes grow, never shrink.
    else if (storage < d.storageGb) errors.storage_size_gb = [`The storage size gb field must be at least ${d.storageGb}.`];
    else if (storage > 1000) errors.storage_size_gb = ['The storage size gb field must not be greater than 1000.'];
  }
  const snapshots = body.automated_snapshots_enabled;
  if (snapshots !== undefined && typeof snapshots !== 'boolean') errors.automated_snapshots_enabled = ['The automated snapshots enabled field must be true or false.'];
  if (Object.keys(errors).length) return errors;
  if (name) d.name = name;
  if (profile) d.resourceProfile = profile;
  if (typeof storage === 'number') d.storageGb = storage;
  if (typeof snapshots === 'boolean') d.automatedSnapshots = snapshots;
  return undefined;
}

/** The family's record a request names (not one whose deletion finished), or a 404 answer. */
export function withDatastore(world: World, kind: DatastoreKind, permission: string, fn: (d: DatastoreRecord, ctx: Ctx) => Response | Promise<Response>) {
  return guarded(world, permission, (ctx) => {
    const d = storeOf(world, kind).get(ctx.team.id, ctx.params.id);
    return d && !isGone(d.life, ctx.now) ? fn(d, ctx) : notFound(MODEL[kind], ctx.params.id);
  });
}

/** 422 `{error, status}` unless the instance is running with nothing in flight. */
export function unlessRunning(d: DatastoreRecord, now: number, refusal: string): Response | undefined {
  const status = legacyStatus(d.life, now);
  return inFlight(d.life, now) || status !== 'running' ? refuse(422, refusal, { status }) : undefined;
}

/**
 * Before the engine's PUT: an update is refused unless the instance runs with nothing in
 * flight (the engine's update has no state rule, and an update of a stopped instance would
 * otherwise end running). Anything else falls through to the engine's route.
 */
function updateGuard(world: World, kind: DatastoreKind) {
  return http.put(`${API}/${kind}/:id`, ({ request, params }) => {
    const auth = world.auth.authenticate(request.headers.get('authorization'), request.headers.get('x-team-id'));
    if (!auth.ok || !auth.token.permissions.has(`${kind}:write`)) return undefined;
    const d = storeOf(world, kind).get(auth.team.id, typeof params.id === 'string' ? params.id : undefined);
    if (!d || isGone(d.life, world.now())) return undefined;
    return unlessRunning(d, world.now(), `${LABEL[kind]} cannot be updated in its current state`);
  });
}

function dnsRefusal(kind: DatastoreKind, d: DatastoreRecord, now: number): string | undefined {
  if (!deployed(d, now)) return `${LABEL[kind]} must be deployed to a node before DNS can be enabled`;
  if (d.engine === 'postgresql' && legacyStatus(d.life, now) !== 'running') return 'The database is not ready yet — wait for it to come up before enabling DNS';
  return undefined;
}

/** GET /{kind}/{id}/metrics, with the summary fields v1.7.0 added (uptime, keys, persistence, size); a stopped instance reports zeros and nulls. */
function metricsJson(d: DatastoreRecord, now: number) {
  const running = legacyStatus(d.life, now) === 'running';
  const plan = PLANS[d.resourceProfile] ?? PLANS.small!;
  const up = Math.max(0, Math.floor((now - d.createdAt) / 1000));
  const usedMb = Math.round(plan.memoryMb * 0.375);
  const checked = iso(now - 30_000);
  const instance = { id: d.id, name: d.name };
  if (d.kind === 'database') {
    return running
      ? {
          summary: {
            memory_used_bytes: String(usedMb * 1_048_576),
            memory_used_mb: usedMb,
            connected_clients: '12',
            total_queries: String(up * 3),
            slow_queries: String(Math.floor(up / 86_400)),
            uptime_seconds: String(up),
            database_size_bytes: String(Math.round(d.storageGb * 0.12 * 1_073_741_824)),
            blocked_queries: 0,
            retrieved_at: checked,
          },
          health: { is_healthy: true, up_status: '1', checked_at: checked },
          instance,
        }
      : {
          summary: {
            memory_used_bytes: 0,
            memory_used_mb: 0,
            connected_clients: 0,
            total_queries: '0',
            slow_queries: '0',
            uptime_seconds: '0',
            database_size_bytes: null,
            blocked_queries: null,
            retrieved_at: null,
          },
          health: { is_healthy: 'unknown', up_status: 'unknown', checked_at: null },
          instance,
        };
  }
  const hits = up * 9;
  const misses = up;
  return running
    ? {
        summary: {
          memory_used_bytes: String(usedMb * 1_048_576),
          memory_used_mb: usedMb,
          connected_clients: '8',
          total_commands_processed: String(up * 12),
          keyspace_hits: String(hits),
          keyspace_misses: String(misses),
          hit_ratio_percentage: hits + misses ? Math.round((hits / (hits + misses)) * 10_000) / 100 : 0,
          uptime_seconds: String(up),
          total_keys: String(usedMb * 250),
          fragmentation_ratio: 1.08,
          // typed `Record<string, never> | null` in the facts (a generator artefact for a number): null
          last_save_age_seconds: null,
          last_bgsave_ok: true,
          aof_rewrite_in_progress: false,
          slowlog_length: 0,
          connected_replicas: 0,
          retrieved_at: checked,
        },
        health: { is_healthy: '1', up_status: '1', redis_up: '1', checked_at: checked },
        instance,
      }
    : {
        summary: {
          memory_used_bytes: '0',
          memory_used_mb: 0,
          connected_clients: '0',
          total_commands_processed: '0',
          keyspace_hits: '0',
          keyspace_misses: '0',
          hit_ratio_percentage: 0,
          uptime_seconds: '0',
          total_keys: '0',
          fragmentation_ratio: null,
          last_save_age_seconds: null,
          last_bgsave_ok: null,
          aof_rewrite_in_progress: null,
          slowlog_length: null,
          connected_replicas: null,
          retrieved_at: null,
        },
        health: { is_healthy: '0', up_status: 'unknown', redis_up: '0', checked_at: null },
        instance,
      };
}

function plansJson(kind: DatastoreKind) {
  return Object.entries(PLANS).map(([id, p]) => ({
    id,
    name: p.name,
    cpu_cores: p.cpu,
    memory_size_mb: p.memoryMb,
    ...(kind === 'database' ? { storage_size_gb: p.storageGb } : {}),
    monthly_cost_cents: p.cents,
  }));
}

/** Routes besides the engine's: plans, credentials, public DNS, metrics, and the update guard. */
export function datastoreRoutes(world: World, kind: DatastoreKind) {
  const read = `${kind}:read`;
  const write = `${kind}:write`;
  const credentials = withDatastore(world, kind, read, (d, ctx) =>
    deployed(d, ctx.now)
      ? json(credentialsJson(d, ctx.team.name))
      : message(503, `${kind === 'database' ? 'Credentials' : 'Connection details'} are not available yet: the ${kind} is still provisioning.`),
  );
  return [
    http.get(
      `${API}/${kind}/plans`,
      guarded(world, read, (ctx) => {
        const provider = ctx.url.searchParams.get('provider');
        if (kind === 'cache' && provider !== null && provider !== '' && !enginesOf('cache').some((e) => e === provider)) return invalid({ provider: ['The selected provider is invalid.'] });
        return json({ plans: plansJson(kind) });
      }),
    ),
    updateGuard(world, kind),
    ...(kind === 'database'
      ? [http.get(`${API}/database/:id/credentials`, credentials)]
      : [http.get(`${API}/cache/:id/connection-info`, credentials), http.get(`${API}/cache/:id/credentials`, credentials)]),
    http.get(
      `${API}/${kind}/:id/metrics`,
      withDatastore(world, kind, read, (d, ctx) => json(metricsJson(d, ctx.now))),
    ),
    http.post(
      `${API}/${kind}/:id/dns`,
      withDatastore(world, kind, write, (d, ctx) => {
        const refusal = d.dnsPort === null ? dnsRefusal(kind, d, ctx.now) : undefined;
        if (refusal) return message(422, refusal);
        const already = d.dnsPort !== null;
        enableDns(d, everyDatastore(world), ctx.now);
        const { dns_hostname, dns_port } = connectionFields(d, ctx.team.name);
        return already ? message(409, `DNS is already enabled for this ${NOUN[kind]}`, { dns_hostname, dns_port }) : message(200, 'DNS enabled successfully', { dns_hostname, dns_port });
      }),
    ),
    http.delete(
      `${API}/${kind}/:id/dns`,
      withDatastore(world, kind, write, (d, ctx) => {
        disableDns(d, ctx.now);
        return message(200, 'DNS disabled successfully');
      }),
    ),
  ];
}

/** The JSON view and the show answer `{instance, connection_info, monthly_cost}` of both families. */
export const datastoreView: FamilyDef<DatastoreRecord>['view'] = (d, at, ctx) => instanceJson(d, at, ctx.team.name);
export const datastoreShow: NonNullable<FamilyDef<DatastoreRecord>['show']> = (d, view, ctx) => ({
  instance: view,
  // null until the instance reached a node (real-api: `connection_info: string | null`).
  connection_info: deployed(d, ctx.now) ? publicConnectionInfo(d, ctx.team.name) : null,
  monthly_cost: view.monthly_cost_dollars,
});
