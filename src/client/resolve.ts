// Name resolution, one implementation for every family (docs/behaviour.md#wire): a reference is an id,
// a name, or (for containers) a slug. A reference equal to an id is that resource; a name
// that several resources share is a usage error listing their ids. Beyond docs/behaviour.md#names, a
// unique id prefix of 8 characters or more is accepted too: a table on a narrow terminal
// shows ids so (src/shared/short-id.ts), and what is shown gets pasted.
//
// Cost: a reference shaped like the family's ids (a UUID, or an integer where ids are
// integers) is used as it is, without a request; anything else costs one list request with a
// large page (the pages after the first, if any, are fetched together, not one by one).
import type * as z from 'zod/mini';
import { AmbiguousNameError, NoSuchNameError } from './errors.js';
import type { HttpClient } from './http.js';
import { listReader, pageInfo } from './paginate.js';
import { EndlessListError, MAX_ITEMS, MAX_PAGES } from './walk-bounds.js';
import { isIdPrefix } from '../shared/short-id.js';
import { findElsewhere } from './search.js';

export interface Family {
  /** List path, e.g. `/serverless`. */
  path: string;
  /** Words for messages: `container`, `database`, `recovery point`. */
  noun: string;
  permission?: string;
  /** Fields besides `name` that people use to refer to a resource (containers: `slug`). */
  aliases?: readonly string[];
  /** How this family's ids look, so an id is recognised without a request. */
  ids: 'uuid' | 'integer';
}

/**
 * Where the names of a family can be read with one request: its list route (a Family or a
 * ResourceKind is one). Shell completion (`infra __complete`) offers these names and ids.
 */
export interface ListRoute {
  /** GET path below /api/v1. `{product}` stands for the value of the argument named `product`. */
  readonly path: string;
  /** Fields besides `name` people refer to an item by (containers: `slug`). */
  readonly aliases?: readonly string[];
  /** Key of the item array in the answer (default `data`; plans: `plans`). */
  readonly items?: string;
  /** Fields that name an item (default `name` and the aliases; plans: `id`). */
  readonly names?: readonly string[];
  /** The account's list, not a project's (GET /user/teams): sent without X-Team-Id. */
  readonly account?: boolean;
}

export interface Named {
  id: string;
  name?: string | null;
  [key: string]: unknown;
}

export interface Resolved<T> {
  id: string;
  /** The list item, when the reference was looked up (an id-shaped reference is not). */
  item?: T;
  raw?: unknown;
}

/**
 * Ids that names resolved to, kept a short while by the CLI (src/cli/name-memory.ts), per
 * API host and project; `family` is the family's list path.
 */
export interface NameMemory {
  recall(family: string, name: string): string | undefined;
  remember(family: string, name: string, id: string): void;
  forget(family: string, name: string): void;
}

/** Pure: whether an item carries the reference as its name or an alias (not as its id). */
export function namedBy(item: Named, ref: string, family: Pick<Family, 'aliases'>): boolean {
  return ['name', ...(family.aliases ?? [])].some((k) => item[k] === ref);
}

/**
 * Name resolution with a remembered id first: the id a name resolved to a few minutes ago is
 * read (`check`, the family's read of one resource) and used only while that answer still
 * carries the name; a missing resource, another name or any failure falls back to the walk
 * (`walk`), whose answer is remembered again. So the check read always comes before anything
 * acts on the id: a write never goes to a stale one.
 */
export async function resolveRemembered<T extends Named>(
  memory: NameMemory | undefined,
  family: Family,
  ref: string,
  check: (id: string) => Promise<{ item: T; raw: unknown }>,
  walk: () => Promise<Resolved<T>>,
  signal?: AbortSignal,
): Promise<Resolved<T>> {
  if (!memory || looksLikeId(ref, family.ids)) return walk();
  const id = memory.recall(family.path, ref);
  if (id !== undefined) {
    try {
      const read = await check(id);
      if (read.item.id === id && namedBy(read.item, ref, family)) return { id, item: read.item, raw: read.raw };
    } catch (err) {
      if (signal?.aborted) throw err;
    }
    memory.forget(family.path, ref);
  }
  const found = await walk();
  if (found.item && namedBy(found.item, ref, family)) memory.remember(family.path, ref, found.id);
  return found;
}

export const RESOLVE_PER_PAGE = 200;
const PARALLEL_PAGES = 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/i;

