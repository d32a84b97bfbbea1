// What `apply` and `export` know of one family: how its entries in a file are checked, how its
// live resources are listed and exported, how a file entry compares with the live resource
// (the plan), and how a create or an update is sent. Most families are a table of fields over
// the generic resource calls (`resourceAdapter`); containers have their own (containers.ts).
import type { Client } from '../../client/index.js';
import type { ResourceKind } from '../../client/resources.js';
import { at, checkValue, fileError, liveValue, same, wireOf, type Field, type Value } from './fields.js';

type Raw = Record<string, unknown>;

/** A live resource: its id, its name and the resource as the API sent it. */
export interface Live {
  id: string;
  name: string;
  raw: Raw;
}

/** One resource of the file, checked: its name and its fields as the file gives them. */
export interface Entry {
  name: string;
  /** `caches[1] (hot-keys)`: where it was said, for messages. */
  where: string;
  values: Record<string, Value>;
}

/** One difference: `field: live -> file`; `live` undefined when the resource does not exist. */
export interface DiffLine {
  field: string;
  live: Value | undefined;
  file: Value;
  /** An environment value: never printed. */
  secret?: boolean;
  /** Said as a note, in place of a value (`kept: no value in the file`). */
  note?: string;
}

export type Action = 'create' | 'update' | 'unchanged';

/** A create's outcome: the id, and the write's answer (its shape is the family's). */
export interface Written {
  id: string;
  answer?: unknown;
}

export interface PlanOf {
  action: Action;
  diff: DiffLine[];
  /** Differences an update cannot make (a create-only field): apply refuses before any write. */
  blocked: string[];
  /** Said on stderr when applied (an environment variable the file names without a value). */
  notes: string[];
}

export interface Adapter {
  /** The document's key: `caches`. */
  key: string;
  /** The word of `export --family`: `cache`. */
  family: string;
  /** Words for messages: `cache`. */
  noun: string;
  /** How a person follows a change to completion (`infra cache wait ${id}`); none where a change is done at once. */
  follow?: (ids: readonly string[]) => string;
  /** Fields in the order the export writes them (name first). */
  fields: readonly Field[];
  /** Checks one entry of the file (throws exit 2 naming the path). */
  parse(value: unknown, where: string, label: string): Entry;
  list(client: Client, signal: AbortSignal): Promise<Live[]>;
  /** The resource as read in full where a list item may lack what is compared (a firewall's rules). */
  complete(client: Client, live: Live, signal: AbortSignal): Promise<Live>;
  /** The entry an export writes, or the reason it cannot be described (a container built from git). */
  exported(live: Live): Record<string, Value> | { skip: string };
  plan(entry: Entry, live: Live | undefined): PlanOf;
  /** Sends the create: the new id, and the answer as the client read it (apply --wait starts from it). */
  create(client: Client, entry: Entry, signal: AbortSignal): Promise<Written>;
  /** Sends the update: the answer as the client read it (undefined: nothing was sent). */
  update(client: Client, live: Live, entry: Entry, plan: PlanOf, signal: AbortSignal): Promise<unknown>;
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks an entry against a field table: a mapping, a name, known keys of the right types. */
export function parseEntry(fields: readonly Field[], value: unknown, where: string, label: string, required: readonly string[] = []): Entry {
  if (!isMap(value)) throw fileError(label, where, 'each entry is a mapping of fields (name: ..., and the others)');
  const name = value.name;
  if (typeof name !== 'string' || name.trim() === '') throw fileError(label, where, 'needs a name (a text): resources are matched by name');
  const at = `${where} (${name})`;
  const values: Record<string, Value> = {};
  for (const [k, v] of Object.entries(value)) {
    const f = fields.find((x) => x.key === k);
    if (!f) throw fileError(label, `${at}.${k}`, `unknown field (known: ${fields.map((x) => x.key).join(', ')})`);
    try {
      values[k] = checkValue(f, v, k);
    } catch (err) {
      if (err instanceof TypeError) throw fileError(label, at, err.message);
      throw err;
    }
  }
  for (const r of required) if (!(r in values)) throw fileError(label, at, `needs ${r} (a create cannot do without it)`);
  return { name, where: at, values };
}

/** Compares the file's fields with the live resource; a field the server does not report is not compared. */
export function planFields(fields: readonly Field[], entry: Entry, live: Live | undefined): PlanOf {
  const diff: DiffLine[] = [];
  const blocked: string[] = [];
  for (const f of fields) {
    if (!(f.key in entry.values)) continue;
    const file = entry.values[f.key]!;
    if (!live) {
      diff.push({ field: f.key, live: undefined, file });
      continue;
    }
    const now = liveValue(f, live.raw);
    if (now === undefined || same(now, file)) continue;
    diff.push({ field: f.key, live: now, file });
    if (!f.update) blocked.push(`${f.key} is set when the resource is created and cannot be changed (${String(now)} -> ${String(file)})`);
  }
  return { action: live ? (diff.length ? 'update' : 'unchanged') : 'create', diff, blocked, notes: [] };
}

/** The entry an export writes: the fields the server reports, in the table's order. */
export function exportFields(fields: readonly Field[], raw: Raw): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const f of fields) {
    const v = liveValue(f, raw);
    // null where the field takes none (a setting the server has not set) is left out: it stays as it is.
    if (v !== undefined && (v !== null || f.nullable)) out[f.key] = v;
  }
  return out;
}

