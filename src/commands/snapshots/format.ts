// How recovery points read in a table: docs/behaviour.md#api-recovery words for origins, sizes a person can
// compare, and each action with the reason when it is unavailable.
import type { RecoveryPoint } from '../../client/schemas.js';
import { UsageError } from '../../cli/errors.js';
import { pointResource, RECOVERY_PRODUCTS, type RecoveryProduct } from '../../client/recovery.js';

export function productArg(raw: unknown): RecoveryProduct {
  const p = String(raw ?? '')
    .trim()
    .toLowerCase();
  const hit = RECOVERY_PRODUCTS.find((x) => x === p);
  if (!hit) throw new UsageError(`unknown product "${String(raw ?? '')}": use ${RECOVERY_PRODUCTS.join(', ')}`, "'infra recovery capabilities' shows what each product supports");
  return hit;
}

const ORIGINS: Record<string, string> = { manual: 'Manual', automated: 'Automated', safety_point: 'Safety point' };

export function originLabel(origin: string | null | undefined): string {
  if (!origin) return '';
  return ORIGINS[origin.toLowerCase()] ?? origin;
}

/** The spec's `state` where the server sends it, else the snapshot's `status`. */
export function stateOf(p: RecoveryPoint): string {
  return p.state ?? p.status ?? '';
}

/** Bytes from `size_bytes`, or the lists' `size_gb` / `size_mb` (sent as strings, read as numbers). */
export function sizeBytes(p: RecoveryPoint): number | undefined {
  if (p.size_bytes !== undefined && p.size_bytes !== null) return p.size_bytes;
  if (p.size_gb !== undefined && p.size_gb !== null) return Math.round(p.size_gb * 1024 ** 3);
  if (p.size_mb !== undefined && p.size_mb !== null) return Math.round(p.size_mb * 1024 ** 2);
  return undefined;
}

/** `restore, delete; restore_to_new: unavailable (the point is still being created)`. */
export function actionsText(actions: RecoveryPoint['actions']): string {
  if (!actions?.length) return '';
  const on = actions.filter((a) => a.available).map((a) => a.name);
  const off = actions.filter((a) => !a.available).map((a) => `${a.name}: unavailable${a.reason ? ` (${plain(a.reason)})` : ''}`);
  return [on.join(', '), ...off].filter(Boolean).join('; ');
}

/** A sentence from the API as a clause: lower-case start, no final period. */
export function plain(reason: string): string {
  const s = reason.trim().replace(/\.$/, '');
  // "The point..." → "the point...", but "PostgreSQL ..." stays as it is.
  return /^[A-Z][a-z-]*(?=[\s,;:]|$)/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

/** `name (id)` of the resource a point belongs to, as far as the API said. */
export function resourceLabel(p: RecoveryPoint, product: RecoveryProduct): string {
  const r = pointResource(p, product);
  return r.name ?? r.id ?? '';
}
