// The account's inbox: notifications (real-api DatabaseNotification and /notifications), their
// preferences (/notification-preferences) and support tickets (/support-tickets). None has a
// status model: a notification is read or not, a ticket moves open → resolved. Seeded with two
// unread notifications and one read, and one open ticket with a reply from support.
import { http } from 'msw';
import { HOUR, iso, MINUTE } from '../clock.js';
import { API, guarded, invalid, json, message, paginate, readJson, type Ctx } from '../http/common.js';
import { MAIN_TEAM } from '../state/auth.js';
import type { SimModule, World } from '../state/world.js';

export interface NotificationRecord {
  id: string;
  teamId: number;
  category: string;
  severity: string;
  title: string;
  text: string;
  readAt: number | null;
  createdAt: number;
}

export interface TicketRecord {
  number: string;
  teamId: number;
  subject: string;
  type: string;
  priority: string;
  status: string;
  message: string;
  replies: { id: number; message: string; from_support: boolean; author: string; created_at: string }[];
  createdAt: number;
  updatedAt: number;
}

export interface Inbox {
  notifications: NotificationRecord[];
  tickets: TicketRecord[];
  /** category/channel → enabled, the changes from the defaults. */
  preferences: Map<string, boolean>;
  nextTicket: number;
}

const CATEGORIES = [
  ['resource_failed', 'Resource failed', 'resource', 'critical'],
  ['resource_provisioned', 'Resource provisioned', 'resource', 'info'],
  ['invoice_generated', 'Invoice generated', 'billing', 'info'],
  ['new_login', 'New login', 'security', 'warning'],
  ['snapshot_failed', 'Snapshot failed', 'snapshot', 'critical'],
] as const;
const CHANNELS = ['database', 'mail', 'webhook', 'slack', 'sms'] as const;
const TYPES = ['general', 'technical', 'billing', 'sales'];
const PRIORITIES = ['low', 'normal', 'high', 'urgent'];
const RESOURCE_TYPES = ['cache', 'database', 'vps', 'storage', 'queue', 'serverless', 'static_site', 'app'];

const defaultOn = (channel: string) => channel === 'database' || channel === 'mail';

function notificationView(n: NotificationRecord) {
  return {
    id: n.id,
    type: 'App\\Notifications\\ResourceNotification',
    notifiable_type: 'App\\Models\\User',
    notifiable_id: 1,
    data: { title: n.title, message: n.text },
    category: n.category,
    severity: n.severity,
    team_id: n.teamId,
    resource_type: null,
    resource_id: null,
    read_at: n.readAt === null ? null : iso(n.readAt),
    created_at: iso(n.createdAt),
    updated_at: iso(n.readAt ?? n.createdAt),
  };
}

const ticketView = (t: TicketRecord) => ({
  number: t.number,
  subject: t.subject,
  type: t.type,
  priority: t.priority,
  status: t.status,
  resource: null,
  created_at: iso(t.createdAt),
  updated_at: iso(t.updatedAt),
});
const ticketDetail = (t: TicketRecord) => ({ ...ticketView(t), message: t.message, opened_by_support: false, replies: t.replies });

