// The routes of apps, uptime checks, metric alerts and resource alerts (issue 21), in one list.
import type { World } from '../state/world.js';
import { appHandlers } from './apps.js';
import { metricAlertHandlers } from './metric-alerts.js';
import { resourceAlertHandlers } from './resource-alerts.js';
import { uptimeHandlers } from './uptime.js';

export function monitoringHandlers(world: World) {
  return [...appHandlers(world), ...uptimeHandlers(world), ...metricAlertHandlers(world), ...resourceAlertHandlers(world)];
}
