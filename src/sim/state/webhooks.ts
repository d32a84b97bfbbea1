// Webhooks of each team: the configuration (URL, on/off, signing secret) and the deliveries.
import { uuidFrom } from './ids.js';

export interface WebhookConfig {
  url: string | null;
  enabled: boolean;
  secret: string | null;
}

export interface DeliveryRecord {
  id: number;
  teamId: number;
  event: string;
  url: string;
  payload: Record<string, unknown>;
  status: number | null;
  body: string | null;
  attempts: number;
  createdAt: number;
  deliveredAt: number | null;
  failedAt: number | null;
  error: string | null;
}

export class WebhookState {
  private readonly configs = new Map<number, WebhookConfig>();
  readonly deliveries: DeliveryRecord[] = [];
  private secrets = 0;

  config(teamId: number): WebhookConfig {
    let c = this.configs.get(teamId);
    if (!c) this.configs.set(teamId, (c = { url: null, enabled: false, secret: null }));
    return c;
  }

  /** A new secret, deterministic per world like every id of the simulator. */
  newSecret(teamId: number): string {
    this.secrets += 1;
    return `whsec_${uuidFrom(`webhook-secret/${teamId}/${this.secrets}`).replace(/-/g, '').slice(0, 32)}`;
  }
}
