// The deterministic seeded world (times relative to the sim clock at start or reset): the ids
// of every seeded record, and the core seed (containers, databases, caches, recovery points).
// Each family seeds its own records (its module's seed), with the ids named here.
import { DAY, HOUR, MINUTE } from '../clock.js';
import { MAIN_TEAM, STAGING_TEAM } from './auth.js';
import { DEFAULT_SPEC, type ContainerSpec } from './containers.js';
import { enableDns, newDatastore, type DatastoreRecord } from './datastores.js';
import { uuidFrom } from './ids.js';
import type { PointRecord } from './recovery.js';
import type { SimModule, World } from './world.js';

const REG = 'registry.sim.local/acme';
const spec = (image: string, tag: string, extra: Partial<ContainerSpec> = {}): ContainerSpec => ({ ...DEFAULT_SPEC, image: `${REG}/${image}`, image_tag: tag, ...extra });
const seedId = (name: string) => uuidFrom(`seed/${name}`);
const siteId = (name: string) => uuidFrom(`seed/static-site/${name}`);

/** Seeded parameter groups: three system ones, two of team 1 (`rabbit-tuned` is attached to events-rabbit), one of team 2. */
export const SEED_GROUPS = { postgresDefault: 1, redisDefault: 2, rabbitDefault: 3, ordersTuned: 5, rabbitTuned: 6, stagingTuned: 7 } as const;

/** Ids of the seeded static sites. */
export const SITE_IDS = { docs: siteId('docs'), blog: siteId('blog'), landing: siteId('landing'), stagingDocs: siteId('staging-docs') } as const;

/** Ids of the seeded world: strings (UUIDs) for resources, integers for snapshots and teams. */
export const SEED_IDS = {
  teams: { main: MAIN_TEAM, staging: STAGING_TEAM },
  web: seedId('web'),
  api: seedId('api'),
  worker: seedId('worker'),
  edge: seedId('edge'),
  batch: seedId('batch'),
  cron: seedId('cron'),
  stagingWeb: seedId('staging-web'),
  stagingApi: seedId('staging-api'),
  postgres: seedId('orders-pg'),
  mysql: seedId('shop-mysql'),
  mariadb: seedId('wiki-maria'),
  stagingPostgres: seedId('staging-pg'),
  redis: seedId('sessions-redis'),
  valkey: seedId('queue-valkey'),
  dragonfly: seedId('feed-dragonfly'),
  /** vps-01 .. vps-45 in team 1, in order; `stagingVps` in team 2. */
  vps: Array.from({ length: 45 }, (_, i) => seedId(`vps-${i + 1}`)),
  stagingVps: seedId('staging-vps'),
  /** Queues of team 1: events-rabbit (running, parameter group rabbit-tuned), archive-rabbit (stopped). */
  queues: { events: seedId('events-rabbit'), archive: seedId('archive-rabbit') },
  /** Integer ids: 1-3 system groups (every team), 5 and 6 in team 1, 7 in team 2. */
  parameterGroups: SEED_GROUPS,
  /** Static sites: docs, blog (latest build failed), landing (nothing deployed) in team 1; stagingDocs in team 2. */
  sites: SITE_IDS,
  snapshots: {
    vps: { daily: 11, manual: 12, copyFailed: 13, creating: 14 },
    cache: { redis: 21, valkeySafety: 22, dragonfly: 23 },
    database: { mysql: 31, mysqlFailed: 32, postgres: 33, mariadb: 34 },
  },
  buckets: { assets: seedId('bucket/acme-assets'), logs: seedId('bucket/acme-logs') },
  accessKeys: { ci: seedId('access-key/ci-deploy'), backup: seedId('access-key/backup-agent'), revoked: seedId('access-key/old-laptop') },
  firewalls: { default: seedId('firewall/default'), web: seedId('firewall/web-ingress') },
  /** Integers, like every SSH key id: `laptop` and `ci-runner`. */
  sshKeys: { laptop: 1, ci: 2 },
} as const;

function seedContainers(w: World, now: number): void {
  const cs = w.containers;
  const make = (teamId: number, id: string, name: string, s: ContainerSpec, at: number) => cs.create({ id, teamId, name, slug: name, spec: s, at });
  const p = MAIN_TEAM;
  const web = make(p, SEED_IDS.web, 'web', spec('web', '1.0.0', { min_scale: 1 }), now - 3 * DAY);
  web.unnamedRevisions.push(1);
  cs.change(web, spec('web', '1.1.0', { min_scale: 1 }), now - 2 * DAY);
  cs.change(web, spec('web', '1.2.0', { min_scale: 1, environment_variables: { LOG_LEVEL: 'info' } }), now - DAY);
  const api = make(p, SEED_IDS.api, 'api', spec('api', '2.3.0'), now - 2 * DAY);
  cs.change(api, spec('api', 'crash'), now - 20 * MINUTE);
  make(p, SEED_IDS.worker, 'worker', spec('worker', 'missing'), now - 2 * HOUR);
  const edge = make(p, SEED_IDS.edge, 'edge', spec('edge', '1.0.0'), now - DAY);
  cs.change(edge, spec('edge', 'noingress'), now - 3 * HOUR);
  const batch = make(p, SEED_IDS.batch, 'batch', spec('batch', '1.0.0'), now - DAY);
  cs.change(batch, spec('batch', '1.1.0'), now - 5_000);
  const cron = make(p, SEED_IDS.cron, 'cron', spec('cron', '1.0.0'), now - 5 * DAY);
  cs.stop(cron, now - DAY);
  make(STAGING_TEAM, SEED_IDS.stagingWeb, 'web', spec('web', '1.2.0'), now - DAY);
  make(STAGING_TEAM, SEED_IDS.stagingApi, 'api', spec('api', '2.3.0'), now - DAY);
}

