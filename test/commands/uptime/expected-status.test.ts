import { describe, expect, it } from 'vitest';
import { describeExpectedStatus, expectedStatusOf } from '../../../src/commands/uptime/expected-status.js';

describe("--expect-status: the provider's grammar, and the numeric forms that mean the same", () => {
  it.each([
    ['2xx', '2xx'],
    ['2XX', '2xx'],
    [' 3xx ', '3xx'],
    ['2xx-3xx', '2xx-3xx'],
    ['2xx-2xx', '2xx'],
    ['exact:204', 'exact:204'],
    ['204', 'exact:204'],
    ['200-299', '2xx'],
    ['200-399', '2xx-3xx'],
    ['100-599', '1xx-5xx'],
  ])('%s is sent as %s', (input, wire) => expect(expectedStatusOf(input)).toBe(wire));

  it.each(['', 'ok', '99', '600', '6xx', '3xx-2xx', '200-204', '201-299', '300-299', 'exact:', 'exact:2xx', 'exact:600', '200.5', '2xx,3xx'])('%j has no form the API takes', (input) =>
    expect(expectedStatusOf(input)).toBeUndefined(),
  );

  it('reads the wire form back as people write it', () => {
    expect(describeExpectedStatus('exact:204')).toBe('204');
    expect(describeExpectedStatus('2xx-3xx')).toBe('2xx-3xx');
  });
});
