// The pure decision of how a table fits the terminal (src/output/fit.ts) and the widths it
// measures with (src/output/width.ts): fake rows, widths given, nothing rendered.
import { describe, expect, it } from 'vitest';
import { fitCell, fitColumns, fitNote, Footnotes, GAP, truncate, wrapWords, type FitSpec } from '../../src/output/fit.js';
import { displayWidth, sliceWidth } from '../../src/output/width.js';

/** The columns of `serverless list`, as it declares them. */
const COLUMNS: FitSpec[] = [
  { header: 'ID', fit: { kind: 'id' } },
  { header: 'NAME', fit: { kind: 'text', min: 10 } },
  { header: 'SUMMARY' },
  { header: 'HEALTH', fit: { priority: 3 } },
  { header: 'OPERATION', fit: { priority: 2 } },
  { header: 'TERMINAL', fit: { priority: 1 } },
  { header: 'GENERATION', fit: { priority: 4 } },
  { header: 'OBSERVED', fit: { kind: 'text', min: 8 } },
];
// Two ids share their first 8 characters; a name is Japanese (13 columns for 8 characters).
const ROWS = [
  ['52df57d4-9adc-4343-80d1-20b0d106ef9f', 'checkout-api-blue-green', 'ready', 'healthy', 'succeeded', 'yes', '3/3', '1d ago'],
  ['aa355f51-9b8e-46c3-9000-7ae48f8ddeef', '東京-サーバー', 'degraded', 'unhealthy', 'failed', 'yes', '2/2', '20m ago (stale)'],
  ['aa355f51-1111-46c3-9000-7ae48f8ddeef', 'web', 'failed', 'unknown', '', '', '-', '2h ago'],
];

const lineWidth = (widths: (number | undefined)[]) => {
  const shown = widths.filter((w): w is number => w !== undefined);
  return shown.reduce((a, b) => a + b, 0) + GAP * (shown.length - 1);
};

describe('displayWidth', () => {
  it.each([
    ['ASCII', 'vps-01', 6],
    ['colour codes take no column', '\x1b[32mready\x1b[39m', 5],
    ['bold and a reset', '\x1b[1mID\x1b[22m\x1b[0m', 2],
    ['an OSC 8 link takes only its text', '\x1b]8;;https://x.test\x07docs\x1b]8;;\x07', 4],
    ['CJK: two columns each', '東京', 4],
    ['katakana and ASCII', '東京-サーバー', 13],
    ['fullwidth forms', 'ＡＢ', 4],
    ['Hangul', '서울', 4],
    ['an emoji', 'ok ✅', 5],
    ['a combining accent takes none', 'e\u0301te\u0301', 3],
    ['the ellipsis is one', 'abc…', 4],
    ['empty', '', 0],
  ])('%s: %j → %i', (_what, text, width) => {
    expect(displayWidth(text)).toBe(width);
  });

  it('sliceWidth: never splits a wide character or an escape; a cut inside colour ends with a reset', () => {
    expect(sliceWidth('東京-サーバー', 3)).toBe('東');
    expect(sliceWidth('東京-サーバー', 5)).toBe('東京-');
    expect(sliceWidth('\x1b[31mfailed\x1b[39m', 3)).toBe('\x1b[31mfai\x1b[0m');
  });
});

describe('truncate', () => {
  it('whole words where a separator is in reach, "…" always, never wider than asked', () => {
    expect(truncate('restore, restore_to_new, delete, retry_second_copy', 32)).toBe('restore, restore_to_new, delete…');
    expect(truncate('vps-01-daily-11', 11)).toBe('vps-01-dai…');
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('2026-11-25T22:29:34.906Z', 11)).toBe('2026-11-25…');
    for (let w = 1; w < 20; w++) expect(displayWidth(truncate('Second copy syncing', w))).toBeLessThanOrEqual(w);
  });

  it('counts columns, not characters: wide characters and colour codes', () => {
    for (let w = 1; w < 14; w++) expect(displayWidth(truncate('東京-サーバー', w)), `width ${w}`).toBeLessThanOrEqual(w);
    expect(truncate('東京-サーバー', 6)).toBe('東京-…');
    expect(truncate('\x1b[33mdegraded\x1b[39m', 8)).toBe('\x1b[33mdegraded\x1b[39m');
    expect(displayWidth(truncate('\x1b[33mdegraded and more\x1b[39m', 8))).toBeLessThanOrEqual(8);
  });
});

