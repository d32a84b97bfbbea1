// What the references of `infra logs` name (docs/behaviour.md#merged-logs): `family/ref`
// names one product (serverless, database, cache, queue, apps); a bare id is a container's;
// a bare name is looked up among every product with logs at once, and a name found in more
// than one is a usage error listing the candidates, so a tail never shows the wrong thing.
import type { App } from '../../cli/app.js';
import { UsageError } from '../../cli/errors.js';
import { AuthError, NotFoundError } from '../../client/errors.js';
import { containerPath, DIAGNOSTICS_PERMISSION } from '../../client/diagnostics.js';
import { datastoreKind } from '../../client/families.js';
import type { Client } from '../../client/index.js';
import { APP_KIND } from '../../client/monitoring.js';
import type { ResourceKind } from '../../client/resources.js';
import { CliError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import type { LogTarget } from '../kit/logs-stream.js';

// The queue's kind as its family declares it (a family's descriptor is not imported here).
const QUEUE_KIND: ResourceKind = { path: '/queue', noun: 'queue', ids: 'uuid', wrapper: 'instance', permission: 'queue' };

/** The products with logs, by the word a reference prefixes (`database/orders`). */
const PRODUCTS: Readonly<Record<string, ResourceKind | 'container'>> = {
  serverless: 'container',
  database: datastoreKind('database'),
  cache: datastoreKind('cache'),
  queue: QUEUE_KIND,
  apps: APP_KIND,
};

export interface Found {
  /** `web`, `database/orders`: containers by name alone, the others with their product. */
  label: string;
  id: string;
  product: string;
  target: LogTarget;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function findIn(client: Client, product: string, ref: string, signal: AbortSignal): Promise<Found> {
  const kind = PRODUCTS[product]!;
  if (kind === 'container') {
    const r = await client.serverless.resolve(ref, { signal });
    const name = r.item?.name ?? ref;
    return { label: name, id: r.id, product, target: { path: containerPath(r.id), permission: DIAGNOSTICS_PERMISSION, noun: 'container' } };
  }
  const r = await client.resources.resolve(kind, ref, { signal });
  const name = (r.item as { name?: unknown } | undefined)?.name;
  return {
    label: `${product}/${typeof name === 'string' ? name : ref}`,
    id: r.id,
    product,
    target: { path: `${kind.path}/${encodeURIComponent(r.id)}`, permission: `${kind.permission}:read`, noun: kind.noun },
  };
}

/** One reference: `product/ref`, a bare id (a container), or a bare name looked up everywhere. */
export async function findSource(app: App, client: Client, ref: string): Promise<Found> {
  const signal = app.ctx.signal;
  const slash = ref.indexOf('/');
  if (slash > 0) {
    const product = ref.slice(0, slash);
    if (!(product in PRODUCTS)) throw new UsageError(`"${product}" in ${ref} has no logs here`, `prefix a name with one of: ${Object.keys(PRODUCTS).join(', ')} (e.g. database/orders)`);
    return findIn(client, product, ref.slice(slash + 1), signal);
  }
  if (UUID.test(ref)) return findIn(client, 'serverless', ref, signal);
  const tries = await Promise.allSettled(Object.keys(PRODUCTS).map((p) => findIn(client, p, ref, signal)));
  if (signal.aborted) throw signal.reason;
  const found = tries.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
  if (found.length === 1) return found[0]!;
  if (found.length > 1) {
    const names = found.map((f) => `${f.product}/${ref}`);
    throw new UsageError(`"${ref}" names ${found.length} things with logs: ${names.join(', ')}`, `say which: infra logs ${names[0]}`);
  }
  // Nothing found: a product the token may not read is no answer; any other error is.
  const other = tries.find((t) => t.status === 'rejected' && !(t.reason instanceof NotFoundError) && !(t.reason instanceof AuthError));
  if (other?.status === 'rejected') throw other.reason;
  throw new CliError(
    ExitCode.NOT_FOUND,
    `no container, database, cache, queue or app is named "${ref}"`,
    'see the names with: infra serverless list (or database list, cache list, queue list, apps list)',
  );
}
