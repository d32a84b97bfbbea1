// The routes of apps, uptime checks, metric alerts and resource alerts, in one list.
import type { SimModule, World } from '../state/world.js';
import { MAIN_TEAM } from '../state/auth.js';
import { SEED_IDS } from '../state/seed.js';
import { MonitoringStores, seedMonitoring } from './monitoring-state.js';
import { appHandlers } from './apps.js';
import { metricAlertHandlers } from './metric-alerts.js';
import { resourceAlertHandlers } from './resource-alerts.js';
import { uptimeHandlers } from './uptime.js';

export function monitoringHandlers(world: World) {
  return [...appHandlers(world), ...uptimeHandlers(world), ...metricAlertHandlers(world), ...resourceAlertHandlers(world)];
}

/** Apps, uptime checks and alerts as a module of the world: seeded after the VPS and databases they watch. */
export const monitoringModule: SimModule = {
  name: 'monitoring',
  stores: { monitoring: () => new MonitoringStores() },
  seed: (w, now) =>
    seedMonitoring(w, now, {
      team: MAIN_TEAM,
      vps: [
        { id: SEED_IDS.vps[0]!, name: 'vps-01' },
        { id: SEED_IDS.vps[1]!, name: 'vps-02' },
      ],
      database: { id: SEED_IDS.postgres, name: 'orders-pg' },
    }),
  routes: monitoringHandlers,
};
