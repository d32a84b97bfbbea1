// The container settings API v1.7.0 added (initial_scale, scale_down_delay_seconds,
// build_cache_enabled): how `get` shows them, and the warning when a server's answer does not
// carry one that was sent. An older server drops fields it does not know without a word, so
// the CLI says so instead of letting "updated" stand for a setting that may not have been kept.
import type { App } from '../../cli/app.js';
import type { Container } from '../../client/schemas.js';
import type { ContainerChange } from '../../client/serverless.js';
import { delayText } from './flags.js';

export const V17_SETTINGS = ['initial_scale', 'scale_down_delay_seconds', 'build_cache_enabled'] as const;

/** The `get` lines; a setting the server does not send has none. null is sent for "not set". */
export function settingLines(c: Container): [string, string | undefined][] {
  const unset = 'not set (the platform default)';
  const show = <T>(v: T | null | undefined, text: (v: T) => string) => (v === undefined ? undefined : v === null ? unset : text(v));
  return [
    ['Initial scale', show(c.initial_scale, (n) => `${n} instance${n === 1 ? '' : 's'}`)],
    ['Scale-down delay', show(c.scale_down_delay_seconds, (s) => `${delayText(s)} (${s} seconds)`)],
    ['Build cache', show(c.build_cache_enabled, (b) => (b ? 'on' : 'off'))],
  ];
}

/** Warns for each v1.7.0 setting sent that the answer's container lacks (`raw`: as sent). */
export function warnUnreported(app: App, change: ContainerChange, raw: Record<string, unknown>, name: string, id: string): void {
  const missing = V17_SETTINGS.filter((f) => change[f] !== undefined && raw[f] === undefined);
  if (missing.length === 0) return;
  app.warn(
    `the answer for ${name} does not carry ${missing.join(', ')}: this server may predate API v1.7.0 and ignore ${missing.length === 1 ? 'it' : 'them'} (check with: infra serverless get ${id} --json)`,
  );
}