describe('fitColumns: the columns of serverless list at each width', () => {
  it.each([
    // 200: the table fits as it is: nothing changes, ids whole.
    [200, [36, 23, 8, 9, 9, 8, 10, 15], []],
    // 120: ids become their unique prefix (two share 8 characters: 10), and everything else fits.
    [120, [10, 23, 8, 9, 9, 8, 10, 15], []],
    // 80: TERMINAL goes first; the name and OBSERVED are cut, not below their minimum.
    [80, [10, 12, 8, 9, 9, undefined, 10, 10], ['TERMINAL']],
    // 60: then OPERATION and HEALTH.
    [60, [10, 13, 8, undefined, undefined, undefined, 10, 11], ['TERMINAL', 'OPERATION', 'HEALTH']],
    // 40: every column with a priority goes; the name is cut below its minimum (never below its header).
    [40, [10, 8, 8, undefined, undefined, undefined, undefined, 8], ['TERMINAL', 'OPERATION', 'HEALTH', 'GENERATION']],
  ] as const)('%i columns', (width, widths, dropped) => {
    const fit = fitColumns(COLUMNS, ROWS, width);
    expect(fit.widths).toEqual(widths);
    expect(fit.dropped).toEqual(dropped);
    expect(lineWidth(fit.widths)).toBeLessThanOrEqual(width);
    expect(fit.prefix[0]).toBe(width === 200 ? undefined : 10);
  });

  it('every width from 20 to 200: the line fits, ids stay unique, the first column stays', () => {
    for (let width = 20; width <= 200; width++) {
      const fit = fitColumns(COLUMNS, ROWS, width);
      expect(lineWidth(fit.widths), `width ${width}`).toBeLessThanOrEqual(width);
      expect(fit.widths[0], `width ${width}`).toBeDefined();
      const ids = ROWS.map((r) => fitCell(r[0]!, fit, 0));
      expect(new Set(ids).size, `width ${width}: ${ids.join(' ')}`).toBe(ROWS.length);
    }
  });

  it('a wide character counts two columns: a table of CJK names is measured by what the terminal shows', () => {
    const cols: FitSpec[] = [{ header: 'NAME', fit: { kind: 'text', min: 4 } }, { header: 'STATE' }];
    const fit = fitColumns(cols, [['東京-サーバー', 'ready']], 14);
    expect(fit.widths).toEqual([7, 5]);
    expect(displayWidth(fitCell('東京-サーバー', fit, 0))).toBeLessThanOrEqual(7);
  });

  it('colour codes in a cell take no width', () => {
    const cols: FitSpec[] = [{ header: 'STATE' }, { header: 'NOTE', fit: { kind: 'text' } }];
    const coloured = [['\x1b[32mready\x1b[39m', 'all good']];
    expect(fitColumns(cols, coloured, 80).widths).toEqual([5, 8]);
  });

  it('without priorities, the last columns go right to left as a last resort; the first never', () => {
    const cols: FitSpec[] = [{ header: 'NAME' }, { header: 'A' }, { header: 'B' }, { header: 'C' }];
    const rows = [['a-long-name-here', 'aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc']];
    expect(fitColumns(cols, rows, 40).dropped).toEqual(['C']);
    expect(fitColumns(cols, rows, 28).dropped).toEqual(['C', 'B']);
    const alone = fitColumns(cols, rows, 10);
    expect(alone.dropped).toEqual(['C', 'B', 'A']);
    expect(alone.widths[0]).toBe(10);
  });

  it('of equal priorities, the rightmost goes first', () => {
    const cols: FitSpec[] = [{ header: 'NAME' }, { header: 'LEFT', fit: { priority: 1 } }, { header: 'RIGHT', fit: { priority: 1 } }];
    expect(fitColumns(cols, [['n', 'llllllllll', 'rrrrrrrrrr']], 20).dropped).toEqual(['RIGHT']);
  });

  it('fitCell: an id is a clean prefix (a usable reference), anything else ends in "…"', () => {
    const fit = fitColumns(COLUMNS, ROWS, 80);
    expect(fitCell(ROWS[0]![0]!, fit, 0)).toBe('52df57d4-9');
    expect(fitCell(ROWS[0]![1]!, fit, 1)).toBe('checkout-ap…');
    expect(fitCell('1d ago', fit, 7)).toBe('1d ago');
    expect(fitCell('yes', fit, 5)).toBe('');
  });

  it('fitNote: names what went, and --wide only where the command has it', () => {
    expect(fitNote([], 80, false)).toBeUndefined();
    expect(fitNote(['TERMINAL', 'OPERATION'], 80, false)).toBe('TERMINAL, OPERATION left out to fit 80 columns; --wide shows them');
    expect(fitNote(['TERMINAL'], 60, undefined)).toBe('TERMINAL left out to fit 60 columns; --json shows them');
  });
});

describe('wrapWords and Footnotes', () => {
  it('wrapWords: lines within the width, broken between words, with a hanging indent', () => {
    const lines = wrapWords('[1] restore unavailable: the recovery point is still being created; it can be restored once it is available', 40, '    ');
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(40);
    expect(lines.slice(1).every((l) => l.startsWith('    ') && l[4] !== ' ')).toBe(true);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toBe('[1] restore unavailable: the recovery point is still being created; it can be restored once it is available');
  });

  it('Footnotes: one mark per distinct text', () => {
    const n = new Footnotes();
    expect([n.mark('a'), n.mark('b'), n.mark('a')]).toEqual(['[1]', '[2]', '[1]']);
    expect(n.lines(80)).toEqual(['[1] a', '[2] b']);
  });
});
