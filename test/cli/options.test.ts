import { describe, expect, it } from 'vitest';
import { durationOption } from '../../src/cli/options.js';

describe('durationOption', () => {
  it('names the flag in the error', () => {
    expect(durationOption('--timeout')('2m')).toBe(120_000);
    expect(() => durationOption('--timeout')('2x')).toThrow(/^--timeout: "2x" is not a duration/);
    expect(() => durationOption('--interval', { min: 100 })('10ms')).toThrow('--interval must be at least 100ms');
  });
});
