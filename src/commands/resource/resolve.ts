// The resource a reference means, with the read taken just before a change (the baseline
// of a wait on servers without generations): the list item name resolution found, or one GET.
import type { App } from '../../cli/app.js';
import type { Client } from '../../client/index.js';
import type { Resource } from '../../client/resources.js';
import { withStatus, type FamilySpec } from './family.js';

export async function resolveResource(app: App, spec: FamilySpec, ref: string): Promise<{ client: Client; id: string; before: Resource; name: string }> {
  const client = await app.client();
  const r = await client.resources.resolve(spec.kind, ref, { signal: app.ctx.signal });
  // A list item without a status (a queue's: only its show answer has status_details) would be
  // a baseline without an observation, which any later read passes as fresh: read the resource.
  const usable = r.item && (r.item.status_details || spec.statusOf) ? r.item : undefined;
  const before = withStatus(spec, usable ?? (await client.resources.get(spec.kind, r.id, { signal: app.ctx.signal })).value);
  return { client, id: r.id, before, name: before.name ?? ref };
}
