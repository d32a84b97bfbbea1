// Container reads as the API returns them, for the pure rollout tests.
import type { Container } from '../../src/client/schemas.js';

export interface Shape {
  summary?: string;
  health?: string;
  state?: string;
  terminal?: boolean;
  /** observed_generation; `null` leaves both generations out (a server that predates them). */
  observed?: number | null;
  spec?: number;
  stale?: boolean;
  observedAt?: string;
  revision?: string | null;
  deployments?: number;
  pollAfterMs?: number;
  error?: { code: string; reason?: string; message?: string; retryable?: boolean };
}

export function container(s: Shape = {}): Container {
  const generations = s.observed === null ? {} : { spec_generation: s.spec ?? 3, observed_generation: s.observed ?? 3 };
  return {
    id: 'srv-101',
    name: 'web',
    status: 'running',
    ...generations,
    current_revision: s.revision === undefined ? 'web-00003' : s.revision,
    deployment_count: s.deployments ?? 3,
    status_details: {
      summary: s.summary ?? 'ready',
      health: s.health ?? 'healthy',
      observed_at: s.observedAt ?? '2025-01-01T00:00:00.000Z',
      stale: s.stale ?? false,
      operation: { state: s.state ?? 'succeeded', terminal: s.terminal ?? true, ...(s.pollAfterMs ? { poll_after_ms: s.pollAfterMs } : {}) },
      ...(s.error ? { error: s.error } : {}),
    },
  } as Container;
}
