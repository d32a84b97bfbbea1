// --progress json: one event per change of what a person would see, then a final event.
import { describe, expect, it } from 'vitest';
import { eventStream, type ProgressEvent } from '../../src/wait/events.js';
import type { StatusRead, WaitEvent, WaitResult } from '../../src/wait/poller.js';

const T0 = Date.parse('2026-11-23T10:00:00Z');
const read = (summary: string, state: string, health = 'unknown', terminal = false): StatusRead => ({
  status_details: { summary, health, observed_at: '2026-11-23T10:00:00Z', stale: false, operation: { state, terminal } },
});
const status = (phase: 'queued' | 'rolling_out' | 'stale' | 'previous_rollout', r: StatusRead, elapsedMs: number): WaitEvent => ({
  type: 'status',
  decision: { kind: 'wait', phase, behind: false },
  container: r,
  elapsedMs,
  requests: 1,
});

function capture(generation?: number) {
  const lines: string[] = [];
  let now = T0;
  const sink = eventStream(
    { id: 'c-1', name: 'web', ...(generation === undefined ? {} : { generation }) },
    (l) => lines.push(l),
    () => now,
  );
  return { sink, lines, events: () => lines.map((l) => JSON.parse(l) as ProgressEvent), at: (ms: number) => (now = T0 + ms) };
}

describe('eventStream', () => {
  it('writes one compact line per change, with every field, and a final event', () => {
    const c = capture(4);
    c.sink.event(status('queued', read('ready', 'queued', 'healthy'), 0));
    c.at(1000);
    c.sink.event(status('queued', read('ready', 'queued', 'healthy'), 1000));
    c.at(2500);
    c.sink.event(status('rolling_out', read('in_progress', 'running'), 2500));
    c.sink.event({ type: 'slowdown', delayMs: 9000, rateLimit: { remaining: 1 }, elapsedMs: 2600 });
    c.at(12_040);
    const done: WaitResult = { outcome: 'ready', evidence: 'generation', deleted: false, elapsedMs: 12_040, requests: 4, container: read('ready', 'succeeded', 'healthy', true) };
    c.sink.final(done);
    expect(c.lines.every((l) => !l.includes('\n') && l.startsWith('{'))).toBe(true);
    expect(c.events()).toEqual([
      { time: '2026-11-23T10:00:00.000Z', id: 'c-1', name: 'web', generation: 4, phase: 'queued', summary: 'ready', health: 'healthy', operation: 'queued', elapsed_seconds: 0 },
      { time: '2026-11-23T10:00:02.500Z', id: 'c-1', name: 'web', generation: 4, phase: 'rolling_out', summary: 'in_progress', health: 'unknown', operation: 'running', elapsed_seconds: 2.5 },
      {
        time: '2026-11-23T10:00:12.040Z',
        id: 'c-1',
        name: 'web',
        generation: 4,
        phase: 'done',
        summary: 'ready',
        health: 'healthy',
        operation: 'succeeded',
        elapsed_seconds: 12,
        outcome: 'ready',
        evidence: 'generation',
      },
    ]);
  });

  it('without generations: generation null; a failed read is an event with the last status and the error', () => {
    const c = capture();
    c.sink.event(status('previous_rollout', read('ready', 'succeeded', 'healthy', true), 0));
    c.sink.event({ type: 'error', error: new Error('cannot reach the API'), elapsedMs: 1000, requests: 2 });
    c.sink.event({ type: 'error', error: new Error('cannot reach the API'), elapsedMs: 2000, requests: 3 });
    c.sink.final({ outcome: 'timeout', deleted: false, elapsedMs: 60_000, requests: 9 });
    const [first, err, last] = c.events();
    expect(c.events()).toHaveLength(3);
    expect(first).toMatchObject({ generation: null, phase: 'previous_rollout' });
    expect(err).toMatchObject({ phase: 'read_error', error: 'cannot reach the API', summary: 'ready', operation: 'succeeded' });
    expect(last).toMatchObject({ phase: 'done', outcome: 'timeout', evidence: null, summary: 'ready', elapsed_seconds: 60 });
  });
});
