// Recovery points (real-api Vps/Cache/DatabaseSnapshotResource plus the spec's richer
// fields origin, state, protection, actions), the capability matrix, gates and
// replace-existing restores (docs/behaviour.md#api-recovery).
import { iso, MINUTE, SECOND } from '../clock.js';
import { uuidFrom } from './ids.js';
import { failsByName, SLOW_MS } from './lifecycle.js';

export type Product = 'vps' | 'cache' | 'database';
export const PRODUCTS: readonly Product[] = ['vps', 'cache', 'database'];

export const PRODUCT_LABEL: Record<Product, string> = { vps: 'VPS', cache: 'Cache', database: 'Database' };

export interface PointRecord {
  /** Integer ids, one sequence per product (separate tables on the real service). */
  id: number;
  product: Product;
  teamId: number;
  name: string;
  description: string | null;
  resourceId: string;
  resourceName: string;
  /** Engine for caches/databases ('vps' for VPS). */
  engine: string;
  operatorManaged: boolean;
  origin: 'manual' | 'automated' | 'safety_point';
  createdAt: number;
  /** When a point in state creating becomes available. */
  readyAt: number;
  /** Overrides the derived state (degraded, failed). */
  fixedState: 'degraded' | 'failed' | null;
  sizeBytes: number;
  protection: string | null;
  /** Taken by hand with a name ending in `-fail`: the point ends `failed` once its time is up. */
  fails?: boolean;
  /** A deletion in flight (or failed: the point stays, its status `error`). */
  deleting?: { at: number; endAt: number; fails: boolean };
}

export interface OperationRecord {
  id: string;
  product: Product;
  teamId: number;
  pointId: number;
  resourceKey: string;
  resourceName: string;
  safetyPointId: number | null;
  startedAt: number;
  endsAt: number;
  gated: boolean;
  /** The resource's name ends in `-fail`: the restore fails at its end. */
  fails: boolean;
}

export const RESTORE_MS = 5 * MINUTE;
/** A restore takes RESTORE_MS, or 20 minutes for a resource whose name ends in `-slow`. */
export function restoreMs(resourceName: string): number {
  return /-slow$/.test(resourceName) ? SLOW_MS : RESTORE_MS;
}

/** How long a point taken by hand is `creating`, and a deletion `deleting`. */
export const CREATE_POINT_MS = 2 * MINUTE;
export const DELETE_POINT_MS = 30 * SECOND;
/** How long a clone (restore to a new resource) provisions. */
export const CLONE_MS = 3 * MINUTE;

/** Replace-existing is offered for MySQL, caches and VPS only, and not when operator-managed. */
export function replaceRefusal(p: PointRecord): string | null {
  if (p.engine === 'postgresql') return 'PostgreSQL cannot be restored in place; restore to a new database instead.';
  if (p.engine === 'mariadb') return 'MariaDB cannot be restored in place; restore to a new database instead.';
  if (p.operatorManaged) return `Replace-existing restore is unavailable for operator-managed ${p.engine} until validated.`;
  return null;
}

export function pointState(p: PointRecord, now: number): string {
  if (p.fixedState) return p.fixedState;
  if (now < p.readyAt) return 'creating';
  return p.fails ? 'failed' : 'available';
}

/** A deletion in flight at `now`, or one that failed (the point stays). */
function deletion(p: PointRecord, now: number): 'deleting' | 'failed' | null {
  if (!p.deleting || p.deleting.at > now) return null;
  if (p.deleting.endAt > now) return 'deleting';
  return p.deleting.fails ? 'failed' : null;
}

/** Restore to a new resource: offered for caches and databases, not for operator-managed ones. */
export function cloneRefusal(p: PointRecord, now: number): string | null {
  if (p.operatorManaged) return `Restore to a new instance is unavailable for operator-managed ${p.engine} until validated.`;
  return stateRefusal(p, now);
}

export function stateRefusal(p: PointRecord, now: number): string | null {
  const s = pointState(p, now);
  if (s === 'creating') return 'The recovery point is still being created; it can be restored once it is available.';
  if (s === 'failed') return 'The recovery point failed and holds no usable data.';
  return null;
}

const LEGACY_STATUS: Record<string, string> = { available: 'completed', degraded: 'completed', creating: 'creating', failed: 'failed' };

/**
 * Sizes: `size_bytes` (v1.7.0) and the older decimal string, `size_mb` for caches, `size_gb`
 * otherwise. `size_basis` is null: the facts type it `string | null` without naming its values.
 */
