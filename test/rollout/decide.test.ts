import { describe, expect, it } from 'vitest';
import { baselineOf, changeBaseline, decide, isFresh, type Baseline } from '../../src/wait/decide.js';
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
  {
    name: 'first change, nothing started (pending/queued)',
    shape: { summary: 'pending', health: 'unknown', state: 'queued', terminal: false, observed: 0 },
    expected: { kind: 'wait', phase: 'queued', behind: false },
  },
  { name: 'queued after a settled rollout', shape: { summary: 'ready', state: 'queued', terminal: false, observed: 2 }, expected: { kind: 'wait', phase: 'queued', behind: false } },
  {
    name: 'queued behind another running rollout',
    shape: { summary: 'in_progress', health: 'unknown', state: 'running', terminal: false, observed: 2 },
    expected: { kind: 'wait', phase: 'queued', behind: true, observedGeneration: 2 },
  },
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
  {
    name: 'failed',
    shape: { summary: 'failed', health: 'unhealthy', state: 'failed', error: { code: 'serverless.image_not_found' } },
    expected: { kind: 'done', outcome: 'failed', unknownState: false },
  },
  { name: 'unknown terminal state counts as failed', shape: { summary: 'ready', state: 'superseded' }, expected: { kind: 'done', outcome: 'failed', unknownState: true } },
  { name: 'unknown summary with succeeded is ready', shape: { summary: 'hibernating' }, expected: { kind: 'done', outcome: 'ready', summary: 'hibernating' } },
  { name: 'legacy status is ignored', shape: { summary: 'failed', state: 'failed' }, expected: { kind: 'done', outcome: 'failed' } },
  // merged changes (rule 5)
  { name: 'observed jumped past G: ready for G', shape: { observed: 5, spec: 5 }, expected: { kind: 'done', outcome: 'ready', merged: true, observedGeneration: 5 } },
  { name: 'observed jumped past G: failed for G', shape: { observed: 4, spec: 4, summary: 'failed', state: 'failed' }, expected: { kind: 'done', outcome: 'failed', merged: true } },
  { name: 'observed past G and still in flight', shape: { observed: 4, spec: 4, summary: 'in_progress', state: 'running', terminal: false }, expected: { kind: 'wait', phase: 'rolling_out' } },
];

describe('decide(container, {generation: G})', () => {
  it.each(rows)('$name', ({ shape, expected }) => {
    expect(decide(container(shape), { generation: G })).toMatchObject({ ...expected, ...(expected.kind === 'done' ? { evidence: 'generation' } : {}) });
  });

  it('never consults the legacy status string', () => {
    const c = container({ summary: 'in_progress', state: 'running', terminal: false });
    for (const status of ['running', 'failed', 'stopped', 'ready', undefined]) {
      expect(decide({ ...c, status } as typeof c, { generation: G })).toMatchObject({ kind: 'wait', phase: 'rolling_out' });
    }
  });

  it('never throws on odd values', () => {
    for (const summary of ['', 'READY', 'x'.repeat(200)])
      for (const state of ['', 'unknown', 'RUNNING']) for (const terminal of [true, false]) expect(() => decide(container({ summary, state, terminal }), { generation: G })).not.toThrow();
  });
});

// A server without generations (contract 6.8): the read before the change is the baseline.
const BEFORE: Baseline = { observed_at: '2025-01-01T00:00:00.000Z', current_revision: 'web-00003', deployment_count: 3 };
const gone = { observed: null } as const;

const freshRows: { name: string; shape: Shape; baseline: Baseline | null; expected: Record<string, unknown> }[] = [
  { name: 'terminal, nothing moved: the previous rollout', shape: { ...gone }, baseline: BEFORE, expected: { kind: 'wait', phase: 'previous_rollout' } },
  { name: 'terminal failed, nothing moved: not this change', shape: { ...gone, summary: 'failed', state: 'failed' }, baseline: BEFORE, expected: { kind: 'wait', phase: 'previous_rollout' } },
  {
    name: 'observed_at moved, in flight',
    shape: { ...gone, observedAt: '2025-01-01T00:00:05.000Z', summary: 'in_progress', state: 'running', terminal: false },
    baseline: BEFORE,
    expected: { kind: 'wait', phase: 'rolling_out' },
  },
  { name: 'observed_at moved, queued', shape: { ...gone, observedAt: '2025-01-01T00:00:05.000Z', state: 'queued', terminal: false }, baseline: BEFORE, expected: { kind: 'wait', phase: 'queued' } },
  { name: 'deployment_count moved, ready', shape: { ...gone, deployments: 4 }, baseline: BEFORE, expected: { kind: 'done', outcome: 'ready', evidence: 'fresh_observation', merged: false } },
  {
    name: 'current_revision moved, degraded',
    shape: { ...gone, revision: 'web-00004', summary: 'degraded', state: 'failed' },
    baseline: BEFORE,
    expected: { kind: 'done', outcome: 'degraded', evidence: 'fresh_observation' },
  },
  { name: 'a create: any read is fresh', shape: { ...gone }, baseline: null, expected: { kind: 'done', outcome: 'ready', evidence: 'fresh_observation' } },
  { name: 'stale wins over fresh', shape: { ...gone, deployments: 4, stale: true }, baseline: BEFORE, expected: { kind: 'wait', phase: 'stale' } },
  { name: 'generations present: they decide, not the baseline', shape: { observed: 2 }, baseline: BEFORE, expected: { kind: 'wait', phase: 'previous_rollout' } },
];