/** Pure: whether a reference is shaped like an id of the family (used without a lookup). */
export function looksLikeId(ref: string, ids: Family['ids']): boolean {
  return ids === 'integer' ? /^\d+$/.test(ref) : UUID.test(ref) || ULID.test(ref);
}

/**
 * Pure: the item a reference means among the family's items. An id match wins; then names
 * and aliases (every match counts once per resource); then a unique id prefix (a name that
 * happens to look like one still means the named resource). undefined when nothing matches.
 */
export function pickByRef<T extends Named>(items: readonly T[], ref: string, family: Pick<Family, 'aliases' | 'noun'>): T | undefined {
  const byId = items.find((it) => it.id === ref);
  if (byId) return byId;
  const keys = ['name', ...(family.aliases ?? [])];
  const hits = items.filter((it) => keys.some((k) => it[k] === ref));
  if (hits.length > 1) throw new AmbiguousNameError(`${hits.length} ${family.noun}s are named "${ref}"; use the id (${hits.map((h) => h.id).join(', ')})`);
  if (hits.length || !isIdPrefix(ref)) return hits[0];
  const prefix = ref.toLowerCase();
  const byPrefix = items.filter((it) => String(it.id).toLowerCase().startsWith(prefix));
  if (byPrefix.length > 1) throw new AmbiguousNameError(`${byPrefix.length} ${family.noun}s have ids starting with "${ref}"; use more of the id (${byPrefix.map((h) => h.id).join(', ')})`);
  return byPrefix[0];
}

export interface ResolveOptions {
  signal?: AbortSignal;
  /** The caller needs the list item itself (no single-item route): look an id up too. */
  item?: boolean;
}

export async function resolveRef<T extends Named>(http: HttpClient, family: Family, item: z.ZodMiniType<T>, ref: string, opts: ResolveOptions = {}): Promise<Resolved<T>> {
  const { signal } = opts;
  if (!opts.item && looksLikeId(ref, family.ids)) return { id: ref };
  const schema = listReader(item, `GET /api/v1${family.path}`);
  const read = async (page: number) => {
    const res = await http.get(family.path, { query: { page, per_page: RESOLVE_PER_PAGE }, schema, permission: family.permission, signal });
    const { raw, pagination } = res.data;
    return { items: res.data.items(), raw, pagination: pageInfo(pagination, page, raw.length, RESOLVE_PER_PAGE) };
  };
  const first = await read(1);
  // Every page is kept to look the name up in: a server announcing more than a walk may read is refused before any is asked for.
  if (first.pagination.last_page > MAX_PAGES)
    throw new EndlessListError(
      `GET /api/v1${family.path} announces ${first.pagination.last_page} pages, more than the ${MAX_PAGES} infra reads to find a name; use the ${family.noun}'s id`,
      `GET /api/v1${family.path}`,
    );
  const pages = [first];
  let held = first.raw.length;
  for (let next = 2; next <= first.pagination.last_page; next += PARALLEL_PAGES) {
    const batch = [];
    for (let p = next; p < next + PARALLEL_PAGES && p <= first.pagination.last_page; p++) batch.push(read(p));
    const got = await Promise.all(batch);
    pages.push(...got);
    for (const p of got) held += p.raw.length;
    if (held > MAX_ITEMS)
      throw new EndlessListError(`GET /api/v1${family.path} sent more than the ${MAX_ITEMS} items infra reads to find a name; use the ${family.noun}'s id`, `GET /api/v1${family.path}`);
  }
  const items = pages.flatMap((p) => p.items);
  const hit = pickByRef(items, ref, family);
  if (!hit) {
    const what = family.aliases?.length ? `id, name or ${family.aliases.join(' or ')}` : 'id or name';
    const names = items.flatMap((it) => ['name', ...(family.aliases ?? [])].map((k) => it[k]).filter((v): v is string => typeof v === 'string'));
    // Another product may hold the name (`orders` is a database, not a VPS): one search, on this path only.
    const elsewhere = await findElsewhere(http, ref, family.path, signal);
    throw new NoSuchNameError(`no ${family.noun} with the ${what} "${ref}" in this project`, `GET /api/v1${family.path}`, {
      ref,
      noun: family.noun,
      count: items.length,
      names: [...new Set(names)],
      path: family.path,
      ...(elsewhere ? { elsewhere } : {}),
    });
  }
  const raw = pages.flatMap((p) => p.raw)[items.indexOf(hit)];
  return { id: hit.id, item: hit, raw };
}
