// The waits of the snapshots commands, each resumable with `infra snapshots wait ...`:
// a point being created or deleted, a restore operation, and the resource a restore replaces
// or a clone creates.
import type { App } from '../../cli/app.js';
import type { Client } from '../../client/index.js';
import type { RecoveryProduct } from '../../client/recovery.js';
import type { Resource } from '../../client/resources.js';
import { baselineOf } from '../../wait/decide.js';
import { waitForOperation } from '../kit/wait/operation.js';
import { type WaitFlags } from '../kit/wait/flags.js';
import { lookAt, operationStatus, pointStatus, productSpec } from './targets.js';

/** A creation (settled: available or failed) or a deletion (gone: the point leaves the list). */
export function waitForPoint(
  app: App,
  client: Client,
  product: RecoveryProduct,
  point: { id: string; name: string },
  verb: 'create' | 'delete',
  flags: WaitFlags,
  initial?: Resource,
): Promise<number> {
  const spec = productSpec(product);
  const subject = {
    command: 'snapshots',
    noun: 'recovery point',
    id: point.id,
    name: `point ${point.id}${point.name !== point.id ? ` (${point.name})` : ''}`,
    verb,
    target: { baseline: null },
    resumeCommand: `infra snapshots wait ${product} ${point.id}`,
    look: `'infra snapshots list ${product}' shows the point's state`,
  };
  return waitForOperation(app, client, spec, subject, flags, {
    initial,
    untilGone: verb === 'delete',
    fetch: async (signal) => pointStatus((await client.recovery.findPoint(product, point.id, { signal })).item!),
    endpoint: `GET /api/v1/snapshots/${product}`,
  });
}

/** The command that follows a restore operation (printed by a restore that does not wait). */
export function restoreFollowCommand(product: RecoveryProduct, id: string): string {
  return `infra snapshots wait ${product} --operation ${id}`;
}

/** Follows a restore operation by its id on GET /api/v1/operations/{id}. */
export function waitForRestoreOperation(app: App, client: Client, product: RecoveryProduct, id: string, resourceName: string, flags: WaitFlags): Promise<number> {
  const subject = {
    command: 'snapshots',
    noun: 'restore',
    id,
    name: resourceName,
    verb: 'restore',
    // The operation was created by this request: nothing earlier to confuse it with.
    target: { baseline: null },
    resumeCommand: restoreFollowCommand(product, id),
    look: `'infra operations get ${id}' shows the operation`,
  };
  return waitForOperation(app, client, productSpec(product), subject, flags, {
    fetch: async (signal) => operationStatus(await client.recovery.operation(id, { signal }), id),
    endpoint: `GET /api/v1/operations/${id}`,
  });
}

/** The resource a restore replaced (`before`: the read taken just before it) or a clone created (`before` null). */
export function waitForResource(
  app: App,
  client: Client,
  product: RecoveryProduct,
  r: { id: string; name: string },
  verb: string,
  before: Resource | null,
  flags: WaitFlags,
  initial?: Resource,
  observedAfter = false,
): Promise<number> {
  const subject = {
    command: product,
    noun: productSpec(product).label,
    id: r.id,
    name: r.name,
    verb,
    target: { baseline: before === null ? null : { ...baselineOf(before), ...(observedAfter ? { observedAfter: true } : {}) } },
    resumeCommand: `infra snapshots wait ${product} --resource ${r.id}`,
    look: lookAt(product, r.id),
  };
  return waitForOperation(app, client, productSpec(product), subject, flags, { initial });
}