describe('decide(container, {baseline}) without generations', () => {
  it.each(freshRows)('$name', ({ shape, baseline, expected }) => {
    const target = shape.observed === null ? { baseline } : { generation: G, baseline };
    expect(decide(container(shape), target)).toMatchObject(expected);
  });

  it('never a success from a read that is not fresh, whatever its status', () => {
    for (const summary of ['ready', 'failed', 'degraded'])
      for (const state of ['succeeded', 'failed', 'cancelled']) expect(decide(container({ ...gone, summary, state }), { baseline: BEFORE })).toMatchObject({ kind: 'wait', phase: 'previous_rollout' });
  });

  it('neither generations nor status_details: impossible, naming the field', () => {
    const c = { ...container({ ...gone }), status_details: undefined };
    expect(decide(c, { baseline: BEFORE })).toEqual({ kind: 'impossible', missing: 'status_details' });
    const noOp = { ...container({ ...gone }), status_details: { summary: 'ready' } };
    expect(decide(noOp, { baseline: BEFORE })).toEqual({ kind: 'impossible', missing: 'status_details.operation.terminal' });
  });

  it('a change on a server without generations whose reads carry none of observed_at, current_revision, deployment_count: impossible (it timed out)', () => {
    const bare = container({ ...gone });
    const read = { ...bare, current_revision: undefined, deployment_count: undefined, status_details: { ...bare.status_details!, observed_at: undefined } };
    expect(decide(read, { baseline: BEFORE })).toEqual({ kind: 'impossible', missing: 'status_details.observed_at' });
    // A create has nothing earlier to confuse it with: the read decides.
    expect(decide(read, { baseline: null })).toMatchObject({ kind: 'done', outcome: 'ready' });
  });

  it('a generation to wait for but a read without observed_generation and no baseline: impossible', () => {
    expect(decide(container({ ...gone }), { generation: 3 })).toEqual({ kind: 'impossible', missing: 'observed_generation' });
  });

  it('no change to compare with (serverless wait on such a server): the current operation decides', () => {
    expect(decide(container({ ...gone }), {})).toMatchObject({ kind: 'done', outcome: 'ready', evidence: 'settled' });
    expect(decide(container({ ...gone, state: 'running', terminal: false }), {})).toMatchObject({ kind: 'wait', phase: 'rolling_out' });
  });
});

