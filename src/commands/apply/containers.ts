// Containers in an apply file: the fields of a `serverless apply` file entry (name, slug, image,
// port, min, max, profile, initial_scale, scale_down_delay, build_cache, env, unset_env), so
// today's serverless file is a valid `containers:` section, plus `keep_env`: the names of
// variables whose values the file does not hold. An export writes every variable's name there
// and no value: the values are secrets, and a name without a value leaves the value as it is
// (docs/apply-format.md#secrets).
import type { Client } from '../../client/index.js';
import type { ContainerChange } from '../../client/serverless.js';
import type { Container } from '../../client/schemas.js';
import { parseEntry, planFields, exportFields, type Adapter, type DiffLine, type Entry, type Live, type PlanOf } from './adapter.js';
import { fileError, wireOf, type Field, type Value } from './fields.js';

type Raw = Record<string, unknown>;

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
// A create's defaults, as `serverless apply` creates.
const CREATE_DEFAULTS = { port: 8080, resource_profile: 'small', min_scale: 0, max_scale: 3 };

/** `registry/app:1.2` → image and tag (no tag: latest); a digest cannot be sent. */
function splitImage(ref: string): { image: string; image_tag: string } {
  const slash = ref.lastIndexOf('/');
  const colon = ref.lastIndexOf(':');
  return colon > slash ? { image: ref.slice(0, colon), image_tag: ref.slice(colon + 1) } : { image: ref, image_tag: 'latest' };
}

/** `30s`, `5m`, `1h` or a number of seconds → `<seconds>s`, as compared and exported. */
function delayText(v: Value, where: string): Value {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return `${v}s`;
  const m = typeof v === 'string' ? /^(\d+)(s|m|h)$/.exec(v.trim()) : null;
  if (!m) throw new TypeError(`${where} must be a duration in whole seconds, minutes or hours (e.g. "30s", "5m")`);
  return `${Number(m[1]) * { s: 1, m: 60, h: 3600 }[m[2] as 's' | 'm' | 'h']}s`;
}

function checkImage(v: Value, where: string): Value {
  if (typeof v !== 'string' || v.includes('@') || /\s/.test(v)) throw new TypeError(`${where} must be an image reference name:tag (a digest cannot be sent)`);
  return v;
}

function checkNames(v: Value, where: string): Value {
  const bad = (v as string[]).find((k) => !ENV_KEY.test(k));
  if (bad !== undefined) throw new TypeError(`${where}: "${bad}" is not a variable name (letters, digits and _, not starting with a digit)`);
  return [...new Set(v as string[])].sort();
}

const FIELDS: readonly Field[] = [
  { key: 'name', type: 'text', update: false },
  { key: 'slug', type: 'text', update: true },
  {
    key: 'image',
    type: 'text',
    update: true,
    normalise: checkImage,
    read: (r) => (r.image ? `${r.image as string}:${(r.image_tag as string | null) ?? 'latest'}` : undefined),
    toWire: (v) => splitImage(v as string),
    spreads: true,
  },
  { key: 'port', type: 'int', min: 1, max: 65535, update: true },
  { key: 'min', type: 'int', min: 0, max: 1000, update: true, wire: 'min_scale', read: (r) => r.min_scale as Value | undefined },
  { key: 'max', type: 'int', min: 1, max: 1000, update: true, wire: 'max_scale', read: (r) => r.max_scale as Value | undefined },
  { key: 'profile', type: 'text', choices: ['free', 'micro', 'small', 'medium', 'large'], update: true, wire: 'resource_profile', read: (r) => r.resource_profile as Value | undefined },
  { key: 'initial_scale', type: 'int', min: 0, max: 1000, update: true },
  {
    key: 'scale_down_delay',
    type: 'text',
    update: true,
    wire: 'scale_down_delay_seconds',
    normalise: delayText,
    read: (r) => (typeof r.scale_down_delay_seconds === 'number' ? `${r.scale_down_delay_seconds}s` : undefined),
    toWire: (v) => Number(String(v).slice(0, -1)),
  },
  { key: 'build_cache', type: 'bool', update: true, wire: 'build_cache_enabled', read: (r) => r.build_cache_enabled as Value | undefined },
];
// Checked as a file's fields, planned here (not in FIELDS: they do not compare one to one).
const ENV_FIELDS: readonly Field[] = [
  { key: 'env', type: 'rules', update: true },
  { key: 'unset_env', type: 'texts', update: true, normalise: checkNames },
  { key: 'keep_env', type: 'texts', update: true, normalise: checkNames },
];

