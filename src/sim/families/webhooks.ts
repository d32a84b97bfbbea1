// Webhooks (real-api /webhooks): one configuration per team (URL, on/off, a signing secret)
// and the log of deliveries. The secret is shown once: in the answer that created it (the
// first configuration) and in a regeneration's; reads only say whether there is one.
import { http } from 'msw';
import { HOUR, iso, MINUTE } from '../clock.js';
import { API, guarded, invalid, json, paginate, readJson } from '../http/common.js';
import { uuidFrom } from '../state/ids.js';
import { MAIN_TEAM } from '../state/auth.js';
import { WebhookState, type DeliveryRecord } from '../state/webhooks.js';
import type { SimModule, World } from '../state/world.js';

/** `sha256=<hex>` of the payload, as a receiver would check it (the secret never leaves the server). */
function signature(d: DeliveryRecord): string {
  return `sha256=${uuidFrom(`signature/${d.id}`).replace(/-/g, '')}${uuidFrom(`signature2/${d.id}`).replace(/-/g, '')}`;
}

function deliveryJson(d: DeliveryRecord) {
  return {
    id: d.id,
    team_id: d.teamId,
    event: d.event,
    url: d.url,
    payload: d.payload,
    signature: signature(d),
    response_status: d.status,
    response_body: d.body,
    attempts: d.attempts,
    delivered_at: d.deliveredAt === null ? null : iso(d.deliveredAt),
    failed_at: d.failedAt === null ? null : iso(d.failedAt),
    error_message: d.error,
    created_at: iso(d.createdAt),
    updated_at: iso(d.failedAt ?? d.deliveredAt ?? d.createdAt),
  };
}

const URL_LIKE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

export function webhookHandlers(world: World) {
  return [
    http.get(
      `${API}/webhooks/config`,
      guarded(world, 'webhook:read', (ctx) => {
        const c = world.webhooks.config(ctx.team.id);
        return json({ webhook_url: c.url, webhook_enabled: c.enabled, has_secret: c.secret !== null });
      }),
    ),
    http.put(
      `${API}/webhooks/config`,
      guarded(world, 'webhook:write', async (ctx) => {
        const parsed = await readJson(ctx.request);
        if (!parsed.ok) return parsed.response;
        const { webhook_url: url, webhook_enabled: enabled } = parsed.body;
        const errors: Record<string, string[]> = {};
        if (url === undefined || url === null || url === '') errors.webhook_url = ['The webhook url field is required.'];
        else if (typeof url !== 'string' || !URL_LIKE.test(url)) errors.webhook_url = ['The webhook url field must be a valid URL.'];
        else if (url.length > 2048) errors.webhook_url = ['The webhook url field must not be greater than 2048 characters.'];
        if (enabled !== undefined && typeof enabled !== 'boolean') errors.webhook_enabled = ['The webhook enabled field must be true or false.'];
        if (Object.keys(errors).length) return invalid(errors);
        const c = world.webhooks.config(ctx.team.id);
        // Omitted, `webhook_enabled` keeps its value; a first configuration turns delivery on.
        const first = c.url === null;
        c.url = String(url);
        c.enabled = typeof enabled === 'boolean' ? enabled : first ? true : c.enabled;
        const created = c.secret === null ? (c.secret = world.webhooks.newSecret(ctx.team.id)) : null;
        return json({ message: 'Webhook configuration updated successfully', webhook_url: c.url, webhook_enabled: c.enabled, webhook_secret: created });
      }),
    ),
    http.post(
      `${API}/webhooks/config/regenerate-secret`,
      guarded(world, 'webhook:write', (ctx) => {
        const c = world.webhooks.config(ctx.team.id);
        c.secret = world.webhooks.newSecret(ctx.team.id);
        return json({ message: 'Webhook secret regenerated successfully', webhook_secret: c.secret });
      }),
    ),
    http.get(
      `${API}/webhooks/deliveries`,
      guarded(world, 'webhook:read', (ctx) => {
        const mine = world.webhooks.deliveries.filter((d) => d.teamId === ctx.team.id && d.createdAt <= ctx.now).sort((a, b) => b.createdAt - a.createdAt);
        return paginate(ctx.url, mine.map(deliveryJson));
      }),
    ),
  ];
}

/** Team 1 has a configured webhook and three deliveries (one delivered, one failed, one retried); team 2 none. */
function seedWebhooks(w: World, teamId: number, now: number): void {
  const c = w.webhooks.config(teamId);
  c.url = 'https://hooks.acme.test/infra';
  c.enabled = true;
  c.secret = w.webhooks.newSecret(teamId);
  const base = { teamId, url: c.url, body: null, error: null, deliveredAt: null, failedAt: null };
  w.webhooks.deliveries.push(
    {
      ...base,
      id: 9001,
      event: 'serverless.deployed',
      payload: { event: 'serverless.deployed', resource_name: 'web' },
      status: 200,
      body: 'ok',
      attempts: 1,
      createdAt: now - 2 * HOUR,
      deliveredAt: now - 2 * HOUR + 800,
    },
    {
      ...base,
      id: 9002,
      event: 'snapshot.completed',
      payload: { event: 'snapshot.completed', product: 'vps', snapshot_id: 11 },
      status: 502,
      body: '<html><body>502 Bad Gateway</body></html>',
      attempts: 3,
      createdAt: now - HOUR,
      failedAt: now - HOUR + 10 * MINUTE,
      error: 'Server responded with 502 after 3 attempts.',
    },
    {
      ...base,
      id: 9003,
      event: 'static_site.deployed',
      payload: { event: 'static_site.deployed', site: 'docs' },
      status: 200,
      body: 'ok',
      attempts: 2,
      createdAt: now - 30 * MINUTE,
      deliveredAt: now - 29 * MINUTE,
    },
  );
}

declare module '../state/world.js' {
  interface World {
    webhooks: WebhookState;
  }
}

export const webhookModule: SimModule = { name: 'webhooks', stores: { webhooks: () => new WebhookState() }, seed: (w, now) => seedWebhooks(w, MAIN_TEAM, now), routes: webhookHandlers };
