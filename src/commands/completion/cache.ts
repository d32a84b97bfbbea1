// The completion cache: one small file per list (API, project, route), holding the ids
// and names of its items and nothing else, fresh for a minute by its modification time (so a
// Tab after a create shows the new name soon, and a burst of Tabs costs one request). Under
// the user's cache directory (bin/code-cache.cjs finds it; bin/infra passes it on), in
// `complete/`, private to the user. Every problem (no directory, read-only, corrupt file)
// means "no cache": completion then asks the API, or offers nothing; it never fails.
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isNamedList, type Named } from './candidates.js';

/** How long a list is used without asking again. */
export const TTL_MS = 60_000;
/** How long a failed request keeps completion from asking again (a down API must not cost every Tab its time limit). */
export const FAILED_TTL_MS = 10_000;

export interface Entry {
  items: Named[];
  /** The request failed: no names, until FAILED_TTL_MS has passed. */
  failed: boolean;
  ageMs: number;
}

/**
 * FNV-1a, 64 bits, from a given offset basis: two of them name a file (128 bits, no collision
 * in a cache of a few lists). Not node:crypto, which a Tab answered from the cache would load
 * for this alone.
 */
function fnv64(text: string, basis: bigint): string {
  let h = basis;
  for (const byte of Buffer.from(text)) h = BigInt.asUintN(64, (h ^ BigInt(byte)) * 0x100000001b3n);
  return h.toString(16).padStart(16, '0');
}

/**
 * The file of one list: API, project (as given) and route. Not the token, not even hashed:
 * nothing derived from a secret is written (whoever reads this user's cache could switch
 * tokens as this user anyway).
 */
export function entryFile(root: string, parts: { apiUrl: string; project?: string; path: string }): string {
  const key = [parts.apiUrl, parts.project ?? '', parts.path].join('\0');
  return join(root, 'complete', `${fnv64(key, 0xcbf29ce484222325n)}${fnv64(key, 0x84222325cbf29ce4n)}.json`);
}

/** The entry as stored, whatever its age (the caller decides what is fresh); undefined when unusable. */
export function readEntry(file: string, now: number): Entry | undefined {
  try {
    const ageMs = now - statSync(file).mtimeMs;
    // A file from the future (a clock set back) proves nothing about its age.
    if (ageMs < -5_000) return undefined;
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!data || typeof data !== 'object') return undefined;
    const { v, items, failed } = data as Record<string, unknown>;
    if (v !== 1 || !isNamedList(items)) return undefined;
    return { items, failed: failed === true, ageMs: Math.max(0, ageMs) };
  } catch {
    return undefined;
  }
}

/** Whether an entry may be offered now. */
export function isFresh(entry: Entry): boolean {
  return entry.ageMs < (entry.failed ? FAILED_TTL_MS : TTL_MS);
}

/** Stores the items (or a failure) atomically; any error leaves things as they were. */
export function writeEntry(file: string, items: readonly Named[] | 'failed'): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const body = items === 'failed' ? { v: 1, failed: true, items: [] } : { v: 1, items: items.map((i) => ({ id: i.id, names: i.names })) };
    writeFileSync(tmp, JSON.stringify(body), { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // nothing more to do: the cache only saves requests
    }
  }
}
