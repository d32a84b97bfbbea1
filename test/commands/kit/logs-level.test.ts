// `--level` at or above (src/commands/serverless/logs-format.ts atOrAbove): a table.
import { describe, expect, it } from 'vitest';
import { atOrAbove } from '../../../src/commands/kit/logs-format.js';

describe('atOrAbove', () => {
  it.each([
    ['info', 'error', false],
    ['warn', 'error', false],
    ['error', 'error', true],
    ['ERROR', 'error', true],
    ['fatal', 'error', true],
    ['warning', 'warn', true],
    ['debug', 'info', false],
    ['error', 'debug', true],
    // No structured level, or one this client does not know: the API's text match stands.
    [undefined, 'error', true],
    [null, 'error', true],
    ['verbose', 'error', true],
  ] as const)('%s under --level %s → %s', (level, min, shown) => {
    expect(atOrAbove(level, min)).toBe(shown);
  });
});
