// The plan of `serverless apply`, pure: for each container wanted, the one it is now (found by
// name, else by slug), and what to send: a create with the defaults for what is left out, an
// update with only the fields that differ (the environment merged as `update` merges it), or
// nothing at all.
import { CliError, UsageError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { need } from '../../client/wire.js';
import type { Container } from '../../client/schemas.js';
import type { ContainerChange } from '../../client/serverless.js';
import type { Desired } from './apply-input.js';
import { CREATE_DEFAULTS } from './create.js';
import { slugFrom, type Settings } from './flags.js';

export type Action = 'create' | 'update' | 'unchanged';

type Value = string | number | boolean | null;

export interface DiffLine {
  /** `image`, `port`, `min_scale`, `env.LOG_LEVEL`... */
  field: string;
  from: Value;
  to: Value;
  /** An environment value: masked unless --show-secrets. */
  secret?: boolean;
}

export interface Plan {
  desired: Desired;
  action: Action;
  current?: Container;
  change: ContainerChange;
  diff: DiffLine[];
}

/** The container a wanted one is: same name; else the same slug (a rename). Two with the name: exit 2. */
export function match(d: Desired, items: readonly Container[]): Container | undefined {
  const byName = items.filter((c) => c.name === d.name);
  if (byName.length > 1)
    throw new UsageError(`${byName.length} containers are named "${d.name}" (${byName.map((c) => c.id).join(', ')}); apply cannot tell which one is meant`, 'give each a distinct name first');
  if (byName[0]) return byName[0];
  const slug = d.slug ?? slugFrom(d.name);
  return items.find((c) => c.slug === slug);
}

const imageRef = (image: string | null | undefined, tag: string | null | undefined) => (image ? `${image}:${tag ?? 'latest'}` : null);

export function planOne(d: Desired, current: Container | undefined): Plan {
  return current ? planUpdate(d, current) : planCreate(d);
}

function planCreate(d: Desired): Plan {
  const change: ContainerChange = {
    name: d.name,
    slug: d.slug ?? slugFrom(d.name),
    deployment_type: 'docker_image',
    image: d.image,
    image_tag: d.image_tag,
    port: d.port ?? CREATE_DEFAULTS.port,
    resource_profile: d.profile ?? CREATE_DEFAULTS.resource_profile,
    min_scale: d.min ?? CREATE_DEFAULTS.min_scale,
    max_scale: d.max ?? CREATE_DEFAULTS.max_scale,
  };
  if (change.min_scale! > change.max_scale!)
    throw new UsageError(`${d.source}: min ${change.min_scale} is greater than the maximum scale ${change.max_scale}`, `give max as well (the default maximum is ${CREATE_DEFAULTS.max_scale})`);
  const settings = d.settings;
  Object.assign(change, settings);
  const env = Object.fromEntries(d.env);
  if (d.env.length) change.environment_variables = env;
  const diff: DiffLine[] = [
    { field: 'name', from: null, to: d.name },
    { field: 'slug', from: null, to: change.slug! },
    { field: 'image', from: null, to: imageRef(d.image, d.image_tag) },
    { field: 'port', from: null, to: change.port! },
    { field: 'min_scale', from: null, to: change.min_scale! },
    { field: 'max_scale', from: null, to: change.max_scale! },
    { field: 'resource_profile', from: null, to: change.resource_profile! },
    ...Object.entries(settings).map(([field, to]) => ({ field, from: null, to })),
    ...Object.keys(env)
      .sort()
      .map((k) => ({ field: `env.${k}`, from: null, to: env[k]!, secret: true })),
  ];
  return { desired: d, action: 'create', change, diff };
}

function planUpdate(d: Desired, c: Container): Plan {
  const change: ContainerChange = {};
  const diff: DiffLine[] = [];
  const set = <K extends keyof ContainerChange>(field: K, from: ContainerChange[K] | null | undefined, to: ContainerChange[K] | undefined) => {
    if (to === undefined || to === from) return;
    change[field] = to;
    diff.push({ field, from: (from ?? null) as Value, to: to as Value });
  };
  if (c.name !== d.name) set('name', c.name, d.name);
  if (d.slug !== undefined) set('slug', c.slug, d.slug);
  if (c.image !== d.image || c.image_tag !== d.image_tag) {
    Object.assign(change, { image: d.image, image_tag: d.image_tag });
    diff.push({ field: 'image', from: imageRef(c.image, c.image_tag), to: imageRef(d.image, d.image_tag) });
  }
  set('port', c.port, d.port);
  set('min_scale', c.min_scale, d.min);
  set('max_scale', c.max_scale, d.max);
  set('resource_profile', c.resource_profile, d.profile);
  for (const [field, to] of Object.entries(d.settings) as [keyof Settings, number | boolean][]) {
    // A server that does not send the setting (older than v1.7.0) gives nothing to compare:
    // sending it every time would roll out on every apply, and the server may drop it anyway.
    if (c[field] === undefined)
      throw new CliError(
        ExitCode.FAILED,
        `${d.source}: the server does not report ${field} for ${c.name ?? c.id} (it may predate API v1.7.0), so apply cannot tell whether it differs`,
        `leave it out of the description, or set it once with: infra serverless update ${c.id} ${SETTING_FLAGS[field](to)}`,
      );
    set(field, c[field], to as never);
  }
  const min = change.min_scale ?? c.min_scale;
  const max = change.max_scale ?? c.max_scale;
  if (min !== undefined && min !== null && max !== undefined && max !== null && min > max) throw new UsageError(`${d.source}: min ${min} would be greater than max ${max}`, 'give both min and max');
  if (d.env.length || d.unsetEnv.length) {
    // PUT replaces environment_variables as a whole (docs/behaviour.md#wire): the merged map is sent.
    // Without the current map an update would drop every other variable: refused, not guessed.
    const now = need(c.environment_variables, `GET /api/v1/serverless/${c.id}`, 'container.environment_variables');
    const next: Record<string, string> = { ...now };
    for (const [k, v] of d.env) next[k] = v;
    for (const k of d.unsetEnv) delete next[k];
    const keys = [...new Set([...Object.keys(now), ...Object.keys(next)])].sort();
    const envDiff = keys.filter((k) => now[k] !== next[k]).map((k) => ({ field: `env.${k}`, from: now[k] ?? null, to: next[k] ?? null, secret: true }));
    if (envDiff.length) {
      change.environment_variables = next;
      diff.push(...envDiff);
    }
  }
  return { desired: d, action: diff.length ? 'update' : 'unchanged', current: c, change, diff };
}

const SETTING_FLAGS: Record<keyof Settings, (v: number | boolean) => string> = {
  initial_scale: (v) => `--initial-scale ${v}`,
  scale_down_delay_seconds: (v) => `--scale-down-delay ${v}s`,
  build_cache_enabled: (v) => (v ? '--build-cache' : '--no-build-cache'),
};

/** A diff line for people: `~ image: a → b`, `+ env.X: (set)`; values of env masked unless shown. */
export function diffText(l: DiffLine, showSecrets: boolean): string {
  const show = (v: Value) => (v === null ? '' : l.secret && !showSecrets ? '(set)' : String(v));
  if (l.from === null) return `+ ${l.field}: ${show(l.to)}`;
  if (l.to === null) return `- ${l.field}${l.secret && !showSecrets ? '' : `: ${show(l.from)}`}`;
  return l.secret && !showSecrets ? `~ ${l.field}: (changed)` : `~ ${l.field}: ${show(l.from)} → ${show(l.to)}`;
}

/** The diff for --json: the same lines, env values masked unless --show-secrets. */
export function diffJson(diff: readonly DiffLine[], showSecrets: boolean) {
  return diff.map((l) => ({ field: l.field, from: l.secret && !showSecrets && l.from !== null ? '***' : l.from, to: l.secret && !showSecrets && l.to !== null ? '***' : l.to }));
}
