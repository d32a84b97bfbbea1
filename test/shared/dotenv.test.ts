// The environment file: what export writes, import reads back exactly; a bad line is named.
import { describe, expect, it } from 'vitest';
import { EnvFileError, formatDotenv, formatEnvJson, parseDotenv, parseEnvFile } from '../../src/shared/dotenv.js';

const HARD: Record<string, string> = {
  PLAIN: 'value',
  EMPTY: '',
  SPACES: '  padded  ',
  LINES: 'first\nsecond\r\nthird',
  QUOTES: `it's "quoted" \\ back`,
  DOLLAR: '$HOME ${PATH} $(id)',
  HASH: 'a # not a comment #',
  UNICODE: 'Grüße 🚀 ș ț',
  TAB: 'a\tb',
  EQUALS: 'k=v=w',
};

describe('dotenv', () => {
  it('reads what the usual files hold: export prefix, comments, quotes, escapes, multi-line double quotes', () => {
    const text = [
      '# a comment',
      '',
      'export A=1',
      'B = two words   # trailing note',
      "C='single $NOT \\n expanded'",
      'D="line1\\nline2 \\"q\\" \\$X"',
      'E="spans',
      'two lines"',
      'F=a#b',
      'B=later wins',
      '',
    ].join('\n');
    expect(parseDotenv(text)).toEqual({ A: '1', B: 'later wins', C: 'single $NOT \\n expanded', D: 'line1\nline2 "q" $X', E: 'spans\ntwo lines', F: 'a#b' });
  });

  it('round trip: every awkward value comes back exactly, in both formats', () => {
    expect(parseEnvFile(formatDotenv(HARD))).toEqual(HARD);
    expect(parseEnvFile(formatEnvJson(HARD))).toEqual(HARD);
    expect(parseEnvFile(formatDotenv({}))).toEqual({});
  });

  it.each([
    ['A=1\nB\n', 2, 'expected KEY=VALUE'],
    ['A=1\n1BAD=x\n', 2, '"1BAD" is not a valid variable name'],
    ['A=1\n\nMY-KEY=x\n', 3, '"MY-KEY" is not a valid variable name'],
    ['A="open\nstill\n', 1, 'the double quote opened here is never closed'],
    ['A=1\nB="x" y\n', 2, 'unexpected text after the closing quote'],
    ['A="a\\qb"\n', 1, 'unknown escape "\\q"'],
  ])('%j is refused naming line %i', (text, line, words) => {
    let err: unknown;
    try {
      parseDotenv(text);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EnvFileError);
    expect((err as EnvFileError).line).toBe(line);
    expect((err as Error).message).toContain(`line ${line}: ${words}`);
  });

  it('a JSON file: an object of text values, invalid names and non-text refused', () => {
    expect(parseEnvFile('{"A":"1"}')).toEqual({ A: '1' });
    expect(() => parseEnvFile('{"A":1}')).toThrow('the value of A is not text');
    expect(() => parseEnvFile('{"9A":"x"}')).toThrow('"9A" is not a valid variable name');
    expect(() => parseEnvFile('["A"]', 'json')).toThrow('one object');
  });
});