type DsInit = Pick<DatastoreRecord, 'kind' | 'id' | 'name' | 'engine' | 'version' | 'password' | 'databaseName'> & Partial<DatastoreRecord>;

function seedDatastores(w: World, now: number): void {
  const ds = (d: DsInit) => {
    const r = newDatastore({ teamId: MAIN_TEAM, createdAt: now - 30 * DAY, ...d });
    return d.kind === 'database' ? w.databases.add(r) : w.caches.add(r);
  };
  const pg = ds({ kind: 'database', id: SEED_IDS.postgres, name: 'orders-pg', engine: 'postgresql', version: '16.4', password: 'pg-S3cret-orders', databaseName: null });
  ds({ kind: 'database', id: SEED_IDS.mysql, name: 'shop-mysql', engine: 'mysql', version: '8.0.39', password: 'my-S3cret-shop', databaseName: 'shop', resourceProfile: 'medium' });
  ds({ kind: 'database', id: SEED_IDS.mariadb, name: 'wiki-maria', engine: 'mariadb', version: '11.4', password: 'maria-S3cret', databaseName: 'wiki' });
  ds({ kind: 'database', id: SEED_IDS.stagingPostgres, teamId: STAGING_TEAM, name: 'staging-pg', engine: 'postgresql', version: '16.4', password: 'pg-staging', databaseName: 'app' });
  const redis = ds({ kind: 'cache', id: SEED_IDS.redis, name: 'sessions-redis', engine: 'redis', version: '7.2', password: 'redis-S3cret', databaseName: null });
  ds({ kind: 'cache', id: SEED_IDS.valkey, name: 'queue-valkey', engine: 'valkey', version: '8.0', password: 'valkey-S3cret', databaseName: null });
  ds({ kind: 'cache', id: SEED_IDS.dragonfly, name: 'feed-dragonfly', engine: 'dragonfly', version: '1.21', password: 'df-S3cret', databaseName: null, operatorManaged: true });
  enableDns(pg, [], now - 20 * DAY);
  enableDns(redis, [pg], now - 20 * DAY);
}

function seedPoints(w: World, now: number): void {
  const S = SEED_IDS.snapshots;
  const vps1 = seedId('vps-1');
  const vps2 = seedId('vps-2');
  const pt = (id: number, product: PointRecord['product'], resourceId: string, resourceName: string, engine: string, origin: PointRecord['origin'], ageMs: number, extra: Partial<PointRecord> = {}) =>
    w.recovery.addPoint({
      id,
      product,
      teamId: MAIN_TEAM,
      name: `${resourceName}-${origin === 'automated' ? 'daily' : origin === 'manual' ? 'manual' : 'safety'}-${id}`,
      description: origin === 'manual' ? 'Taken by hand before an upgrade' : null,
      resourceId,
      resourceName,
      engine,
      operatorManaged: false,
      origin,
      createdAt: now - ageMs,
      readyAt: now - ageMs + 5 * MINUTE,
      fixedState: null,
      sizeBytes: 1_073_741_824,
      protection: 'Second copy',
      ...extra,
    });
  pt(S.vps.daily, 'vps', vps1, 'vps-01', 'vps', 'automated', DAY, { sizeBytes: 21_474_836_480 });
  pt(S.vps.manual, 'vps', vps1, 'vps-01', 'vps', 'manual', 2 * DAY, { sizeBytes: 20_401_094_656, protection: 'Second copy syncing' });
  pt(S.vps.copyFailed, 'vps', vps2, 'vps-02', 'vps', 'automated', 3 * DAY, { protection: 'Second copy failed', fixedState: 'degraded' });
  pt(S.vps.creating, 'vps', vps2, 'vps-02', 'vps', 'manual', 2 * MINUTE, { readyAt: now + 20 * MINUTE, protection: 'Local only' });
  pt(S.cache.redis, 'cache', SEED_IDS.redis, 'sessions-redis', 'redis', 'automated', DAY, { sizeBytes: 52_428_800 });
  pt(S.cache.valkeySafety, 'cache', SEED_IDS.valkey, 'queue-valkey', 'valkey', 'safety_point', 4 * DAY, { sizeBytes: 10_485_760, protection: 'Local only' });
  pt(S.cache.dragonfly, 'cache', SEED_IDS.dragonfly, 'feed-dragonfly', 'dragonfly', 'automated', DAY, { operatorManaged: true, sizeBytes: 73_400_320 });
  pt(S.database.mysql, 'database', SEED_IDS.mysql, 'shop-mysql', 'mysql', 'automated', DAY, { sizeBytes: 2_147_483_648 });
  pt(S.database.mysqlFailed, 'database', SEED_IDS.mysql, 'shop-mysql', 'mysql', 'manual', 6 * HOUR, { fixedState: 'failed', protection: 'Local only', sizeBytes: 0 });
  pt(S.database.postgres, 'database', SEED_IDS.postgres, 'orders-pg', 'postgresql', 'automated', DAY, { protection: null, sizeBytes: 3_221_225_472 });
  pt(S.database.mariadb, 'database', SEED_IDS.mariadb, 'wiki-maria', 'mariadb', 'manual', 2 * DAY, { protection: null, sizeBytes: 536_870_912 });
}

/** The core of the seeded world; registered first, so every family seed comes after it. */
export const CORE_SEED: SimModule = {
  name: 'core',
  seed(w: World, now: number): void {
    seedContainers(w, now);
    seedDatastores(w, now);
    seedPoints(w, now);
  },
};
