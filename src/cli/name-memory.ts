// Names remembered: the id a name (or slug) resolved to, kept ten minutes, so a second
// command naming the same container skips the walk of the whole list. One small file per
// API host, project (as given) and family under the user's cache directory, in `names/`,
// private to the user (0700 directory, 0600 files). It holds names and ids only: never a
// token, and it is not keyed by one (whoever reads this user's cache could switch tokens as
// this user anyway; a remembered id another account cannot read is simply looked up again).
//
// A remembered id is a guess, never an answer: the client checks it with a read of that id
// whose name must still match (src/client/resolve.ts), before anything acts on it. Every
// problem with the file (none, corrupt, read-only) means "nothing remembered": it only ever
// saves requests.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { NameMemory } from '../client/resolve.js';

/** How long a name is trusted to mean the same id without a walk (the check read still runs). */
export const NAME_TTL_MS = 10 * 60_000;
/** Names kept per file: the most recent ones. */
export const MAX_NAMES = 200;

interface Stored {
  id: string;
  at: number;
}

/** FNV-1a, 64 bits, from a given offset basis: two of them name a file. */
function fnv64(text: string, basis: bigint): string {
  let h = basis;
  for (const byte of Buffer.from(text)) h = BigInt.asUintN(64, (h ^ BigInt(byte)) * 0x100000001b3n);
  return h.toString(16).padStart(16, '0');
}

export function namesFile(root: string, parts: { apiUrl: string; project?: string; family: string }): string {
  const key = [parts.apiUrl, parts.project ?? '', parts.family].join('\0');
  return join(root, 'names', `${fnv64(key, 0xcbf29ce484222325n)}${fnv64(key, 0x84222325cbf29ce4n)}.json`);
}

function load(file: string): Record<string, Stored> {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!data || typeof data !== 'object' || (data as { v?: unknown }).v !== 1) return {};
    const names = (data as { names?: unknown }).names;
    if (!names || typeof names !== 'object') return {};
    const out: Record<string, Stored> = Object.create(null) as Record<string, Stored>;
    for (const [name, s] of Object.entries(names as Record<string, unknown>)) {
      const { id, at } = (s ?? {}) as { id?: unknown; at?: unknown };
      if (typeof id === 'string' && id.length > 0 && id.length <= 200 && typeof at === 'number' && Number.isFinite(at)) out[name] = { id, at };
    }
    return out;
  } catch {
    return {};
  }
}

function save(file: string, names: Record<string, Stored>): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    const kept = Object.entries(names)
      .sort((a, b) => b[1].at - a[1].at)
      .slice(0, MAX_NAMES);
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(tmp, JSON.stringify({ v: 1, names: Object.fromEntries(kept) }), { mode: 0o600 });
    renameSync(tmp, file);
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // nothing more to do: remembered names only save requests
    }
  }
}

/** The names of one API host and project, per family, in files under `root`. */
export function fileNameMemory(root: string, apiUrl: string, project: string | undefined, now: () => number): NameMemory {
  const fileOf = (family: string) => namesFile(root, { apiUrl, project, family });
  return {
    recall(family, name) {
      const s = load(fileOf(family))[name];
      const age = s ? now() - s.at : Number.POSITIVE_INFINITY;
      // A time from the future (a clock set back) proves nothing about the age.
      return s && age >= -5_000 && age < NAME_TTL_MS ? s.id : undefined;
    },
    remember(family, name, id) {
      const file = fileOf(family);
      const names = load(file);
      const t = now();
      for (const [n, s] of Object.entries(names)) if (t - s.at >= NAME_TTL_MS) delete names[n];
      names[name] = { id, at: t };
      save(file, names);
    },
    forget(family, name) {
      const file = fileOf(family);
      const names = load(file);
      if (!(name in names)) return;
      delete names[name];
      save(file, names);
    },
  };
}
