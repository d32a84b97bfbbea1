// What `serverless apply` is asked for: one container from the flags, or several from a file
// (`-f FILE`, `-f -` for standard input; JSON, or YAML for .yaml/.yml files and YAML on stdin)
// with the same fields as the flags. Everything is checked before the first request; each
// error names the file, the entry and the field (exit 2).
import type { App } from '../../cli/app.js';
import { UsageError } from '../../cli/errors.js';
import { readInput } from '../kit/input.js';
import { InvalidArgumentError } from 'commander';
import { delaySeconds, RESOURCE_PROFILES, settingsFrom, slugFrom, splitImage, type Settings } from './flags.js';
import { parseYaml, YamlError } from '../../shared/yaml.js';

/** One container as it should be. Fields left out are left as they are (a create uses the defaults). */
export interface Desired {
  name: string;
  slug?: string;
  image: string;
  image_tag: string;
  port?: number;
  min?: number;
  max?: number;
  profile?: string;
  /** The v1.7.0 settings given (a file's `scale_down_delay` is duration text, as the flag; here seconds). */
  settings: Settings;
  /** Set (merged into the current variables, as update does). */
  env: [string, string][];
  /** Removed when present. */
  unsetEnv: string[];
  /** Where it was said: `--name web` or `deploy.json: containers[1] (web)`. */
  source: string;
}

/** The keys of a file entry: the flags' names (`unset_env` for --unset-env). */
export const FILE_FIELDS = ['name', 'slug', 'image', 'port', 'env', 'unset_env', 'min', 'max', 'profile', 'initial_scale', 'scale_down_delay', 'build_cache'] as const;

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export interface FlagInput {
  name?: string;
  image?: string;
  slug?: string;
  port?: number;
  min?: number;
  max?: number;
  profile?: string;
  initialScale?: number;
  scaleDownDelay?: number;
  buildCache?: boolean;
  env: [string, string][];
  unsetEnv: string[];
}

/** The one container of the flags form (the flags' own parsers have checked each value). */
export function fromFlags(f: FlagInput): Desired[] {
  if (f.name === undefined || f.image === undefined) {
    const missing = [f.name === undefined ? '--name' : undefined, f.image === undefined ? '--image' : undefined].filter(Boolean).join(' and ');
    throw new UsageError(`apply needs ${missing}, or a file with -f FILE`, 'infra serverless apply --name web --image registry.sim.local/acme/web:1.3.0, or -f deploy.json');
  }
  const d: Desired = { name: f.name, ...splitImage(f.image), settings: settingsFrom(f), env: f.env, unsetEnv: f.unsetEnv, source: `--name ${f.name}` };
  if (f.slug !== undefined) d.slug = f.slug;
  if (f.port !== undefined) d.port = f.port;
  if (f.min !== undefined) d.min = f.min;
  if (f.max !== undefined) d.max = f.max;
  if (f.profile !== undefined) d.profile = f.profile;
  return [check(d, (m) => new UsageError(m))];
}

