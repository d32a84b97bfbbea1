// GET /resources/search?q=: the account's resources whose name matches, across products. The
// facts type `results` as `string[]` (an untyped array in the generated types); a result is
// read whether it is an object naming its type, id and name, or a bare string. At most
// MAX_RESULTS are kept: a server cannot make the client hold an unbounded answer.
import type { HttpClient } from './http.js';
import { resourceType, type ResourceType } from '../shared/resource-types.js';

export const MAX_RESULTS = 500;

export interface Found {
  /** The API's word for its type, as sent (`database`), when it says one. */
  kind?: string;
  /** The product infra knows it as, when the kind is one. */
  type?: ResourceType;
  name?: string;
  id?: string;
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);

export function readResult(item: unknown): Found | undefined {
  if (typeof item === 'string') return item ? { name: item } : undefined;
  if (!item || typeof item !== 'object') return undefined;
  const r = item as Record<string, unknown>;
  const kind = text(r.type) ?? text(r.kind) ?? text(r.resource_type);
  return { kind, type: resourceType(kind), name: text(r.name) ?? text(r.title) ?? text(r.slug), id: text(r.id) };
}

export async function searchResources(http: HttpClient, q: string, signal?: AbortSignal): Promise<{ found: Found[]; raw: unknown; truncated: boolean }> {
  const res = await http.get('/resources/search', { query: { q }, signal });
  const results = (res.raw as { results?: unknown } | null)?.results;
  const items = Array.isArray(results) ? results : [];
  const found = items
    .slice(0, MAX_RESULTS)
    .map(readResult)
    .filter((f): f is Found => f !== undefined);
  return { found, raw: res.raw, truncated: items.length > MAX_RESULTS };
}

/**
 * Where a name that one family's list does not hold is, according to search: a resource of
 * another product with exactly that name or id. Only on the failure path of name resolution,
 * one request; a failed search says nothing (the plain not-found stays).
 */
export async function findElsewhere(http: HttpClient, ref: string, listPath: string, signal?: AbortSignal): Promise<{ type: ResourceType; name: string; id?: string } | undefined> {
  if (ref.trim().length < 2) return undefined;
  try {
    const { found } = await searchResources(http, ref, signal);
    const hit = found.find((f) => f.type && f.type.path !== listPath && (f.name === ref || f.id === ref));
    return hit?.type ? { type: hit.type, name: hit.name ?? ref, id: hit.id } : undefined;
  } catch {
    return undefined;
  }
}
