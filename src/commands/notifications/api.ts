// The account's notifications as the commands read them (real-api DatabaseNotification): the
// list is Laravel's paginator at the top level (`data`, `current_page`, ..., `unread_count`),
// not `{data, pagination}`. One page of at most MAX_PER_PAGE is read: the newest, unread first.
import type { App } from '../../cli/app.js';
import type { Client } from '../../client/index.js';

export const MAX_PER_PAGE = 200;

export type Notification = Record<string, unknown> & { id?: unknown; read_at?: unknown; created_at?: unknown };

/** The categories (NotificationCategory) and channels (NotificationChannel) of the facts. */
export const CATEGORIES = [
  'resource_provisioned',
  'resource_failed',
  'resource_destroyed',
  'resource_status_changed',
  'invoice_generated',
  'payment_successful',
  'payment_failed',
  'credits_low',
  'credits_expiring',
  'pricing_contract_expiring_soon',
  'pricing_contract_expired',
  'budget_threshold_50',
  'budget_threshold_80',
  'budget_exceeded',
  'api_key_created',
  'api_key_revoked',
  'firewall_changed',
  'suspicious_activity',
  'new_login',
  'audit_finding_critical',
  'audit_security_digest',
  'database_credentials_rotated',
  'snapshot_completed',
  'snapshot_failed',
  'restore_completed',
  'restore_failed',
  'backup_policy_breached',
  'backup_policy_recovered',
  'team_member_added',
  'team_member_removed',
  'team_invitation_sent',
  'team_invitation_accepted',
  'maintenance_scheduled',
  'maintenance_started',
  'maintenance_completed',
  'incident_reported',
  'incident_resolved',
  'resource_alert_triggered',
  'resource_alert_resolved',
  'cpu_threshold_exceeded',
  'memory_threshold_exceeded',
  'disk_threshold_exceeded',
  'connections_threshold_exceeded',
  'uptime_check_down',
  'uptime_check_recovered',
  'ssl_certificate_expiring',
  'pod_health_issue',
  'storage_quota_threshold',
  'registry_quota_threshold',
] as const;
export const CHANNELS = ['database', 'mail', 'webhook', 'slack', 'sms'] as const;
export const DIGESTS = ['instant', 'daily', 'weekly', 'disabled'] as const;

export const isUnread = (n: Notification) => n.read_at === null || n.read_at === undefined;

/** The words a person reads: the data's title or message, else the category. */
export function titleOf(n: Notification): string {
  const data = n.data && typeof n.data === 'object' ? (n.data as Record<string, unknown>) : {};
  const pick = [data.title, data.message, data.subject, n.category].find((v) => typeof v === 'string' && v !== '');
  return typeof pick === 'string' ? pick : '';
}

export async function listNotifications(app: App, client: Client, q: { unread: boolean; category?: string; limit: number }) {
  const res = await client.http.get('/notifications', {
    query: { per_page: Math.min(q.limit, MAX_PER_PAGE), ...(q.unread ? { unread: 1 } : {}), ...(q.category ? { category: q.category } : {}) },
    signal: app.ctx.signal,
  });
  const raw = (res.raw ?? {}) as Record<string, unknown>;
  const items = (Array.isArray(raw.data) ? (raw.data as unknown[]) : []).filter((n): n is Notification => !!n && typeof n === 'object').slice(0, q.limit);
  // Unread first, each part newest first (ISO timestamps sort as text).
  const sorted = [...items].sort((a, b) => Number(isUnread(b)) - Number(isUnread(a)) || String(b.created_at ?? '').localeCompare(String(a.created_at ?? '')));
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  return { items: sorted, raw, unread: num(raw.unread_count), total: num(raw.total) };
}
