// The pure sparkline (src/output/sparkline.ts): the picture of a series, table-driven.
import { describe, expect, it } from 'vitest';
import { downsample, sparkline } from '../../src/output/sparkline.js';

describe('sparkline', () => {
  it.each([
    { name: 'rising series uses the whole range', values: [0, 1, 2, 3, 4, 5, 6, 7], opts: {}, want: '▁▂▃▄▅▆▇█' },
    { name: 'falling series', values: [7, 6, 5, 4, 3, 2, 1, 0], opts: {}, want: '█▇▆▅▄▃▂▁' },
    { name: 'two values: lowest and highest', values: [10, 20], opts: {}, want: '▁█' },
    { name: 'flat series sits in the middle, not at zero', values: [5, 5, 5], opts: {}, want: '▄▄▄' },
    { name: 'empty series is empty', values: [], opts: {}, want: '' },
    { name: 'missing points stay gaps', values: [0, null, 10, Number.NaN, 5], opts: {}, want: '▁ █ ▅' },
    { name: 'all missing: blanks of the same length', values: [null, undefined], opts: {}, want: '  ' },
    { name: 'fixed scale 0..100: a low percentage stays low', values: [10, 12, 11], opts: { min: 0, max: 100 }, want: '▂▂▂' },
    { name: 'fixed scale clamps values outside it', values: [-50, 150], opts: { min: 0, max: 100 }, want: '▁█' },
    { name: 'longer than width: averaged into buckets', values: [0, 0, 10, 10], opts: { width: 2 }, want: '▁█' },
    { name: 'a bucket with only gaps is a gap', values: [null, null, 3, 4], opts: { width: 2 }, want: ' ▄' },
  ])('$name', ({ values, opts, want }) => {
    expect(sparkline(values, opts)).toBe(want);
  });

  it('never longer than the width asked for', () => {
    const series = Array.from({ length: 97 }, (_, i) => Math.sin(i / 5));
    for (const width of [1, 7, 20, 96, 97, 200]) expect([...sparkline(series, { width })].length).toBe(Math.min(width, 97));
  });

  it.each([
    { values: [1, 2, 3, 4], width: 2, want: [1.5, 3.5] },
    { values: [1, 2, 3], width: 5, want: [1, 2, 3] },
    { values: [1, 2, 3], width: 0, want: [] },
  ])('downsample($values, $width)', ({ values, width, want }) => {
    expect(downsample(values, width)).toEqual(want);
  });
});
