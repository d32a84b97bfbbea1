// How a container reads for people: its status always from status_details (docs/behaviour.md#api-status), never
// from the legacy `status` string. Shared by list, get and the rollout wait.
import type { App } from '../../cli/app.js';
import type { Container } from '../../client/schemas.js';
import type { Column } from '../../output/table.js';
import type { Style } from '../../output/color.js';
import { age } from '../../output/age.js';
import { maskPassword } from '../../output/mask.js';
import { failureHint } from '../../shared/hints.js';
import { settingLines } from './settings.js';

/** Colours a summary on a terminal: ready green, degraded yellow, failed red. */
export function colorSummary(summary: string, style: Style): string {
  if (summary === 'ready') return style.green(summary);
  if (summary === 'degraded') return style.yellow(summary);
  if (summary === 'failed') return style.red(summary);
  return summary;
}

export function observedCell(c: Container, now: number): string {
  const d = c.status_details;
  if (!d) return '';
  return `${age(d.observed_at, now)}${d.stale ? ' (stale)' : ''}`;
}

/** `3/3`, `2/3` while a change waits, `-` where the server sends no generations. */
export function generationCell(c: Container): string {
  const o = c.observed_generation;
  const s = c.spec_generation;
  return o === undefined || o === null || s === undefined || s === null ? '-' : `${o}/${s}`;
}

/**
 * `now`: read per row, once the first page (and the server's Date header) has come. On a
 * narrow terminal TERMINAL goes first, then OPERATION, HEALTH and GENERATION (src/output/fit.ts).
 */
export function listColumns(now: () => number, style: Style): Column<Container>[] {
  const d = (c: Container) => c.status_details;
  return [
    { header: 'ID', value: (c) => c.id, fit: { kind: 'id' } },
    { header: 'NAME', value: (c) => c.name ?? '', fit: { kind: 'text', min: 10 } },
    // Without status_details the legacy string is all there is: shown in brackets, never as a summary.
    { header: 'SUMMARY', value: (c) => d(c)?.summary ?? (c.status ? `(${c.status})` : 'unknown'), color: (v) => colorSummary(v, style) },
    { header: 'HEALTH', value: (c) => d(c)?.health ?? 'unknown', fit: { priority: 3 } },
    { header: 'OPERATION', value: (c) => d(c)?.operation?.state ?? '', fit: { priority: 2 } },
    { header: 'TERMINAL', value: (c) => (d(c)?.operation?.terminal === undefined || d(c)?.operation?.terminal === null ? '' : d(c)?.operation?.terminal ? 'yes' : 'no'), fit: { priority: 1 } },
    { header: 'GENERATION', value: generationCell, fit: { priority: 4 } },
    { header: 'OBSERVED', value: (c) => observedCell(c, now()), color: (v, c) => (d(c)?.stale ? style.yellow(v) : v), fit: { kind: 'text', min: 8 } },
  ];
}

export function staleWarning(names: string[]): string {
  return names.length === 1
    ? `the status of ${names[0]} is stale (no live source was reachable): the summary is the last known one and may be out of date`
    : `the status of ${names.length} containers (${names.join(', ')}) is stale (no live source was reachable): their summaries are the last known ones`;
}

function imageRef(c: Container): string | undefined {
  if (!c.image) return undefined;
  return c.image_tag ? `${c.image}:${c.image_tag}` : c.image;
}

function scale(c: Container): string | undefined {
  if (c.min_scale === undefined && c.max_scale === undefined) return undefined;
  return `${c.min_scale ?? '?'}-${c.max_scale ?? '?'} instances${c.min_scale === 0 ? ' (scales to zero)' : ''}`;
}

function environment(c: Container, showSecrets: boolean): string | undefined {
  const env = c.environment_variables;
  if (env === undefined || env === null) return undefined;
  const keys = Object.keys(env).sort();
  if (keys.length === 0) return '(none)';
  return keys.map((k) => `${k}=${showSecrets ? env[k] : maskPassword(env[k])}`).join(', ');
}

function timeCell(iso: string | null | undefined, now: number): string | undefined {
  return iso ? `${iso} (${age(iso, now)})` : undefined;
}

/** The one-container view (`serverless get`). */
export function showContainer(app: App, c: Container & { url?: string | null }, showSecrets = false): void {
  const d = c.status_details;
  const now = app.serverNow();
  const s = app.style;
  const err = d?.error ?? undefined;
  const op = d?.operation;
  const pairs: [string, string | undefined][] = [
    ['ID', c.id],
    ['Name', c.name ?? undefined],
    ['Slug', c.slug ?? undefined],
    ['Image', imageRef(c)],
    ['URL', c.url ?? undefined],
    ['Port', c.port === undefined || c.port === null ? undefined : String(c.port)],
    ['Scale', scale(c)],
    ['Profile', c.resource_profile ?? undefined],
    ...settingLines(c),
    ['Environment', environment(c, showSecrets)],
    ['Revision', c.current_revision ?? undefined],
    ['Deployments', c.deployment_count === undefined || c.deployment_count === null ? undefined : String(c.deployment_count)],
    ['Summary', d ? colorSummary(d.summary ?? 'unknown', s) : `unknown (no status_details; legacy status "${c.status ?? '?'}")`],
    ['Health', d ? (d.health ?? 'unknown') : undefined],
    ['Operation', op ? `${op.state ?? '?'}${op.terminal ? ' (terminal)' : ' (in flight)'}` : undefined],
    ['Generation', generationLine(c)],
    ['Observed', d ? `${age(d.observed_at, now)}${d.observed_at ? ` (${d.observed_at})` : ''}${d.stale ? ` ${s.yellow('STALE')}` : ''}` : undefined],
    ['Created', timeCell(c.created_at, now)],
    ['Updated', timeCell(c.updated_at, now)],
    ['Deployed', timeCell(c.last_deployed_at ?? c.deployed_at, now)],
  ];
  if (err) {
    pairs.push(
      ['Error code', err.code ? s.red(err.code) : undefined],
      ['Reason', err.reason ?? undefined],
      ['Message', err.message ?? undefined],
      ['Affects', err.resource?.kind || err.resource?.name ? `${err.resource?.kind ?? '?'} ${err.resource?.name ?? ''}`.trim() : undefined],
      ['Retryable', err.retryable === undefined || err.retryable === null ? undefined : err.retryable ? 'yes: a retry may help' : 'no: retrying will not help'],
      ['Fix', err.code ? failureHint(err.code, c.name ?? c.id)?.fix : undefined],
    );
  }
  app.keyValue(pairs);
}

function generationLine(c: Container): string | undefined {
  const o = c.observed_generation;
  const sg = c.spec_generation;
  if (o === undefined || o === null || sg === undefined || sg === null) return undefined;
  return `observed ${o}, spec ${sg}${o < sg ? ' (a change waits to roll out)' : ''}`;
}
