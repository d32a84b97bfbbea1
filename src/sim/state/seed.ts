// The deterministic seeded world (times relative to the sim clock at start or reset).
import { DAY, HOUR, MINUTE } from '../clock.js';
import { MAIN_PROJECT, STAGING_PROJECT } from './auth.js';
import { DEFAULT_SPEC, type ContainerSpec } from './containers.js';
import type { DatastoreRecord } from './datastores.js';
import type { PointRecord } from './recovery.js';
import type { World } from './world.js';

const REG = 'registry.sim.local/acme';
const spec = (image: string, extra: Partial<ContainerSpec> = {}): ContainerSpec => ({ ...DEFAULT_SPEC, image_url: `${REG}/${image}`, ...extra });

export const SEED_IDS = {
  web: 101, api: 102, worker: 103, edge: 104, batch: 105, cron: 106,
  stagingWeb: 201, stagingApi: 202,
  postgres: 301, mysql: 302, mariadb: 303, stagingPostgres: 311,
  redis: 401, valkey: 402, dragonfly: 403,
} as const;

export function seedWorld(w: World, now: number): void {
  const cs = w.containers;
  const p = MAIN_PROJECT;
  const web = cs.create(p, 'web', spec('web:1.0.0', { min_instances: 1 }), now - 3 * DAY, SEED_IDS.web);
  cs.change(web, spec('web:1.1.0', { min_instances: 1 }), now - 2 * DAY);
  cs.change(web, spec('web:1.2.0', { min_instances: 1, environment_variables: { LOG_LEVEL: 'info' } }), now - DAY);
  const api = cs.create(p, 'api', spec('api:2.3.0'), now - 2 * DAY, SEED_IDS.api);
  cs.change(api, spec('api:crash'), now - 20 * MINUTE);
  cs.create(p, 'worker', spec('worker:missing'), now - 2 * HOUR, SEED_IDS.worker);
  const edge = cs.create(p, 'edge', spec('edge:1.0.0'), now - DAY, SEED_IDS.edge);
  cs.change(edge, spec('edge:noingress'), now - 3 * HOUR);
  const batch = cs.create(p, 'batch', spec('batch:1.0.0'), now - DAY, SEED_IDS.batch);
  cs.change(batch, spec('batch:1.1.0'), now - 5_000);
  const cron = cs.create(p, 'cron', spec('cron:1.0.0'), now - 5 * DAY, SEED_IDS.cron);
  cs.stop(cron, now - DAY);
  cs.create(STAGING_PROJECT, 'web', spec('web:1.2.0'), now - DAY, SEED_IDS.stagingWeb);
  cs.create(STAGING_PROJECT, 'api', spec('api:2.3.0'), now - DAY, SEED_IDS.stagingApi);

  const regions = ['eu-central', 'eu-west', 'us-east'];
  const plans = ['s-1vcpu-1gb', 's-2vcpu-4gb', 'm-4vcpu-16gb'];
  for (let i = 1; i <= 45; i++) {
    w.vps.push({
      id: 1000 + i,
      name: `vps-${String(i).padStart(2, '0')}`,
      projectId: p,
      status: i % 15 === 0 ? 'stopped' : 'running',
      region: regions[i % 3] ?? 'eu-central',
      plan: plans[i % 3] ?? 's-1vcpu-1gb',
      ipv4: `203.0.113.${i}`,
      created_at: new Date(now - (60 - i) * DAY).toISOString(),
    });
  }
  w.vps.push({ id: 1101, name: 'staging-vps', projectId: STAGING_PROJECT, status: 'running', region: 'eu-central', plan: 's-1vcpu-1gb', ipv4: '198.51.100.7', created_at: new Date(now - 10 * DAY).toISOString() });

  const ds = (d: Omit<DatastoreRecord, 'status' | 'createdAt' | 'replicas' | 'sentinel' | 'operatorManaged' | 'dnsPort'> & Partial<DatastoreRecord>) =>
    w.datastores.items.push({ status: 'running', createdAt: now - 30 * DAY, replicas: 0, sentinel: false, operatorManaged: false, dnsPort: null, ...d });
  ds({ kind: 'database', id: SEED_IDS.postgres, name: 'orders-pg', projectId: p, engine: 'postgresql', version: '16.4', password: 'pg-S3cret-orders', databaseName: null });
  ds({ kind: 'database', id: SEED_IDS.mysql, name: 'shop-mysql', projectId: p, engine: 'mysql', version: '8.0.39', password: 'my-S3cret-shop', databaseName: 'shop', replicas: 1 });
  ds({ kind: 'database', id: SEED_IDS.mariadb, name: 'wiki-maria', projectId: p, engine: 'mariadb', version: '11.4', password: 'maria-S3cret', databaseName: 'wiki' });
  ds({ kind: 'database', id: SEED_IDS.stagingPostgres, name: 'staging-pg', projectId: STAGING_PROJECT, engine: 'postgresql', version: '16.4', password: 'pg-staging', databaseName: 'app' });
  ds({ kind: 'cache', id: SEED_IDS.redis, name: 'sessions-redis', projectId: p, engine: 'redis', version: '7.2', password: 'redis-S3cret', databaseName: null, sentinel: true });
  ds({ kind: 'cache', id: SEED_IDS.valkey, name: 'queue-valkey', projectId: p, engine: 'valkey', version: '8.0', password: 'valkey-S3cret', databaseName: null });
  ds({ kind: 'cache', id: SEED_IDS.dragonfly, name: 'feed-dragonfly', projectId: p, engine: 'dragonfly', version: '1.21', password: 'df-S3cret', databaseName: null, operatorManaged: true });
  const pg = w.datastores.get('database', p, SEED_IDS.postgres);
  const redis = w.datastores.get('cache', p, SEED_IDS.redis);
  if (pg) w.datastores.enableDns(pg);
  if (redis) w.datastores.enableDns(redis);

  const pt = (id: string, product: PointRecord['product'], resourceId: number, resourceName: string, engine: string, origin: PointRecord['origin'], ageMs: number, extra: Partial<PointRecord> = {}) =>
    w.recovery.addPoint({ id, product, projectId: p, resourceId, resourceName, engine, operatorManaged: false, origin, createdAt: now - ageMs, readyAt: now - ageMs + 5 * MINUTE, fixedState: null, sizeBytes: 1_073_741_824, protection: 'Second copy', ...extra });
  pt('rp-vps-001', 'vps', 1001, 'vps-01', 'vps', 'automated', DAY, { sizeBytes: 21_474_836_480 });
  pt('rp-vps-002', 'vps', 1001, 'vps-01', 'vps', 'manual', 2 * DAY, { sizeBytes: 20_401_094_656, protection: 'Second copy syncing' });
  pt('rp-vps-003', 'vps', 1002, 'vps-02', 'vps', 'automated', 3 * DAY, { protection: 'Second copy failed', fixedState: 'degraded' });
  pt('rp-vps-004', 'vps', 1002, 'vps-02', 'vps', 'manual', 2 * MINUTE, { readyAt: now + 20 * MINUTE, protection: 'Local only' });
  pt('rp-cache-001', 'cache', SEED_IDS.redis, 'sessions-redis', 'redis', 'automated', DAY, { sizeBytes: 52_428_800 });
  pt('rp-cache-002', 'cache', SEED_IDS.valkey, 'queue-valkey', 'valkey', 'safety_point', 4 * DAY, { sizeBytes: 10_485_760, protection: 'Local only' });
  pt('rp-cache-003', 'cache', SEED_IDS.dragonfly, 'feed-dragonfly', 'dragonfly', 'automated', DAY, { operatorManaged: true, sizeBytes: 73_400_320 });
  pt('rp-db-001', 'database', SEED_IDS.mysql, 'shop-mysql', 'mysql', 'automated', DAY, { sizeBytes: 2_147_483_648 });
  pt('rp-db-002', 'database', SEED_IDS.mysql, 'shop-mysql', 'mysql', 'manual', 6 * HOUR, { fixedState: 'failed', protection: 'Local only', sizeBytes: 0 });
  pt('rp-db-003', 'database', SEED_IDS.postgres, 'orders-pg', 'postgresql', 'automated', DAY, { protection: null, sizeBytes: 3_221_225_472 });
  pt('rp-db-004', 'database', SEED_IDS.mariadb, 'wiki-maria', 'mariadb', 'manual', 2 * DAY, { protection: null, sizeBytes: 536_870_912 });
}
