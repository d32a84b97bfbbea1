import { describe, expect, it } from 'vitest';
import { colorEnabled } from '../../src/output/color.js';

describe('colorEnabled', () => {
  const table: [string, { noColorFlag: boolean; isTTY: boolean }, Record<string, string>, boolean][] = [
    ['TTY', { noColorFlag: false, isTTY: true }, {}, true],
    ['pipe', { noColorFlag: false, isTTY: false }, {}, false],
    ['--no-color wins over FORCE_COLOR', { noColorFlag: true, isTTY: true }, { FORCE_COLOR: '1' }, false],
    ['NO_COLOR', { noColorFlag: false, isTTY: true }, { NO_COLOR: '1' }, false],
    ['empty NO_COLOR is ignored', { noColorFlag: false, isTTY: true }, { NO_COLOR: '' }, true],
    ['NO_COLOR beats FORCE_COLOR', { noColorFlag: false, isTTY: true }, { NO_COLOR: '1', FORCE_COLOR: '1' }, false],
    ['FORCE_COLOR on a pipe', { noColorFlag: false, isTTY: false }, { FORCE_COLOR: '1' }, true],
    ['FORCE_COLOR=0', { noColorFlag: false, isTTY: true }, { FORCE_COLOR: '0' }, false],
    ['CLICOLOR_FORCE on a pipe', { noColorFlag: false, isTTY: false }, { CLICOLOR_FORCE: '1' }, true],
    ['CLICOLOR=0', { noColorFlag: false, isTTY: true }, { CLICOLOR: '0' }, false],
    ['TERM=dumb', { noColorFlag: false, isTTY: true }, { TERM: 'dumb' }, false],
  ];
  for (const [name, opts, env, expected] of table) it(name, () => expect(colorEnabled(opts, env)).toBe(expected));
});