function size(p: PointRecord): Record<string, string | number | null> {
  const legacy: Record<string, string> = p.product === 'cache' ? { size_mb: (p.sizeBytes / 1_048_576).toFixed(2) } : { size_gb: (p.sizeBytes / 1_073_741_824).toFixed(2) };
  return { size_bytes: p.sizeBytes, size_basis: null, ...legacy };
}

export function pointJson(p: PointRecord, now: number, dependedOn: boolean) {
  const restoreReason = replaceRefusal(p) ?? stateRefusal(p, now);
  const actions = [
    { name: 'restore', available: restoreReason === null, reason: restoreReason },
    {
      name: 'restore_to_new',
      available: stateRefusal(p, now) === null && !p.operatorManaged,
      reason: stateRefusal(p, now) ?? (p.operatorManaged ? 'Unavailable for operator-managed instances until validated.' : null),
    },
    {
      name: 'delete',
      available: !dependedOn && deletion(p, now) !== 'deleting',
      reason: dependedOn ? 'A restore operation depends on this point.' : deletion(p, now) === 'deleting' ? 'The point is being deleted.' : null,
    },
  ];
  if (p.protection === 'Second copy failed') actions.push({ name: 'retry_second_copy', available: true, reason: null });
  const state = pointState(p, now);
  // The facts' legacy status also tells a deletion: `deleting` while it runs, `error` when it failed.
  const gone = deletion(p, now);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    status: gone === 'deleting' ? 'deleting' : gone === 'failed' ? 'error' : (LEGACY_STATUS[state] ?? state),
    ...size(p),
    [`${p.product}_instance_id`]: p.resourceId,
    [`${p.product}_instance`]: { id: p.resourceId, name: p.resourceName },
    created_at: iso(p.createdAt),
    updated_at: iso(Math.min(now, Math.max(p.createdAt, p.readyAt))),
    origin: p.origin,
    state,
    protection: p.protection,
    actions,
  };
}

/** The matrix in the v1.7.0 shape: one row per product line and provider, each capability a word, the reasons in notes. */
export function capabilityRows(gates: Record<Product, boolean>) {
  const gate = (p: Product) => `Replace existing is behind a gate, opened per account: ${gates[p] ? 'open' : 'closed'} for this account.`;
  const row = (product: string, provider: string, deployment_kind: string, create: string, restore_to_new: string, replace_existing: string, point_in_time: string, notes: string | null) => ({
    product,
    provider,
    deployment_kind,
    create,
    restore_to_new,
    replace_existing,
    point_in_time,
    notes,
  });
  return [
    row('vps', 'vps', 'vm', 'yes', 'conditional', 'gated', 'no', `Restore to new when the exported copy is ready. ${gate('vps')}`),
    row('cache', 'redis', 'legacy', 'yes', 'yes', 'gated', 'no', gate('cache')),
    row('cache', 'redis', 'operator', 'yes', 'unavailable', 'unavailable', 'no', 'Until validated.'),
    row('cache', 'dragonfly', 'operator', 'yes', 'unavailable', 'unavailable', 'no', 'Until validated.'),
    row('database', 'mysql', 'legacy', 'yes', 'conditional', 'gated', 'no', `Restore to new through the clone action. ${gate('database')}`),
    row('database', 'postgresql', 'operator', 'yes', 'yes', 'no', 'conditional', 'Restore to new only. Point in time within the continuity window while continuity is healthy.'),
    row('database', 'mariadb', 'operator', 'yes', 'yes', 'no', 'no', 'Restore to new only; named physical backups only.'),
    row('database', 'mysql', 'operator', 'yes', 'yes', 'no', 'no', 'Restore to new only; named logical backups only: user accounts are restored, platform accounts created fresh.'),
  ];
}

export interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

export class RecoveryStore {
  readonly points: PointRecord[] = [];
  readonly operations: OperationRecord[] = [];
  readonly gates: Record<Product, boolean> = { vps: true, cache: true, database: false };
  /** Idempotency keys, per team. */
  readonly answers = new Map<string, StoredAnswer>();
  private opSeq = 1;

  list(product: Product, teamId: number): PointRecord[] {
    return this.points.filter((p) => p.product === product && p.teamId === teamId);
  }

  get(product: Product, teamId: number, rawId: string | undefined): PointRecord | undefined {
    return this.points.find((p) => p.product === product && p.teamId === teamId && String(p.id) === rawId);
  }

