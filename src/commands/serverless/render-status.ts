// How a container's status reads for people: always from status_details (spec 2.3), never
// from the legacy `status` string. Shared by list, get and the rollout wait.
import type { App } from '../../cli/app.js';
import type { Container } from '../../client/schemas.js';
import type { Column } from '../../output/table.js';
import type { Style } from '../../output/color.js';

/** `12s ago`, `5m ago`, `3h ago`, `2d ago`; `just now` within a second or for a time ahead of ours (clock skew). */
export function age(iso: string | null | undefined, now: number): string {
  if (!iso) return 'never';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const s = Math.floor((now - t) / 1000);
  if (s < 1) return 'just now';
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86_400)}d ago`;
}

/** Colours a summary on a terminal: ready green, degraded yellow, failed red. */
export function colorSummary(summary: string, style: Style): string {
  if (summary === 'ready') return style.green(summary);
  if (summary === 'degraded') return style.yellow(summary);
  if (summary === 'failed') return style.red(summary);
  return summary;
}

export function observedCell(c: Container, now: number): string {
  const d = c.status_details;
  return `${age(d.observed_at, now)}${d.stale ? ' (stale)' : ''}`;
}

export function operationCell(c: Container): string {
  const op = c.status_details.operation;
  return `${op.state}${op.terminal ? '' : ' (in flight)'}`;
}

export function listColumns(now: number, style: Style): Column<Container>[] {
  return [
    { header: 'ID', value: (c) => String(c.id) },
    { header: 'NAME', value: (c) => c.name },
    { header: 'SUMMARY', value: (c) => c.status_details.summary, color: (v) => colorSummary(v, style) },
    { header: 'HEALTH', value: (c) => c.status_details.health ?? 'unknown' },
    { header: 'OPERATION', value: (c) => c.status_details.operation.state },
    { header: 'TERMINAL', value: (c) => (c.status_details.operation.terminal ? 'yes' : 'no') },
    { header: 'GENERATION', value: (c) => `${c.observed_generation}/${c.spec_generation}` },
    { header: 'OBSERVED', value: (c) => observedCell(c, now), color: (v, c) => (c.status_details.stale ? style.yellow(v) : v) },
  ];
}

export function staleWarning(names: string[]): string {
  return names.length === 1
    ? `the status of ${names[0]} is stale (no live source was reachable): the summary is the last known one and may be out of date`
    : `the status of ${names.length} containers (${names.join(', ')}) is stale (no live source was reachable): their summaries are the last known ones`;
}

/** The one-container status view (`serverless get`). */
export function showContainer(app: App, c: Container & { url?: string | null }): void {
  const d = c.status_details;
  const now = app.ctx.clock.now();
  const s = app.style;
  const err = d.error ?? undefined;
  const pairs: [string, string | undefined][] = [
    ['ID', String(c.id)],
    ['Name', c.name],
    ['Image', c.image_url ?? undefined],
    ['URL', c.url ?? undefined],
    ['Summary', colorSummary(d.summary, s)],
    ['Health', d.health ?? 'unknown'],
    ['Operation', `${d.operation.state}${d.operation.terminal ? ' (terminal)' : ' (in flight)'}`],
    ['Generation', `observed ${c.observed_generation}, spec ${c.spec_generation}${c.observed_generation < c.spec_generation ? ' (a change waits to roll out)' : ''}`],
    ['Observed', `${age(d.observed_at, now)}${d.observed_at ? ` (${d.observed_at})` : ''}${d.stale ? ` ${s.yellow('STALE')}` : ''}`],
  ];
  if (err) {
    pairs.push(
      ['Error code', s.red(err.code)],
      ['Reason', err.reason ?? undefined],
      ['Message', err.message ?? undefined],
      ['Affects', err.resource?.kind || err.resource?.name ? `${err.resource?.kind ?? '?'} ${err.resource?.name ?? ''}`.trim() : undefined],
      ['Retryable', err.retryable === undefined || err.retryable === null ? undefined : err.retryable ? 'yes' : 'no'],
    );
  }
  app.keyValue(pairs);
}