export interface ResourceSpec {
  key: string;
  family: string;
  kind: ResourceKind;
  fields: readonly Field[];
  /** Fields a create needs. */
  required?: readonly string[];
  /** Sent with every create unless the file gives them (a datacenter). */
  defaults?: Record<string, unknown>;
  /** The update's request from the changed fields (an uptime check's PUT needs name and url every time). */
  updateBody?: (changed: Record<string, unknown>, entry: Entry, live: Live) => Record<string, unknown>;
  /** The read of one resource, when a list item lacks a field that is compared. */
  lacks?: (raw: Raw) => boolean;
  /** A PUT whose answer may carry the resource as null (a queue's). */
  updateAccepted?: boolean;
  /** The reason a live resource cannot be written in a file (an alert without a name). */
  skip?: (live: Live) => string | undefined;
  follow?: (ids: readonly string[]) => string;
}

/** A family whose resources are plain REST resources of the generic client. */
export function resourceAdapter(spec: ResourceSpec): Adapter {
  const { kind, fields } = spec;
  return {
    key: spec.key,
    family: spec.family,
    noun: kind.noun,
    ...(spec.follow ? { follow: spec.follow } : {}),
    fields,
    parse: (value, where, label) => parseEntry(fields, value, where, label, spec.required),
    async list(client, signal) {
      const out: Live[] = [];
      for await (const page of client.resources.pages(kind, { all: true, signal })) {
        for (const item of page.items) {
          const raw = item as unknown as Raw;
          const name = at(raw, 'name');
          out.push({ id: item.id, name: typeof name === 'string' ? name : '', raw });
        }
      }
      return out;
    },
    async complete(client, live, signal) {
      if (!spec.lacks?.(live.raw)) return live;
      const read = await client.resources.get(kind, live.id, { signal });
      return { ...live, raw: read.raw };
    },
    exported(live) {
      const reason = spec.skip?.(live);
      return reason ? { skip: reason } : exportFields(fields, live.raw);
    },
    plan: (entry, live) => planFields(fields, entry, live),
    async create(client, entry, signal) {
      const body = { ...spec.defaults, ...wireOf(fields, entry.values) };
      const created = await client.resources.create(kind, body, { signal });
      return { id: created.value.id, answer: created.value };
    },
    async update(client, live, entry, plan, signal) {
      const changed: Record<string, Value> = {};
      for (const l of plan.diff) changed[l.field] = entry.values[l.field]!;
      const wire = wireOf(fields, changed);
      const body = spec.updateBody ? spec.updateBody(wire, entry, live) : wire;
      if (spec.updateAccepted) return (await client.resources.updateAccepted(kind, live.id, body, { signal })).read?.value;
      return (await client.resources.update(kind, live.id, body, { signal })).value;
    },
  };
}
