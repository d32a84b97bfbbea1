// `serverless logs --follow`: each poll asks from the newest timestamp written and drops the repeats.
import { describe, expect, it } from 'vitest';
import { FollowTracker } from '../../../src/commands/kit/logs-follow.js';
import type { LogEntry } from '../../../src/client/schemas.js';

const e = (t: string, message: string, extra: Partial<LogEntry> = {}): LogEntry => ({ timestamp: `2025-03-10T12:00:${t}Z`, message, container: 'user-container', level: 'info', ...extra });

describe('FollowTracker', () => {
  it('has no since before anything was seen', () => {
    expect(new FollowTracker().since).toBeUndefined();
  });

  it('polls from the newest timestamp and drops what was written at it', () => {
    const t = new FollowTracker();
    t.track([e('01', 'a'), e('02', 'b'), e('02', 'c')]);
    expect(t.since).toBe('2025-03-10T12:00:02.000Z');
    t.beginPoll();
    // The API answers inclusively from `since`: b and c again, plus a new line at the same ms and a later one.
    expect(t.fresh([e('02', 'b'), e('02', 'c'), e('02', 'd'), e('03', 'e')]).map((x) => x.message)).toEqual(['d', 'e']);
    expect(t.since).toBe('2025-03-10T12:00:03.000Z');
    t.beginPoll();
    expect(t.fresh([e('03', 'e')])).toEqual([]);
  });

  it('keeps identical lines in the same millisecond as a multiset', () => {
    const t = new FollowTracker();
    t.track([e('05', 'same')]);
    t.beginPoll();
    expect(t.fresh([e('05', 'same'), e('05', 'same')]).length).toBe(1);
    t.beginPoll();
    expect(t.fresh([e('05', 'same'), e('05', 'same')]).length).toBe(0);
  });

  it('spreads a poll over several pages with the same base', () => {
    const t = new FollowTracker();
    t.track([e('05', 'x')]);
    t.beginPoll();
    expect(t.fresh([e('05', 'x'), e('06', 'y')]).map((x) => x.message)).toEqual(['y']);
    // second page of the same poll: older than the base → dropped; newer → kept
    expect(t.fresh([e('04', 'old'), e('07', 'z')]).map((x) => x.message)).toEqual(['z']);
  });

  it('tracks across backlog pages that end on the same millisecond', () => {
    const t = new FollowTracker();
    t.track([e('01', 'a'), e('09', 'b')]);
    t.track([e('09', 'c')]);
    t.beginPoll();
    expect(t.fresh([e('09', 'b'), e('09', 'c'), e('10', 'd')]).map((x) => x.message)).toEqual(['d']);
  });
});
