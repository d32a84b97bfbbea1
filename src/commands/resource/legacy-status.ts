// A family whose resources carry only a legacy status word (a firewall's `applying`, a
// cluster's `provisioning`) is read as the shared status model, so the one wait serves it too.
// The family says what each word means; the model's fields for each meaning are made here once.
import type { Resource } from '../../client/resources.js';

/** What a legacy status means: a change under way (`pending` or `in_progress`), a deletion, a failure, ready; undefined: settled as it is. */
export type LegacyPhase = 'pending' | 'in_progress' | 'deleting' | 'failed' | 'ready' | undefined;

const RUNNING = { state: 'running', terminal: false };
const SETTLED = { state: 'succeeded', terminal: true };

/** `r` with the status_details its legacy `status` means; `observedAt` where the family has a time that moves with the status. */
export function withLegacyStatus(r: Resource, status: string, phase: LegacyPhase, observedAt: unknown = null): Resource {
  const base = { observed_at: observedAt ?? null, stale: false, error: null };
  const details =
    phase === 'pending' || phase === 'in_progress' || phase === 'deleting'
      ? { ...base, summary: phase === 'deleting' ? 'deleting' : phase, health: 'unknown', operation: RUNNING }
      : phase === 'failed'
        ? { ...base, summary: 'failed', health: 'unhealthy', operation: { state: 'failed', terminal: true } }
        : phase === 'ready'
          ? { ...base, summary: 'ready', health: 'healthy', operation: SETTLED }
          : { ...base, summary: status, health: 'unknown', operation: SETTLED };
  return { ...r, status_details: details } as Resource;
}
