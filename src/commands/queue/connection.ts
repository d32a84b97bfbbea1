// A broker's connection answer (GET /queue/{id}/connection-info), read as `connection-info`
// and `connect` read it: the typed fields, the raw answer for --json, the endpoint for messages.
import type { App } from '../../cli/app.js';
import * as z from 'zod/mini';
import { optNum, optText } from '../../client/wire.js';
import { QUEUE } from './family.js';

export function hostOf(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** What the command reads of the answer; everything else passes through to --json. */
export const ConnectionInfo = z.looseObject({ amqp_url: optText, management_url: optText, host: optText, port: optNum, vhost: optText, username: optText, password: optText });

export type ConnectionInfo = z.infer<typeof ConnectionInfo>;

export async function readConnectionInfo(app: App, ref: string): Promise<{ raw: unknown; endpoint: string; info: ConnectionInfo }> {
  const client = await app.client();
  const id = (await client.resources.resolve(QUEUE.kind, ref, { signal: app.ctx.signal })).id;
  const { raw, endpoint } = await client.resources.read(QUEUE.kind, `/${encodeURIComponent(id)}/connection-info`, { signal: app.ctx.signal });
  const parsed = ConnectionInfo.safeParse(raw);
  return { raw, endpoint, info: parsed.success ? parsed.data : {} };
}
