import { describe, expect, it } from 'vitest';
import { usageLines } from '../../src/cli/usage-message.js';

describe('usage errors', () => {
  it.each([
    [
      "error: option '--timeout <duration>' argument '5x' is invalid. --timeout: \"5x\" is not a duration.\n",
      ['serverless', 'update'],
      ['error: --timeout: "5x" is not a duration.', "hint: see 'infra serverless update --help'"],
    ],
    ["error: option '--size <n>' argument 'big' is invalid. must be a number.\n", ['vps', 'create'], ['error: --size: "big": must be a number.', "hint: see 'infra vps create --help'"]],
    [
      "error: unknown option '--stat'\n(Did you mean --status?)\n",
      ['serverless', 'list'],
      ["error: unknown option '--stat'", 'hint: did you mean --status?', "hint: see 'infra serverless list --help'"],
    ],
    ['', [], ['error: invalid usage', "hint: run 'infra --help' or 'infra <command> --help' for usage"]],
  ])('%j', (text, path, lines) => {
    expect(usageLines(text, path)).toEqual(lines);
  });
});
