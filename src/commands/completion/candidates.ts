// The names and ids a list answer holds, and which of them to offer for the word being
// typed. Pure. Only ids and names are kept: they are all the cache ever stores.
import type { ListRoute } from '../../client/resolve.js';

export interface Named {
  id: string;
  /** The item's name and aliases (slug, title), as people type them. */
  names: string[];
}

/** At most this many items are read from an answer (one page of the largest size the CLI asks for). */
export const MAX_ITEMS = 200;

// A candidate is inserted into the command line by the shell: one that would need quoting
// (spaces, quotes, `$`, `;`) is left out rather than escaped three ways for three shells.
const PLAIN = /^[\p{L}\p{N}_.@%+=,:/-]{1,200}$/u;

const text = (v: unknown): string | undefined => (typeof v === 'string' && PLAIN.test(v) ? v : typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : undefined);

/** The items of a list answer (`{data: [...]}`, `{plans: [...]}` or a bare array); [] when it has none. */
export function itemsOf(answer: unknown, route: ListRoute): Named[] {
  const list = Array.isArray(answer) ? answer : answer && typeof answer === 'object' ? (answer as Record<string, unknown>)[route.items ?? 'data'] : undefined;
  if (!Array.isArray(list)) return [];
  const fields = route.names ?? ['name', ...(route.aliases ?? [])];
  const out: Named[] = [];
  for (const item of list.slice(0, MAX_ITEMS)) {
    if (!item || typeof item !== 'object') continue;
    const rec = item as Record<string, unknown>;
    const id = text(rec.id);
    const names = [...new Set(fields.map((f) => text(rec[f])).filter((n): n is string => n !== undefined))];
    if (id !== undefined || names.length) out.push({ id: id ?? names[0]!, names });
  }
  return out;
}

/**
 * What to offer for `typed`: the names that start with it; when none does (or the items have
 * no names), the ids that do. Names first because people type names; an id is offered once
 * its first characters are typed (`3ad<Tab>`), so a bare Tab is not a wall of UUIDs.
 */
export function offer(items: readonly Named[], typed: string): string[] {
  const names = [...new Set(items.flatMap((i) => i.names))].filter((n) => n.startsWith(typed));
  if (names.length) return names;
  return [...new Set(items.map((i) => i.id))].filter((id) => id.startsWith(typed));
}

/** Structural check of items read back from the cache (anything else there is ignored). */
export function isNamedList(value: unknown): value is Named[] {
  return (
    Array.isArray(value) &&
    value.length <= MAX_ITEMS &&
    value.every((i) => i && typeof i === 'object' && typeof i.id === 'string' && PLAIN.test(i.id) && Array.isArray(i.names) && i.names.every((n: unknown) => typeof n === 'string' && PLAIN.test(n)))
  );
}