function preferencesView(inbox: Inbox) {
  return {
    preferences: CATEGORIES.flatMap(([category]) =>
      CHANNELS.map((channel) => ({ category, channel, enabled: String(inbox.preferences.get(`${category}/${channel}`) ?? defaultOn(channel)), digest_frequency: 'instant' })),
    ),
    available_categories: CATEGORIES.map(([value, label, group, severity]) => ({ value, label, group, severity })),
    groups: [...new Set(CATEGORIES.map(([, , g]) => g))].map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) })),
    available_channels: CHANNELS.map((value) => ({ value, label: value, description: `Delivered by ${value}`, icon: value })),
    digest_options: ['instant', 'daily', 'weekly', 'disabled'].map((value) => ({ value, label: value, description: `${value} delivery` })),
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function notificationRoutes(world: World) {
  const mine = (ctx: Ctx) => world.inbox.notifications.filter((n) => n.teamId === ctx.team.id);
  const unread = (ctx: Ctx) => mine(ctx).filter((n) => n.readAt === null).length;
  return [
    http.get(
      `${API}/notifications`,
      guarded(world, null, async (ctx) => {
        const only = ctx.url.searchParams.get('unread');
        const category = ctx.url.searchParams.get('category');
        const items = mine(ctx)
          .filter((n) => !(only === '1' || only === 'true') || n.readAt === null)
          .filter((n) => !category || n.category === category)
          .sort((a, b) => b.createdAt - a.createdAt)
          .map(notificationView);
        // This list is Laravel's paginator at the top level, not {data, pagination}.
        const paged = (await paginate(ctx.url, items).json()) as { data: unknown[]; pagination: { current_page: number; last_page: number; per_page: number; total: number } };
        return json({ data: paged.data, ...paged.pagination, next_page_url: null, unread_count: unread(ctx) });
      }),
    ),
    http.get(
      `${API}/notifications/unread-count`,
      guarded(world, null, (ctx) => json({ count: unread(ctx) })),
    ),
    http.patch(
      `${API}/notifications/:id/read`,
      guarded(world, null, (ctx) => {
        const n = mine(ctx).find((x) => x.id === ctx.params.id);
        if (!n) return message(404, 'Notification not found');
        n.readAt ??= ctx.now;
        return json({ message: 'Notification marked as read', notification: n.id });
      }),
    ),
    http.post(
      `${API}/notifications/mark-all-read`,
      guarded(world, null, (ctx) => {
        const open = mine(ctx).filter((n) => n.readAt === null);
        for (const n of open) n.readAt = ctx.now;
        return json({ message: 'All notifications marked as read', count: open.length });
      }),
    ),
    http.delete(
      `${API}/notifications/:id`,
      guarded(world, null, (ctx) => {
        const n = mine(ctx).find((x) => x.id === ctx.params.id);
        if (!n) return message(404, 'Notification not found');
        world.inbox.notifications = world.inbox.notifications.filter((x) => x !== n);
        return json({ message: 'Notification deleted' });
      }),
    ),
    http.get(
      `${API}/notification-preferences`,
      guarded(world, null, () => json(preferencesView(world.inbox))),
    ),
    http.put(
      `${API}/notification-preferences`,
      guarded(world, null, async (ctx) => {
        const read = await readJson(ctx.request);
        if (!read.ok) return read.response;
        const list = read.body.preferences;
        if (!Array.isArray(list) || list.length === 0) return invalid({ preferences: ['The preferences field is required.'] });
        const errors: Record<string, string[]> = {};
        list.forEach((p: Record<string, unknown>, i) => {
          if (!CATEGORIES.some(([c]) => c === p?.category)) errors[`preferences.${i}.category`] = ['The selected category is invalid.'];
          if (!(CHANNELS as readonly unknown[]).includes(p?.channel)) errors[`preferences.${i}.channel`] = ['The selected channel is invalid.'];
          if (typeof p?.enabled !== 'boolean') errors[`preferences.${i}.enabled`] = ['The enabled field must be true or false.'];
        });
        if (Object.keys(errors).length) return invalid(errors);
        for (const p of list as { category: string; channel: string; enabled: boolean }[]) world.inbox.preferences.set(`${p.category}/${p.channel}`, p.enabled);
        return json({ message: 'Preferences updated successfully', preferences: list.map((p: Record<string, unknown>) => [String(p.category), String(p.channel)]) });
      }),
    ),
    http.post(
      `${API}/notification-preferences/reset`,
      guarded(world, null, () => {
        world.inbox.preferences.clear();
        return json({ message: 'Preferences reset to defaults' });
      }),
    ),
  ];
}

