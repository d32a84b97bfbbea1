// A one-line chart of a series for terminals: eight block heights from the series' minimum
// to its maximum. Pure; a longer series is averaged down to `width` buckets.
const BARS = '▁▂▃▄▅▆▇█';

export function sparkline(values: number[], width?: number): string {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return '';
  let points = finite;
  if (width !== undefined && width > 0 && finite.length > width) {
    points = Array.from({ length: width }, (_, i) => {
      const from = Math.floor((i * finite.length) / width);
      const to = Math.max(from + 1, Math.floor(((i + 1) * finite.length) / width));
      const part = finite.slice(from, to);
      return part.reduce((a, b) => a + b, 0) / part.length;
    });
  }
  const min = Math.min(...points);
  const max = Math.max(...points);
  // A flat series is drawn at mid height: no change is not "zero".
  if (max === min) return BARS[3]!.repeat(points.length);
  return points.map((v) => BARS[Math.min(BARS.length - 1, Math.floor(((v - min) / (max - min)) * BARS.length))]!).join('');
}
