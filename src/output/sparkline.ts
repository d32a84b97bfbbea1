// A one-line picture of a series of numbers with the eight block characters ▁▂▃▄▅▆▇█,
// for metrics commands on a terminal. Pure: no terminal, no colour, no dependency.

export const SPARK_BLOCKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

export interface SparklineOptions {
  /** At most this many characters: longer series are averaged into buckets (the shape survives, the length fits). */
  width?: number;
  /** Fixed scale (e.g. 0..100 for percentages); absent: the series' own minimum and maximum. */
  min?: number;
  max?: number;
}

/** Averages `values` into `width` buckets of (nearly) equal size, keeping their order. */
export function downsample(values: readonly number[], width: number): number[] {
  if (width <= 0) return [];
  if (values.length <= width) return [...values];
  const out: number[] = [];
  for (let b = 0; b < width; b++) {
    const from = Math.floor((b * values.length) / width);
    const to = Math.floor(((b + 1) * values.length) / width);
    let sum = 0;
    for (let i = from; i < to; i++) sum += values[i]!;
    out.push(sum / (to - from));
  }
  return out;
}

/**
 * The sparkline of `values`. Missing points (null, NaN, ±Infinity) are shown as a space so a gap
 * stays visible rather than being drawn as a low value. A flat series is drawn at the middle
 * height: a row of ▁ would read as "zero", a row of █ as "saturated". Values outside a fixed
 * scale are clamped to it.
 */
export function sparkline(values: readonly (number | null | undefined)[], options: SparklineOptions = {}): string {
  const known = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
  // Bucketed like downsample(), but over the raw series so a gap keeps its place: a bucket
  // with no known point is a gap, otherwise the mean of the points it has.
  const width = options.width ?? values.length;
  const buckets: (number | null)[] = [];
  if (values.length <= width) {
    for (const v of values) buckets.push(known(v) ? v : null);
  } else {
    for (let b = 0; b < width; b++) {
      const from = Math.floor((b * values.length) / width);
      const to = Math.floor(((b + 1) * values.length) / width);
      const seen = values.slice(from, to).filter(known);
      buckets.push(seen.length === 0 ? null : seen.reduce((a, c) => a + c, 0) / seen.length);
    }
  }
  const present = buckets.filter((v): v is number => v !== null);
  if (present.length === 0) return ' '.repeat(buckets.length);
  const lo = options.min ?? Math.min(...present);
  const hi = options.max ?? Math.max(...present);
  const top = SPARK_BLOCKS.length - 1;
  return buckets
    .map((v) => {
      if (v === null) return ' ';
      if (hi <= lo) return SPARK_BLOCKS[Math.floor(top / 2)];
      const clamped = Math.min(hi, Math.max(lo, v));
      return SPARK_BLOCKS[Math.round(((clamped - lo) / (hi - lo)) * top)];
    })
    .join('');
}
