// What the snapshots commands wait on, in the status model's words (docs/behaviour.md#api-status), so the one
// wait engine (src/commands/kit/wait/) follows each with the same exit codes and resume hints:
// a recovery point (found in its product's list: there is no single-point route), a restore
// operation (its page), and the product's resource (a restore started directly, a clone).
import type { RecoveryProduct, RestoreOperation } from '../../client/recovery.js';
import type { ListRoute } from '../../client/resolve.js';
import type { Resource, ResourceKind } from '../../client/resources.js';
import type { RecoveryPoint } from '../../client/schemas.js';
import type { FamilySpec } from '../resource/family.js';

const KINDS: Record<RecoveryProduct, ResourceKind> = {
  vps: { path: '/vps', noun: 'VPS', ids: 'uuid', wrapper: 'instance', permission: 'vps' },
  cache: { path: '/cache', noun: 'cache', ids: 'uuid', wrapper: 'instance', permission: 'cache' },
  database: { path: '/database', noun: 'database', ids: 'uuid', wrapper: 'instance', permission: 'database' },
};

/** The resources of the `<product>` argument (each KINDS path is `/{product}`), for completion. */
export const PRODUCT_RESOURCES: ListRoute = { path: '/{product}' };

/** The product's resources as a family of the generic commands (resolution, reads, waits). */
export function productSpec(product: RecoveryProduct): FamilySpec {
  const label = product === 'vps' ? 'VPS instance' : product;
  return { kind: KINDS[product], command: product, label, columns: [], details: () => [], example: { name: '', id: '' } };
}

/** Where to look after a failed wait on a product's resource (cache and database have no diagnose command: the API route does). */
export function lookAt(product: RecoveryProduct, id: string): string | undefined {
  return product === 'vps' ? undefined : `'infra api /${product}/${id}' shows its status; 'infra snapshots list ${product}' its recovery points`;
}

type Details = NonNullable<Resource['status_details']>;

function details(state: 'running' | 'succeeded' | 'failed', error: Details['error'] = null): Details {
  return {
    summary: state === 'running' ? 'in_progress' : state === 'succeeded' ? 'ready' : 'failed',
    health: state === 'succeeded' ? 'healthy' : 'unknown',
    stale: false,
    operation: { state, terminal: state !== 'running' },
    error,
  };
}

const DONE = new Set(['available', 'completed', 'degraded']);
const FAILED = new Set(['failed', 'error']);

/**
 * A point: `creating` → in flight; available/completed/degraded → done; failed → failed.
 * The facts' legacy `status` also tells a deletion: `deleting` in flight, `error` when it failed.
 */
export function pointStatus(p: RecoveryPoint): Resource {
  const status = (p.status ?? '').toLowerCase();
  const state = (p.state ?? '').toLowerCase() || status;
  let d: Details;
  if (status === 'deleting') d = details('running');
  else if (status === 'error') d = details('failed', { code: 'snapshot.delete_failed', message: `the deletion of point ${p.id} failed`, retryable: true });
  else if (DONE.has(state)) d = details('succeeded');
  else if (FAILED.has(state)) d = details('failed', { code: 'snapshot.failed', message: `recovery point ${p.id} failed and holds no usable data`, retryable: false });
  else d = details('running');
  return { id: p.id, name: p.name ?? p.id, status: p.status ?? undefined, status_details: d };
}

/**
 * A restore operation: `terminal` and `state` where the server sends them (the words of
 * GET /operations/{id}), else its `result`, `finished_at` or `stage`. With none of them, no
 * status: the wait says it cannot tell (exit 1) instead of guessing.
 */
export function operationStatus(op: RestoreOperation, id: string): Resource {
  const stage = (op.stage ?? '').toLowerCase();
  const result = (op.result ?? '').toLowerCase();
  const known = [op.terminal, op.state, op.result, op.finished_at, op.stage].some((v) => v !== undefined && v !== null);
  if (!known) return { id };
  const terminal = op.terminal ?? (result !== '' || !!op.finished_at || stage === 'done' || stage === 'failed');
  const state = (op.state ?? result) || (terminal ? (stage === 'failed' ? 'failed' : 'succeeded') : 'running');
  const error = op.error ?? null;
  if (!terminal)
    return { id, status_details: { ...details('running'), operation: { state: state === 'succeeded' ? 'running' : state, terminal: false, poll_after_ms: op.poll_after_ms ?? undefined } } };
  if (state === 'succeeded') return { id, status_details: details('succeeded') };
  return { id, status_details: { ...details('failed', error), operation: { state, terminal: true } } };
}
