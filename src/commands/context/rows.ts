// What `context list` and `context current` show of a context: its API URL, project and
// whether a token is stored for that URL's host. A token's value is never part of a row.
import { contextsOf, isObject } from '../../cli/contexts.js';
import type { RawConfig } from '../../cli/config.js';
import { DEFAULT_API_URL, hostKey, redactUrl } from '../../shared/api-host.js';

export interface ContextRow {
  name: string;
  /** The context this run uses (--context, INFRA_CONTEXT, else the file's current one). */
  current: boolean;
  api_url: string;
  project: string | null;
  /** Whether a token is stored for the context's own host: `stored` or `none`. */
  token: 'stored' | 'none';
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

export function contextRow(name: string, entry: Record<string, unknown>, inUse: string): ContextRow {
  const url = text(entry['api-url']) ?? DEFAULT_API_URL;
  let host: string | undefined;
  try {
    host = hostKey(url);
  } catch {
    host = undefined;
  }
  const hosts = isObject(entry.hosts) ? entry.hosts : {};
  const found = host === undefined ? undefined : hosts[host];
  const stored = isObject(found) && text(found.token) !== undefined;
  return { name, current: name === inUse, api_url: redactUrl(url), project: text(entry.project) ?? null, token: stored ? 'stored' : 'none' };
}

export function contextRows(raw: RawConfig, inUse: string): ContextRow[] {
  return Object.entries(contextsOf(raw)).map(([name, entry]) => contextRow(name, entry, inUse));
}
