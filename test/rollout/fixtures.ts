// Container reads as the API returns them, for the pure rollout tests.
import type { Container } from '../../src/client/schemas.js';

export interface Shape {
  summary?: string;
  health?: string;
  state?: string;
  terminal?: boolean;
  observed?: number;
  spec?: number;
  stale?: boolean;
  error?: { code: string; reason?: string; message?: string; retryable?: boolean };
}

export function container(s: Shape = {}): Container {
  return {
    id: 101,
    name: 'web',
    status: 'running',
    spec_generation: s.spec ?? 3,
    observed_generation: s.observed ?? 3,
    status_details: {
      summary: s.summary ?? 'ready',
      health: s.health ?? 'healthy',
      observed_at: '2025-01-01T00:00:00.000Z',
      stale: s.stale ?? false,
      operation: { state: s.state ?? 'succeeded', terminal: s.terminal ?? true },
      ...(s.error ? { error: s.error } : {}),
    },
  } as Container;
}
