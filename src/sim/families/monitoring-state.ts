// The stores of the apps, uptime-check and alert families, kept together so the
// world holds them as one field and resets them in one line.
import { seedApps, type AppRecord } from './apps.js';
import { seedUptime, type UptimeRecord } from './uptime.js';
import { seedMetricAlerts, type MetricAlertRecord } from './metric-alerts.js';
import { seedResourceAlerts, type AlertRuleRecord, type AlertIncidentRecord } from './resource-alerts.js';
import type { World } from '../state/world.js';
import { TeamStore } from '../state/store.js';

export class MonitoringStores {
  apps = new TeamStore<AppRecord>();
  uptimeChecks = new TeamStore<UptimeRecord>();
  metricAlerts = new TeamStore<MetricAlertRecord>();
  alertRules = new TeamStore<AlertRuleRecord>();
  alertIncidents = new TeamStore<AlertIncidentRecord>();
}

export interface MonitoringSeedIds {
  team: number;
  /** vps-01 and vps-02. */
  vps: { id: string; name: string }[];
  database: { id: string; name: string };
}

/** The seeded apps, uptime checks and alerts (team 1), around the seeded VPS and database. */
export function seedMonitoring(w: World, now: number, ids: MonitoringSeedIds): void {
  seedApps(w, now, ids.team);
  seedUptime(w, now, ids.team);
  seedMetricAlerts(w, now, ids.team, ids.vps);
  seedResourceAlerts(w, now, ids.team, ids);
}

declare module '../state/world.js' {
  interface World {
    /** Apps, uptime checks, metric and resource alerts. */
    monitoring: MonitoringStores;
  }
}