function parse(value: unknown, where: string, label: string): Entry {
  // A scale_down_delay may be given as a number of seconds in JSON; the table reads text.
  const v = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Raw) } : value;
  if (v && typeof v === 'object' && typeof (v as Raw).scale_down_delay === 'number') (v as Raw).scale_down_delay = `${(v as Raw).scale_down_delay}s`;
  const envGiven = v && typeof v === 'object' ? (v as Raw).env : undefined;
  if (v && typeof v === 'object') delete (v as Raw).env;
  const entry = parseEntry([...FIELDS, ...ENV_FIELDS], v, where, label, ['image']);
  if (envGiven !== undefined && envGiven !== null) {
    if (typeof envGiven !== 'object' || Array.isArray(envGiven)) throw fileError(label, `${entry.where}.env`, 'must be a mapping of NAME: value');
    const env: Record<string, Value> = {};
    for (const [k, val] of Object.entries(envGiven as Raw)) {
      if (!ENV_KEY.test(k)) throw fileError(label, `${entry.where}.env.${k}`, 'is not a variable name (letters, digits and _, not starting with a digit)');
      // A number or a bool is the text it reads as: an environment holds texts.
      if (typeof val === 'number' || typeof val === 'boolean') env[k] = String(val);
      else if (typeof val === 'string') env[k] = val;
      else throw fileError(label, `${entry.where}.env.${k}`, 'must be a text (to leave a value as it is, name the variable in keep_env)');
    }
    entry.values.env = env;
  }
  const names = (k: string) => (entry.values[k] as string[] | undefined) ?? [];
  const given = Object.keys((entry.values.env as Raw | undefined) ?? {});
  const both = [given.find((k) => names('unset_env').includes(k)), names('keep_env').find((k) => names('unset_env').includes(k) || given.includes(k))].find(Boolean);
  if (both) throw fileError(label, entry.where, `${both} is named twice (env, unset_env and keep_env each name a variable once)`);
  const min = entry.values.min as number | undefined;
  const max = entry.values.max as number | undefined;
  if (min !== undefined && max !== undefined && min > max) throw fileError(label, entry.where, `min ${min} is greater than max ${max}`);
  return entry;
}

function envOf(raw: Raw): Record<string, string> | undefined {
  const e = raw.environment_variables;
  return e && typeof e === 'object' && !Array.isArray(e) ? (e as Record<string, string>) : undefined;
}

/** The environment's part of the plan: set, unset, and names kept as they are (values never shown). */
function planEnv(entry: Entry, live: Live | undefined): { diff: DiffLine[]; notes: string[]; next?: Record<string, string> } {
  const want = (entry.values.env as Record<string, string> | undefined) ?? {};
  const unset = (entry.values.unset_env as string[] | undefined) ?? [];
  const keep = (entry.values.keep_env as string[] | undefined) ?? [];
  const now = (live && envOf(live.raw)) ?? {};
  const next: Record<string, string> = { ...now, ...want };
  for (const k of unset) delete next[k];
  const diff: DiffLine[] = [];
  for (const k of [...new Set([...Object.keys(now), ...Object.keys(next)])].sort()) {
    if (now[k] === next[k]) continue;
    diff.push({ field: `env.${k}`, live: k in now ? '(set)' : undefined, file: k in next ? '(set)' : null, secret: true });
  }
  const notes: string[] = [];
  for (const k of keep) {
    if (k in now) continue;
    diff.push({ field: `env.${k}`, live: undefined, file: null, secret: true, note: 'named in keep_env, but the file holds no value' });
    notes.push(`${entry.name}: ${k} is in keep_env but not set on the container, and the file holds no value for it: set it with: infra serverless update ${entry.name} --env ${k}=VALUE`);
  }
  const changed = diff.some((l) => !l.note);
  return { diff, notes, ...(changed ? { next } : {}) };
}

function plan(entry: Entry, live: Live | undefined): PlanOf {
  const base = planFields(FIELDS, entry, live);
  const env = planEnv(entry, live);
  const diff = [...base.diff, ...env.diff];
  const writes = base.diff.length > 0 || env.next !== undefined;
  return { action: live ? (writes || diff.length ? 'update' : 'unchanged') : 'create', diff, blocked: base.blocked, notes: env.notes };
}

function slugFrom(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);
}

export const CONTAINERS: Adapter = {
  key: 'containers',
  family: 'serverless',
  noun: 'container',
  follow: (ids) => `infra serverless wait ${ids.join(' ')}`,
  fields: [...FIELDS, ...ENV_FIELDS],
  parse,
  async list(client, signal) {
    const out: Live[] = [];
    for await (const page of client.serverless.pages({ all: true, signal })) for (const c of page.items) out.push({ id: c.id, name: c.name ?? '', raw: c as unknown as Raw });
    return out;
  },
  async complete(client, live, signal) {
    // Without the current environment an update would drop every other variable: read it in full.
    if (envOf(live.raw)) return live;
    const read = await client.serverless.get(live.id, { signal });
    return { ...live, raw: read.container as unknown as Raw };
  },
  exported(live) {
    const c = live.raw as unknown as Container;
    if (c.deployment_type && c.deployment_type !== 'docker_image') return { skip: `container ${live.name} is deployed from ${c.deployment_type}, which a file does not describe (only images)` };
    const out = exportFields(FIELDS, live.raw);
    const names = Object.keys(envOf(live.raw) ?? {}).sort();
    if (names.length) out.keep_env = names;
    return out;
  },
  plan,
  async create(client, entry, signal) {
    const change = { ...CREATE_DEFAULTS, slug: slugFrom(entry.name), deployment_type: 'docker_image', ...wireOf(FIELDS, entry.values) } as ContainerChange;
    const env = entry.values.env as Record<string, string> | undefined;
    if (env && Object.keys(env).length) change.environment_variables = env;
    const created = await client.serverless.create(change, { signal });
    return { id: created.container.id, answer: created };
  },
  async update(client: Client, live, entry, p, signal) {
    const changed: Record<string, Value> = {};
    for (const l of p.diff) if (!l.field.startsWith('env.')) changed[l.field] = entry.values[l.field]!;
    const change = wireOf(FIELDS, changed) as ContainerChange;
    // PUT replaces environment_variables as a whole: the merged map is sent.
    const env = planEnv(entry, live);
    if (env.next) change.environment_variables = env.next;
    if (Object.keys(change).length) return client.serverless.update(live.id, change, { signal });
    return undefined;
  },
};
