// What a slow request says, and when (src/output/request-watch.ts): the schedule as a table,
// then the watch itself on fake timers (nothing sleeps).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notices, RequestWatch, waitingText } from '../../src/output/request-watch.js';
import type { Progress } from '../../src/output/progress.js';

describe('notices: when a quiet request speaks', () => {
  it.each([
    [
      'terminal, 60 s limit',
      true,
      60_000,
      [
        { atMs: 2_000, kind: 'spinner' },
        { atMs: 30_000, kind: 'limit' },
      ],
    ],
    [
      'piped, 60 s limit',
      false,
      60_000,
      [
        { atMs: 10_000, kind: 'line' },
        { atMs: 30_000, kind: 'limit' },
      ],
    ],
    ['piped, 12 s limit: the line at 10 s is the only one', false, 12_000, [{ atMs: 10_000, kind: 'line' }]],
    [
      'terminal, 6 s limit',
      true,
      6_000,
      [
        { atMs: 2_000, kind: 'spinner' },
        { atMs: 3_000, kind: 'limit' },
      ],
    ],
    ['piped, 5 s limit: it ends before anything is due', false, 5_000, []],
  ] as const)('%s', (_name, live, limit, expected) => {
    expect(notices(live, limit)).toEqual(expected);
  });

  it('names the endpoint, the time so far and when the client gives up', () => {
    expect(waitingText('GET /api/v1/vps', 2_000, 60_000, 'spinner')).toBe('waiting for an answer from GET /api/v1/vps (gives up at 1m)');
    expect(waitingText('GET /api/v1/vps', 30_000, 60_000, 'limit')).toBe('no answer from GET /api/v1/vps for 30s; giving up at 1m');
  });
});

describe('RequestWatch on fake timers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function watch(live: boolean, busy = false) {
    const lines: string[] = [];
    const spinners: { texts: string[]; stopped: boolean }[] = [];
    const w = new RequestWatch({
      live,
      quiet: false,
      line: (t) => lines.push(t),
      spinner: async (text): Promise<Progress> => {
        const s = { texts: [text], stopped: false };
        spinners.push(s);
        return { update: (t) => s.texts.push(t), done() {}, stop: () => void (s.stopped = true) };
      },
      busy: () => busy,
      now: () => Date.now(),
      timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as NodeJS.Timeout) },
    });
    return { w, lines, spinners };
  }

  it('a fast answer says nothing', async () => {
    const { w, lines, spinners } = watch(true);
    const end = w.begin('GET /api/v1/vps', 60_000);
    await vi.advanceTimersByTimeAsync(1_900);
    end();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(lines).toEqual([]);
    expect(spinners).toEqual([]);
  });

  it('on a terminal: a spinner at 2 s, the limit said at half of it, stopped by the answer', async () => {
    const { w, lines, spinners } = watch(true);
    const end = w.begin('GET /api/v1/vps', 60_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(spinners).toHaveLength(1);
    expect(spinners[0]!.texts).toEqual(['waiting for an answer from GET /api/v1/vps (gives up at 1m)']);
    await vi.advanceTimersByTimeAsync(28_000);
    expect(spinners[0]!.texts.at(-1)).toBe('no answer from GET /api/v1/vps for 30s; giving up at 1m');
    end();
    expect(spinners[0]!.stopped).toBe(true);
    expect(lines).toEqual([]);
  });

  it('piped: one line at 10 s, the limit at half of it', async () => {
    const { w, lines, spinners } = watch(false);
    w.begin('GET /api/v1/vps', 60_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(lines).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(lines).toEqual(['no answer from GET /api/v1/vps for 10s; giving up at 1m']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(lines).toEqual(['no answer from GET /api/v1/vps for 10s; giving up at 1m', 'no answer from GET /api/v1/vps for 30s; giving up at 1m']);
    expect(spinners).toEqual([]);
  });

  it("under a wait's spinner: no second spinner, no line torn by its redraws", async () => {
    const { w, lines, spinners } = watch(true, true);
    w.begin('GET /api/v1/serverless/x', 60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(spinners).toEqual([]);
    expect(lines).toEqual([]);
  });
});
