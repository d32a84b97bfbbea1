// How `serverless logs` prints entries: human lines and NDJSON.
import { describe, expect, it } from 'vitest';
import { humanLines, ndjson } from '../../../src/commands/kit/logs-format.js';
import { plainStyle } from '../../../src/output/color.js';
import type { LogEntry } from '../../../src/client/schemas.js';

const e = (t: string, message: string, extra: Partial<LogEntry> = {}): LogEntry => ({ timestamp: `2025-03-10T12:00:${t}Z`, message, container: 'user-container', level: 'info', ...extra });

describe('log rendering', () => {
  it('human: timestamp, container, level, message on one line', () => {
    const out = humanLines(plainStyle)([e('01', 'hello\nworld', { level: 'error' }), e('02', 'x', { level: null, container: 'queue-proxy' })]);
    expect(out).toBe('2025-03-10T12:00:01Z  user-container  error  hello\\nworld\n2025-03-10T12:00:02Z  queue-proxy     -      x\n');
  });

  it('NDJSON: one entry per line with every field', () => {
    const out = ndjson([e('01', 'a', { extra: 1 } as Partial<LogEntry>), e('02', 'b')]);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject({ message: 'a', extra: 1 });
  });
});
