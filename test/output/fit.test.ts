// The pure parts of a table that fits the terminal (src/output/fit.ts).
import { describe, expect, it } from 'vitest';
import { fitColumns, Footnotes, truncate, wrapWords } from '../../src/output/fit.js';

describe('fit', () => {
  it('truncate: whole words where a separator is in reach, "…" always, never wider than asked', () => {
    expect(truncate('restore, restore_to_new, delete, retry_second_copy', 32)).toBe('restore, restore_to_new, delete…');
    expect(truncate('vps-01-daily-11', 11)).toBe('vps-01-dai…');
    expect(truncate('short', 10)).toBe('short');
    for (let w = 1; w < 20; w++) expect([...truncate('Second copy syncing', w)].length).toBeLessThanOrEqual(w);
  });

  it('wrapWords: lines within the width, broken between words, with a hanging indent', () => {
    const lines = wrapWords('[1] restore unavailable: the recovery point is still being created; it can be restored once it is available', 40, '    ');
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(40);
    expect(lines.slice(1).every((l) => l.startsWith('    ') && l[4] !== ' ')).toBe(true);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toBe('[1] restore unavailable: the recovery point is still being created; it can be restored once it is available');
  });

  it('fitColumns: leaves out the lowest priority first, then cuts the column with most to spare', () => {
    const cols = [{ header: 'ID' }, { header: 'NAME', min: 6 }, { header: 'EXTRA', min: 5, drop: 1 }, { header: 'NOTE', min: 8 }];
    const cells = [['1', 'a-rather-long-name', 'something', 'a long note here']];
    expect(fitColumns(cols, cells, 200)).toEqual({ widths: [2, 18, 9, 16], dropped: [] });
    const narrow = fitColumns(cols, cells, 24);
    expect(narrow.dropped).toEqual(['EXTRA']);
    expect(narrow.widths[2]).toBeUndefined();
    expect(narrow.widths.reduce((a: number, w) => a + (w ?? 0), 0) + 2 * 2).toBeLessThanOrEqual(24);
  });

  it('Footnotes: one mark per distinct text', () => {
    const n = new Footnotes();
    expect([n.mark('a'), n.mark('b'), n.mark('a')]).toEqual(['[1]', '[2]', '[1]']);
    expect(n.lines(80)).toEqual(['[1] a', '[2] b']);
  });
});