/** Reads and checks the file (`-` is standard input). */
export async function fromFile(app: App, path: string): Promise<Desired[]> {
  const { text, label } = await readInput(app, path, { flag: '--file', what: 'the apply file (-f -)' });
  const yaml = path === '-' ? !/^\s*[[{]/.test(text) : /\.ya?ml$/i.test(path);
  return yaml ? parseApplyYaml(text, label) : parseApplyFile(text, label);
}

/** Pure: the containers of a YAML file (the subset src/shared/yaml.ts reads). */
export function parseApplyYaml(text: string, label: string): Desired[] {
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (err) {
    if (err instanceof YamlError) throw new UsageError(`--file: ${label}: ${err.message}`, 'the file can also be JSON, with the same fields');
    throw err;
  }
  return parseApplyDoc(doc, label);
}

/**
 * Pure: the containers of a JSON file. Accepted: `{"containers": [...]}`, a bare array, or one
 * container object.
 */
export function parseApplyFile(text: string, label: string): Desired[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--file: ${label} is not valid JSON (${(err as Error).message})`);
  }
  return parseApplyDoc(doc, label);
}

/** Pure: the containers of a parsed file, whatever its syntax. */
export function parseApplyDoc(doc: unknown, label: string): Desired[] {
  const fail = (m: string) => new UsageError(`--file: ${label}: ${m}`);
  let entries: unknown[];
  let where: (i: number) => string;
  if (Array.isArray(doc)) [entries, where] = [doc, (i) => `[${i}]`];
  else if (isObject(doc) && 'containers' in doc) {
    const extra = Object.keys(doc).filter((k) => k !== 'containers');
    if (extra.length) throw fail(`unknown top-level field "${extra[0]}" (the file holds "containers")`);
    if (!Array.isArray(doc.containers)) throw fail('"containers" must be an array of containers');
    [entries, where] = [doc.containers, (i) => `containers[${i}]`];
  } else if (isObject(doc)) [entries, where] = [[doc], () => 'the container'];
  else throw fail('expected an object with "containers", an array, or one container object');
  if (entries.length === 0) throw fail('no containers in it');
  const out = entries.map((e, i) => entry(e, `${label}: ${where(i)}`));
  const seen = new Map<string, string>();
  for (const d of out) {
    const key = d.name;
    if (seen.has(key)) throw fail(`the container "${key}" is given twice`);
    seen.set(key, d.source);
  }
  const slugs = out.map((d) => d.slug ?? slugFrom(d.name));
  const dup = slugs.find((s, i) => slugs.indexOf(s) !== i);
  if (dup) throw fail(`two containers would have the slug "${dup}"`);
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function entry(raw: unknown, at: string): Desired {
  const fail = (m: string) => new UsageError(`--file: ${at}: ${m}`);
  if (!isObject(raw)) throw fail('each container is an object');
  const unknown = Object.keys(raw).filter((k) => !(FILE_FIELDS as readonly string[]).includes(k));
  if (unknown.length) throw fail(`unknown field "${unknown[0]}" (fields: ${FILE_FIELDS.join(', ')})`);
  const text = (k: string): string | undefined => {
    const v = raw[k];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || !v.trim() || /\s/.test(v.trim())) throw fail(`"${k}" must be a text without spaces`);
    return v.trim();
  };
  const int = (k: string, min: number, max: number): number | undefined => {
    const v = raw[k];
    if (v === undefined) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw fail(`"${k}" must be a whole number from ${min} to ${max}`);
    return v;
  };
  const name = text('name');
  if (name === undefined) throw fail('"name" is required');
  const image = text('image');
  if (image === undefined) throw fail(`"image" is required (${name})`);
  const place = `${at} (${name})`;
  const d: Desired = { name, ...splitImageAt(image, place), settings: {}, env: [], unsetEnv: [], source: place };
  const slug = text('slug');
  if (slug !== undefined) {
    if (!SLUG.test(slug)) throw fail('"slug" takes lowercase letters, digits and hyphens (at most 63, not starting or ending with a hyphen)');
    d.slug = slug;
  }
  const port = int('port', 1, 65535);
  if (port !== undefined) d.port = port;
  const min = int('min', 0, 1000);
  if (min !== undefined) d.min = min;
  const max = int('max', 1, 1000);
  if (max !== undefined) d.max = max;
  const profile = text('profile');
  if (profile !== undefined) {
    if (!(RESOURCE_PROFILES as readonly string[]).includes(profile)) throw fail(`"profile" must be one of ${RESOURCE_PROFILES.join(', ')}`);
    d.profile = profile;
  }
  // The bound of --initial-scale: the facts give none, a server's 422 speaks beyond it.
  const initialScale = int('initial_scale', 0, 1000);
  if (initialScale !== undefined) d.settings.initial_scale = initialScale;
  if (raw.scale_down_delay !== undefined) {
    const v = raw.scale_down_delay;
    if (typeof v !== 'string') throw fail('"scale_down_delay" must be a duration in whole seconds, such as "0s", "30s" or "5m"');
    try {
      d.settings.scale_down_delay_seconds = delaySeconds('scale_down_delay', v);
    } catch (err) {
      if (err instanceof InvalidArgumentError) throw fail(err.message.replace(/^scale_down_delay/, '"scale_down_delay"').replace(/\.$/, ''));
      throw err;
    }
  }
  if (raw.build_cache !== undefined) {
    if (typeof raw.build_cache !== 'boolean') throw fail('"build_cache" must be true or false');
    d.settings.build_cache_enabled = raw.build_cache;
  }
  if (raw.env !== undefined) {
    if (!isObject(raw.env)) throw fail('"env" must be an object of NAME: value');
    for (const [k, v] of Object.entries(raw.env)) {
      if (!ENV_KEY.test(k)) throw fail(`env: "${k}" is not a valid variable name (letters, digits and _, not starting with a digit)`);
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw fail(`env: the value of ${k} must be a text, a number or true/false`);
      d.env.push([k, String(v)]);
    }
  }
  if (raw.unset_env !== undefined) {
    if (!Array.isArray(raw.unset_env)) throw fail('"unset_env" must be an array of variable names');
    for (const k of raw.unset_env) {
      if (typeof k !== 'string' || !ENV_KEY.test(k)) throw fail(`unset_env: ${JSON.stringify(k)} is not a valid variable name`);
      d.unsetEnv.push(k);
    }
  }
  return check(d, fail);
}

function splitImageAt(ref: string, at: string): { image: string; image_tag: string } {
  try {
    return splitImage(ref);
  } catch (err) {
    throw new UsageError(`--file: ${at}: ${(err as Error).message.replace(/^--image /, 'image ')}`);
  }
}

function check(d: Desired, fail: (m: string) => Error): Desired {
  if (d.min !== undefined && d.max !== undefined && d.min > d.max) throw fail(`min ${d.min} is greater than max ${d.max}`);
  const both = d.unsetEnv.find((k) => d.env.some(([s]) => s === k));
  if (both) throw fail(`${both} is both set and unset`);
  if (d.slug === undefined && !slugFrom(d.name)) throw fail(`cannot derive a slug from the name "${d.name}": give one`);
  return d;
}
