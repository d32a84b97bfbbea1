// What counts as unhealthy on the board (docs/behaviour.md#status-board): a resource that
// failed, or serves in a degraded way, is a problem now; one on its way somewhere (deploying,
// provisioning, stopping) is not yet anything, and `--exit-status` must not fail a pipeline
// because a deploy happens to be running. A stopped or paused resource was stopped on purpose.

/** The board's verdict of one resource, worst first. */
export type Health = 'unhealthy' | 'unknown' | 'transitional' | 'idle' | 'healthy';

export const HEALTH_ORDER: readonly Health[] = ['unhealthy', 'unknown', 'transitional', 'idle', 'healthy'];

// The status model's summaries and health words, then the products' own status words (legacy
// statuses of VPS, apps, buckets, static sites, uptime checks) that say the same things.
const UNHEALTHY = new Set(['failed', 'degraded', 'error', 'errored', 'unhealthy', 'down', 'crashed', 'crash_loop', 'build_failed', 'open', 'firing']);
const TRANSITIONAL = new Set([
  'pending',
  'in_progress',
  'queued',
  'creating',
  'provisioning',
  'deploying',
  'building',
  'starting',
  'stopping',
  'restarting',
  'rebooting',
  'resizing',
  'updating',
  'upgrading',
  'reinstalling',
  'restoring',
  'migrating',
  'deleting',
  'destroying',
  'detaching',
  'attaching',
]);
const IDLE = new Set(['stopped', 'paused', 'suspended', 'disabled', 'inactive']);
const HEALTHY = new Set(['ready', 'running', 'active', 'up', 'available', 'healthy', 'deployed', 'online', 'attached', 'detached', 'ok', 'succeeded', 'completed']);

/** The verdict of a status word, and of the health beside it when the API gives one. */
export function classify(state: string, health?: string, inFlight = false): Health {
  const s = state.toLowerCase();
  if (UNHEALTHY.has(s)) return 'unhealthy';
  // An operation under way (status_details.operation.terminal false): whatever the summary
  // says of the last settled state, the resource is on its way somewhere.
  if (TRANSITIONAL.has(s) || inFlight) return 'transitional';
  if (IDLE.has(s)) return 'idle';
  // Settled and said to be ready, yet what serves is not well: a problem now. `unknown` health
  // during a rollout is not (the rollout was caught above).
  const h = health?.toLowerCase();
  if (h === 'unhealthy' || h === 'degraded') return 'unhealthy';
  if (HEALTHY.has(s)) return 'healthy';
  return 'unknown';
}

/** Worst first: the order of the board's rows. */
export function healthRank(h: Health): number {
  return HEALTH_ORDER.indexOf(h);
}