  /** Points whose deletion finished are gone (the API then answers 404 for them). */
  settle(now: number): this {
    for (let i = this.points.length - 1; i >= 0; i--) {
      const d = this.points[i]!.deleting;
      if (d && d.endAt <= now && !d.fails) this.points.splice(i, 1);
    }
    return this;
  }

  /** Starts deleting a point; a second DELETE while it runs is the same deletion. */
  startDeletion(p: PointRecord, now: number): void {
    if (deletion(p, now) === 'deleting') return;
    p.deleting = { at: now, endAt: now + DELETE_POINT_MS, fails: failsByName(p.name) };
  }

  activeOperation(resourceKey: string, now: number): OperationRecord | undefined {
    return this.operations.find((o) => o.resourceKey === resourceKey && o.endsAt > now);
  }

  dependedOn(p: PointRecord, now: number): boolean {
    return this.operations.some((o) => o.endsAt > now && (o.pointId === p.id || o.safetyPointId === p.id));
  }

  addPoint(p: Omit<PointRecord, 'id'> & { id?: number }): PointRecord {
    const top = this.points.reduce((m, x) => (x.product === p.product && x.id > m ? x.id : m), 0);
    const rec: PointRecord = { ...p, id: p.id ?? top + 1 };
    this.points.push(rec);
    return rec;
  }

  startOperation(p: PointRecord, safety: boolean, now: number): OperationRecord {
    const safetyPoint = safety
      ? this.addPoint({
          ...p,
          id: undefined,
          name: `safety-point-${p.resourceName}`,
          description: 'Taken automatically before a replace-existing restore',
          origin: 'safety_point',
          createdAt: now,
          readyAt: now + MINUTE,
          fixedState: null,
          protection: p.protection === null ? null : 'Local only',
        })
      : null;
    const op: OperationRecord = {
      id: uuidFrom(`restore-operation/${this.opSeq++}`),
      product: p.product,
      teamId: p.teamId,
      pointId: p.id,
      resourceKey: `${p.product}:${p.resourceId}`,
      resourceName: p.resourceName,
      safetyPointId: safetyPoint?.id ?? null,
      startedAt: now,
      endsAt: now + restoreMs(p.resourceName) + (safety ? MINUTE : 0),
      gated: this.gates[p.product],
      fails: failsByName(p.resourceName),
    };
    this.operations.push(op);
    return op;
  }
}

/** The resource type a restore operation names (the Laravel model, snake_cased). */
const RESOURCE_TYPE: Record<Product, string> = { vps: 'vps_instance', cache: 'cache_instance', database: 'database_instance' };

/** A console page (another host than the API): the `redirect` of a restore's 202. */
export function operationPage(o: OperationRecord): string {
  return `https://console.sim.local/operations/${o.id}`;
}

/**
 * A restore operation as GET /api/v1/operations/{id} answers it: the operations envelope's
 * members (kind "restore"), then the record docs/behaviour.md#api-recovery describes (stage, timeline, result).
 */
export function operationJson(o: OperationRecord, now: number, pollAfterMs: number) {
  const stages: Array<[number, string]> = [];
  let t = o.startedAt;
  if (o.safetyPointId) {
    stages.push([t, 'safety_point']);
    t += MINUTE;
  }
  stages.push([t, 'replacing'], [o.endsAt - MINUTE, 'verifying']);
  const done = now >= o.endsAt;
  const current = done ? (o.fails ? 'failed' : 'done') : ([...stages].reverse().find(([at]) => at <= now)?.[1] ?? 'queued');
  const result = done ? (o.fails ? 'failed' : 'succeeded') : null;
  return {
    operation_id: o.id,
    resource_id: o.resourceKey.slice(o.product.length + 1),
    resource_type: RESOURCE_TYPE[o.product],
    kind: 'restore',
    state: result ?? 'running',
    terminal: done,
    poll_after_ms: done ? null : pollAfterMs,
    revision: null,
    knative_revision: null,
    image: null,
    started_at: iso(o.startedAt),
    finished_at: done ? iso(o.endsAt) : null,
    error:
      done && o.fails ? { code: 'recovery.restore_failed', message: `The restore of ${o.resourceName} could not be verified running again.`, retryable: false, reason: 'VerificationFailed' } : null,
    product: o.product,
    point_id: o.pointId,
    resource_name: o.resourceName,
    safety_point_id: o.safetyPointId,
    stage: current,
    result,
    timeline: stages.filter(([at]) => at <= now).map(([at, stage]) => ({ at: iso(at), stage })),
  };
}
