// Every module of the simulated world, in the order it joins: the core seed first, then one
// line per product family. A family registers itself: its file exports a SimModule (its
// stores, seed and routes; see vpsModule in families/vps.ts for the three steps) and gets one
// line below. The world imports none of them; the server calls registerModules.
import { CORE_SEED } from '../state/seed.js';
import { REGISTRY_MODULE } from '../state/registry-world.js';
import type { SimModule, World } from '../state/world.js';
import { cacheModule } from './cache.js';
import { databaseModule } from './database.js';
import { firewallModule } from './firewalls.js';
import { parameterGroupModule } from './parameter-groups.js';
import { queueModule } from './queue.js';
import { sshKeyModule } from './ssh-keys.js';
import { staticSiteModule } from './static-sites.js';
import { accessKeyModule } from './storage-keys.js';
import { bucketModule } from './storage-buckets.js';
import { vpsModule } from './vps.js';
import { webhookModule } from './webhooks.js';
import { monitoringModule } from './monitoring.js';
import { subresourcesModule } from './subresources.js';
import { kubernetesModule } from './kubernetes.js';
import { inboxModule } from './inbox.js';
import { accountWideModule } from './account-wide.js';

export const MODULES: readonly SimModule[] = [
  // The registry first: it decides which images the seeded containers run.
  REGISTRY_MODULE,
  CORE_SEED,
  // The sub-resources of existing products (volumes, rotations, policies): before the families, whose routes some of them guard
  subresourcesModule,
  vpsModule,
  databaseModule,
  cacheModule,
  parameterGroupModule,
  queueModule,
  bucketModule,
  accessKeyModule,
  firewallModule,
  sshKeyModule,
  staticSiteModule,
  webhookModule,
  monitoringModule,
  // Kubernetes, the account's inbox (notifications, support), then what spans the account (search looks through every family above)
  kubernetesModule,
  inboxModule,
  accountWideModule,
];

export function registerModules(world: World): void {
  for (const m of MODULES) world.register(m);
}
