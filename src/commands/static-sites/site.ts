// The site a reference means, and the read taken just before a change when the change will be
// waited for (the wait's baseline); without --wait, resolving the reference is enough.
import type { App } from '../../cli/app.js';
import type { Client } from '../../client/index.js';
import type { Resource } from '../../client/resources.js';
import { resolveResource } from '../resource/resolve.js';
import { SITES } from './family.js';

export async function siteFor(app: App, ref: string, wait: boolean): Promise<{ client: Client; id: string; before: Resource | null; name: string }> {
  if (wait) return resolveResource(app, SITES, ref);
  const client = await app.client();
  const r = await client.resources.resolve(SITES.kind, ref, { signal: app.ctx.signal });
  return { client, id: r.id, before: r.item ?? null, name: r.item?.name ?? ref };
}