describe('isFresh / baselineOf', () => {
  it('compares server values only', () => {
    const before = baselineOf(container({ ...gone }));
    expect(before).toEqual({ ...BEFORE, summary: 'ready', in_flight: false, settled: true });
    expect(isFresh(container({ ...gone }), before)).toBe(false);
    expect(isFresh(container({ ...gone, revision: null }), before)).toBe(true);
    expect(isFresh(container({ ...gone, deployments: 4 }), before)).toBe(true);
  });

  it('observed_at alone is a re-observation until a rollout was seen in flight after the write', () => {
    const before = baselineOf(container({ ...gone }));
    const later = container({ ...gone, observedAt: '2025-01-01T00:00:09.000Z' });
    expect(isFresh(later, before)).toBe(false);
    expect(isFresh(later, before, { inFlight: true })).toBe(true);
    // The write's answer already showed the change in flight: that counts as seen.
    expect(isFresh(later, { ...before, in_flight: true })).toBe(true);
  });

  it('a resume that knows only a time (--observed-after) also needs the operation seen in flight', () => {
    const resumed: Baseline = { observed_at: '2025-01-01T00:00:00.000Z', observedAfter: true };
    const reread = container({ ...gone, observedAt: '2025-01-01T00:05:00.000Z' });
    expect(isFresh(reread, resumed)).toBe(false);
    expect(isFresh(reread, resumed, { inFlight: true })).toBe(true);
  });

  it('a field the read lacks is no evidence', () => {
    const c = { ...container({ ...gone }), current_revision: undefined, deployment_count: undefined };
    expect(isFresh(c, BEFORE, { inFlight: true })).toBe(false);
  });

  it('a baseline taken while another rollout was in flight (not settled) needs a new deployment', () => {
    const before = baselineOf(container({ ...gone, summary: 'in_progress', state: 'running', terminal: false }));
    expect(before).toMatchObject({ in_flight: true, settled: false });
    // The earlier rollout finishing moves observed_at and current_revision: not this change.
    expect(isFresh(container({ ...gone, observedAt: '2025-01-01T00:01:00.000Z', revision: 'web-00004' }), before, { inFlight: true })).toBe(false);
    expect(isFresh(container({ ...gone, observedAt: '2025-01-01T00:01:00.000Z', deployments: 4 }), before)).toBe(true);
  });

  it('changeBaseline: revision and deployments from the settled read, observed_at from the last word', () => {
    const settled = container({ ...gone });
    const answer = container({ ...gone, observedAt: '2025-01-01T00:00:03.000Z', summary: 'in_progress', state: 'queued', terminal: false });
    expect(changeBaseline(settled, answer)).toEqual({ ...BEFORE, summary: 'ready', observed_at: '2025-01-01T00:00:03.000Z', in_flight: true, settled: true });
    expect(changeBaseline(settled, undefined)).toEqual({ ...BEFORE, summary: 'ready', in_flight: false, settled: true });
  });
});

describe("decide with the change's own operation (rule 8d)", () => {
  const op = (operation_id: string, state: string, terminal: boolean) => ({ operation_id, state, terminal });
  const target = { baseline: BEFORE, operationBefore: 'op-1' };
  const rows: { name: string; read: Parameters<typeof decide>[0]; expected: Record<string, unknown> }[] = [
    {
      name: 'the operation from before the write: not this change',
      read: { ...container({ ...gone, deployments: 4 }), latest_operation: op('op-1', 'succeeded', true) },
      expected: { kind: 'wait', phase: 'previous_rollout' },
    },
    { name: 'a new operation in flight', read: { ...container({ ...gone }), latest_operation: op('op-2', 'running', false) }, expected: { kind: 'wait', phase: 'rolling_out' } },
    { name: 'a new operation queued', read: { ...container({ ...gone }), latest_operation: op('op-2', 'queued', false) }, expected: { kind: 'wait', phase: 'queued' } },
    {
      name: 'a new operation succeeded, whatever the container still says',
      read: { ...container({ ...gone, summary: 'failed', state: 'failed' }), latest_operation: op('op-2', 'succeeded', true) },
      expected: { kind: 'done', outcome: 'ready', evidence: 'operation' },
    },
    {
      name: 'a new operation failed while the previous revision serves: degraded',
      read: { ...container({ ...gone, summary: 'degraded', state: 'failed' }), latest_operation: op('op-2', 'failed', true) },
      expected: { kind: 'done', outcome: 'degraded', evidence: 'operation' },
    },
    {
      name: 'a new operation failed',
      read: { ...container({ ...gone }), latest_operation: { ...op('op-2', 'failed', true), error: { code: 'serverless.crash_loop', message: 'm', retryable: false } } },
      expected: { kind: 'done', outcome: 'failed', evidence: 'operation', error: { code: 'serverless.crash_loop' } },
    },
    { name: 'a new operation cancelled', read: { ...container({ ...gone }), latest_operation: op('op-2', 'cancelled', true) }, expected: { kind: 'done', outcome: 'cancelled' } },
    {
      name: 'the route answered 404 mid-wait: the fresh-observation rule',
      read: { ...container({ ...gone, deployments: 4 }), latest_operation: null },
      expected: { kind: 'done', outcome: 'ready', evidence: 'fresh_observation' },
    },
    { name: 'no operation before the write, one now', read: { ...container({ ...gone }), latest_operation: op('op-9', 'succeeded', true) }, expected: { kind: 'done', outcome: 'ready' } },
  ];
  it.each(rows)('$name', ({ read, expected }) => {
    const t = expected.outcome === 'ready' && read.latest_operation?.operation_id === 'op-9' ? { ...target, operationBefore: null } : target;
    expect(decide(read, t)).toMatchObject(expected);
  });
});
