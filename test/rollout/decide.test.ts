import { describe, expect, it } from 'vitest';
import { decide } from '../../src/rollout/decide.js';
import { container, type Shape } from './fixtures.js';

// Target generation G = 3 throughout.
const G = 3;

interface Row {
  name: string;
  shape: Shape;
  expected: Record<string, unknown>;
}

const rows: Row[] = [
  // observed < G
  { name: 'first change, nothing started (pending/queued)', shape: { summary: 'pending', health: 'unknown', state: 'queued', terminal: false, observed: 0 }, expected: { kind: 'wait', phase: 'queued', behind: false } },
  { name: 'queued after a settled rollout', shape: { summary: 'ready', state: 'queued', terminal: false, observed: 2 }, expected: { kind: 'wait', phase: 'queued', behind: false } },
  { name: 'queued behind another running rollout', shape: { summary: 'in_progress', health: 'unknown', state: 'running', terminal: false, observed: 2 }, expected: { kind: 'wait', phase: 'queued', behind: true, observedGeneration: 2 } },
  { name: 'terminal ready of the previous rollout', shape: { summary: 'ready', state: 'succeeded', terminal: true, observed: 2 }, expected: { kind: 'wait', phase: 'previous_rollout' } },
  { name: 'terminal failed of the previous rollout', shape: { summary: 'failed', state: 'failed', terminal: true, observed: 2 }, expected: { kind: 'wait', phase: 'previous_rollout' } },
  { name: 'terminal degraded of the previous rollout', shape: { summary: 'degraded', state: 'failed', terminal: true, observed: 1 }, expected: { kind: 'wait', phase: 'previous_rollout' } },
  // observed >= G, in flight
  { name: 'rolling out, health unknown is not a failure', shape: { summary: 'in_progress', health: 'unknown', state: 'running', terminal: false }, expected: { kind: 'wait', phase: 'rolling_out' } },
  { name: 'rolling out with an unknown future summary', shape: { summary: 'reconciling_v2', health: 'whatever', state: 'running', terminal: false }, expected: { kind: 'wait', phase: 'rolling_out' } },
  { name: 'observed >= G, state queued, not terminal', shape: { state: 'queued', terminal: false }, expected: { kind: 'wait', phase: 'rolling_out' } },
  // stale
  { name: 'stale terminal ready is not trusted', shape: { stale: true }, expected: { kind: 'wait', phase: 'stale' } },
  { name: 'stale terminal failed is not trusted', shape: { stale: true, summary: 'failed', state: 'failed' }, expected: { kind: 'wait', phase: 'stale' } },
  { name: 'stale in flight', shape: { stale: true, summary: 'in_progress', state: 'running', terminal: false, observed: 2 }, expected: { kind: 'wait', phase: 'stale' } },
  // finished: order degraded → ready → cancelled → failed
  { name: 'ready', shape: {}, expected: { kind: 'done', outcome: 'ready', merged: false, summary: 'ready', unknownState: false } },
  { name: 'succeeded with summary stopped still counts as ready (summary named)', shape: { summary: 'stopped', health: 'unknown' }, expected: { kind: 'done', outcome: 'ready', summary: 'stopped' } },
  { name: 'succeeded, ready, health unhealthy (ingress)', shape: { health: 'unhealthy' }, expected: { kind: 'done', outcome: 'ready' } },
  { name: 'degraded (operation failed)', shape: { summary: 'degraded', state: 'failed' }, expected: { kind: 'done', outcome: 'degraded' } },
  { name: 'degraded wins over succeeded', shape: { summary: 'degraded', state: 'succeeded' }, expected: { kind: 'done', outcome: 'degraded' } },
  { name: 'degraded wins over cancelled', shape: { summary: 'degraded', state: 'cancelled' }, expected: { kind: 'done', outcome: 'degraded' } },
  { name: 'cancelled', shape: { summary: 'ready', state: 'cancelled' }, expected: { kind: 'done', outcome: 'cancelled' } },
  { name: 'failed', shape: { summary: 'failed', health: 'unhealthy', state: 'failed', error: { code: 'serverless.image_not_found' } }, expected: { kind: 'done', outcome: 'failed', unknownState: false } },
  { name: 'unknown terminal state counts as failed', shape: { summary: 'ready', state: 'superseded' }, expected: { kind: 'done', outcome: 'failed', unknownState: true } },
  { name: 'unknown summary with succeeded is ready', shape: { summary: 'hibernating' }, expected: { kind: 'done', outcome: 'ready', summary: 'hibernating' } },
  { name: 'legacy status is ignored', shape: { summary: 'failed', state: 'failed' }, expected: { kind: 'done', outcome: 'failed' } },
  // merged changes (rule 5)
  { name: 'observed jumped past G: ready for G', shape: { observed: 5, spec: 5 }, expected: { kind: 'done', outcome: 'ready', merged: true, observedGeneration: 5 } },
  { name: 'observed jumped past G: failed for G', shape: { observed: 4, spec: 4, summary: 'failed', state: 'failed' }, expected: { kind: 'done', outcome: 'failed', merged: true } },
  { name: 'observed past G and still in flight', shape: { observed: 4, spec: 4, summary: 'in_progress', state: 'running', terminal: false }, expected: { kind: 'wait', phase: 'rolling_out' } },
];

describe('decide(container, G)', () => {
  it.each(rows)('$name', ({ shape, expected }) => {
    expect(decide(container(shape), G)).toMatchObject(expected);
  });

  it('never consults the legacy status string', () => {
    const c = container({ summary: 'in_progress', state: 'running', terminal: false });
    for (const status of ['running', 'failed', 'stopped', 'ready', undefined]) {
      expect(decide({ ...c, status } as typeof c, G)).toMatchObject({ kind: 'wait', phase: 'rolling_out' });
    }
  });

  it('never throws on odd values', () => {
    for (const summary of ['', 'READY', 'x'.repeat(200)])
      for (const state of ['', 'unknown', 'RUNNING'])
        for (const terminal of [true, false])
          expect(() => decide(container({ summary, state, terminal }), G)).not.toThrow();
  });
});