function ticketRoutes(world: World) {
  const base = `${API}/support-tickets`;
  const find = (ctx: Ctx) => world.inbox.tickets.find((t) => t.teamId === ctx.team.id && t.number === ctx.params.number);
  const missing = () => json({ message: 'Support ticket not found.', error: 'not_found' }, 404);
  return [
    http.get(
      base,
      guarded(world, null, (ctx) => {
        const status = ctx.url.searchParams.get('status');
        const items = world.inbox.tickets.filter((t) => t.teamId === ctx.team.id && (!status || t.status === status)).sort((a, b) => b.updatedAt - a.updatedAt);
        return paginate(ctx.url, items.map(ticketView));
      }),
    ),
    http.post(
      base,
      guarded(world, null, async (ctx) => {
        const read = await readJson(ctx.request);
        if (!read.ok) return read.response;
        const b = read.body;
        const errors: Record<string, string[]> = {};
        if (!TYPES.includes(String(b.type))) errors.type = [b.type === undefined ? 'The type field is required.' : 'The selected type is invalid.'];
        if (!PRIORITIES.includes(String(b.priority))) errors.priority = [b.priority === undefined ? 'The priority field is required.' : 'The selected priority is invalid.'];
        if (!text(b.subject)) errors.subject = ['The subject field is required.'];
        if (!text(b.message)) errors.message = ['The message field is required.'];
        if (b.resource_type != null && !RESOURCE_TYPES.includes(String(b.resource_type))) errors.resource_type = ['The selected resource type is invalid.'];
        if (Object.keys(errors).length) return invalid(errors);
        const number = `TCK-${String(world.inbox.nextTicket++).padStart(5, '0')}`;
        const t: TicketRecord = {
          number,
          teamId: ctx.team.id,
          subject: text(b.subject),
          type: String(b.type),
          priority: String(b.priority),
          status: 'open',
          message: String(b.message),
          replies: [],
          createdAt: ctx.now,
          updatedAt: ctx.now,
        };
        world.inbox.tickets.push(t);
        return json({ message: 'Support ticket created', ticket: ticketDetail(t) }, 201);
      }),
    ),
    http.get(
      `${base}/:number`,
      guarded(world, null, (ctx) => {
        const t = find(ctx);
        return t ? json({ ticket: ticketDetail(t) }) : missing();
      }),
    ),
    http.post(
      `${base}/:number/replies`,
      guarded(world, null, async (ctx) => {
        const t = find(ctx);
        if (!t) return missing();
        const read = await readJson(ctx.request);
        if (!read.ok) return read.response;
        if (!text(read.body.message)) return invalid({ message: ['The message field is required.'] });
        const reply = { id: t.replies.length + 1, message: String(read.body.message), from_support: false, author: 'Ada Admin', created_at: iso(ctx.now) };
        t.replies.push(reply);
        t.status = 'open';
        t.updatedAt = ctx.now;
        return json({ message: 'Reply sent', reply, ticket: ticketView(t) }, 201);
      }),
    ),
    http.post(
      `${base}/:number/resolve`,
      guarded(world, null, (ctx) => {
        const t = find(ctx);
        if (!t) return missing();
        if (t.status === 'resolved' || t.status === 'closed') return json({ message: `The ticket is already ${t.status}.`, error: 'already_resolved' }, 409);
        t.status = 'resolved';
        t.updatedAt = ctx.now;
        return json({ message: 'Ticket marked as resolved', ticket: ticketView(t) });
      }),
    ),
  ];
}

function seed(w: World, now: number): void {
  const n = (id: string, category: string, severity: string, title: string, body: string, agoMs: number, read: boolean): NotificationRecord => ({
    id,
    teamId: MAIN_TEAM,
    category,
    severity,
    title,
    text: body,
    readAt: read ? now - agoMs + MINUTE : null,
    createdAt: now - agoMs,
  });
  w.inbox.notifications = [
    n('6f1c0d2e-0001-4a5b-8c9d-000000000001', 'resource_failed', 'critical', 'Pool gpu-fail failed', 'The node pool gpu-fail of ml-k8s could not be provisioned.', 2 * HOUR, false),
    n('6f1c0d2e-0002-4a5b-8c9d-000000000002', 'new_login', 'warning', 'New login', 'A new login from 198.51.100.7.', 5 * HOUR, false),
    n('6f1c0d2e-0003-4a5b-8c9d-000000000003', 'invoice_generated', 'info', 'Invoice ready', 'Your invoice for last month is ready.', 48 * HOUR, true),
  ];
  w.inbox.tickets = [
    {
      number: 'TCK-00042',
      teamId: MAIN_TEAM,
      subject: 'ml-k8s GPU pool will not start',
      type: 'technical',
      priority: 'high',
      status: 'waiting_customer',
      message: 'The gpu pool of ml-k8s fails to provision.',
      replies: [{ id: 1, message: 'Could you try the pool again in fsn1?', from_support: true, author: 'Support', created_at: iso(now - HOUR) }],
      createdAt: now - 3 * HOUR,
      updatedAt: now - HOUR,
    },
  ];
}

declare module '../state/world.js' {
  interface World {
    inbox: Inbox;
  }
}

export const inboxModule: SimModule = {
  name: 'inbox',
  stores: { inbox: (): Inbox => ({ notifications: [], tickets: [], preferences: new Map(), nextTicket: 100 }) },
  seed,
  routes: (world) => [...notificationRoutes(world), ...ticketRoutes(world)],
};
