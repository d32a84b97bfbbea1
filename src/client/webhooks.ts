// Webhooks of the project (real-api /webhooks): the configuration `{webhook_url,
// webhook_enabled, has_secret}`; its update (PUT, `webhook_url` required) and the secret's
// regeneration, which carry the signing secret `webhook_secret` the API shows only then; and
// the deliveries, a paginated list.
import * as z from 'zod/mini';
import type { HttpClient, RequestOptions } from './http.js';
import { paginate, type PageQuery } from './paginate.js';
import { Id, optBool, optNum, optText } from './wire.js';

export const WebhookConfig = z.looseObject({ webhook_url: optText, webhook_enabled: optBool, has_secret: optBool });
export type WebhookConfig = z.infer<typeof WebhookConfig>;

export const WebhookUpdate = z.looseObject({ message: optText, webhook_url: optText, webhook_enabled: optBool, webhook_secret: optText });
export type WebhookUpdate = z.infer<typeof WebhookUpdate>;

const SecretAnswer = z.looseObject({ message: optText, webhook_secret: optText });

export const WebhookDelivery = z.looseObject({
  id: Id,
  event: optText,
  url: optText,
  response_status: optNum,
  attempts: optNum,
  delivered_at: optText,
  failed_at: optText,
  error_message: optText,
  created_at: optText,
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

type Opts = Pick<RequestOptions<unknown>, 'signal'>;

export interface Answer<T> {
  value: T;
  raw: unknown;
}

export class WebhooksApi {
  constructor(private readonly http: HttpClient) {}

  async config(opts: Opts = {}): Promise<Answer<WebhookConfig>> {
    const res = await this.http.get('/webhooks/config', { schema: WebhookConfig, permission: 'webhook:read', ...opts });
    return { value: res.data, raw: res.raw };
  }

  /** PUT: `webhook_url` is required by the API; `webhook_enabled` is sent only when given. */
  async update(url: string, enabled: boolean | undefined, opts: Opts = {}): Promise<Answer<WebhookUpdate>> {
    const body = { webhook_url: url, ...(enabled === undefined ? {} : { webhook_enabled: enabled }) };
    const res = await this.http.request('PUT', '/webhooks/config', { body, schema: WebhookUpdate, permission: 'webhook:write', ...opts });
    return { value: res.data, raw: res.raw };
  }

  async regenerateSecret(opts: Opts = {}): Promise<Answer<z.infer<typeof SecretAnswer>>> {
    const res = await this.http.request('POST', '/webhooks/config/regenerate-secret', { schema: SecretAnswer, permission: 'webhook:write', ...opts });
    return { value: res.data, raw: res.raw };
  }

  deliveries(q: PageQuery = {}) {
    return paginate(this.http, '/webhooks/deliveries', WebhookDelivery, { permission: 'webhook:read', ...q });
  }
}
