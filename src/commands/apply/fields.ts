// The fields of a resource in an apply file, as data: the key the file uses, its type, whether
// an update can change it, how the live value is read from the API's resource and how a value
// is sent. One set of functions checks a file's value, reads the live one and compares them,
// for every family (docs/apply-format.md).
import { UsageError } from '../../cli/errors.js';
import type { YamlValue } from '../../shared/yaml-write.js';

export type Value = YamlValue;
type Raw = Record<string, unknown>;

export type FieldType = 'text' | 'int' | 'number' | 'bool' | 'texts' | 'rules';

export interface Field {
  key: string;
  type: FieldType;
  /** null is a value of its own ("none", as `body_keyword: null` clears the keyword). */
  nullable?: boolean;
  choices?: readonly (string | number)[];
  min?: number;
  max?: number;
  /** false: only a create sets it (a difference on an existing resource cannot be applied). */
  update: boolean;
  /** The live value; undefined when the server does not say (then nothing is compared). */
  read?: (raw: Raw) => Value | undefined;
  /** The request field (default: the key). */
  wire?: string;
  toWire?: (v: Value) => unknown;
  /** toWire gives several request fields (an image reference: image and image_tag). */
  spreads?: boolean;
  /** A list whose order means nothing: compared, and exported, sorted. */
  set?: boolean;
  /**
   * Checks and normalises a value the type allows (a duration to seconds, a rule's defaults).
   * `live`: the value is the server's, where what the file cannot say is left out, not refused.
   */
  normalise?: (v: Value, where: string, live?: boolean) => Value;
}

/** A message for a bad file: `--file: deploy.yaml: caches[1].engine: ...` (exit 2, before any request). */
export function fileError(label: string, where: string, message: string): UsageError {
  return new UsageError(`--file: ${label}: ${where}: ${message}`, "'infra apply --help' describes the file; 'infra export' writes one");
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value of one field of a file entry, checked against its type; throws the line-or-path message. */
export function checkValue(f: Field, v: unknown, where: string): Value {
  const bad = (what: string) => new TypeError(`${where} must be ${what}`);
  if (v === null) {
    if (f.nullable) return null;
    throw bad(`${describe(f)}, not null`);
  }
  let out: Value;
  switch (f.type) {
    case 'text':
      if (typeof v !== 'string' || v.trim() === '') throw bad(`${describe(f)} (got ${shown(v)})`);
      out = v;
      break;
    case 'int':
      if (typeof v !== 'number' || !Number.isInteger(v)) throw bad(`${describe(f)} (got ${shown(v)})`);
      out = v;
      break;
    case 'number':
      if (typeof v !== 'number' || !Number.isFinite(v)) throw bad(`${describe(f)} (got ${shown(v)})`);
      out = v;
      break;
    case 'bool':
      if (typeof v !== 'boolean') throw bad(`true or false (got ${shown(v)})`);
      out = v;
      break;
    case 'texts':
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || x === '')) throw bad(`a list of texts (got ${shown(v)})`);
      out = f.set ? [...new Set(v as string[])].sort() : (v as string[]);
      if (f.choices) for (const x of out as string[]) if (!f.choices.includes(x)) throw bad(`a list of ${f.choices.join(', ')} (got "${x}")`);
      return out;
    case 'rules':
      if (!Array.isArray(v) || v.some((x) => !isMap(x))) throw bad(`a list of rules, each a mapping (got ${shown(v)})`);
      out = v as Value;
      break;
  }
  if (typeof out === 'number' && ((f.min !== undefined && out < f.min) || (f.max !== undefined && out > f.max))) throw bad(`${describe(f)} (got ${out})`);
  if (f.choices && !f.choices.includes(out as string | number)) throw bad(`one of ${f.choices.join(', ')} (got ${shown(out)})`);
  return f.normalise ? f.normalise(out, where) : out;
}

function describe(f: Field): string {
  const range = f.min !== undefined && f.max !== undefined ? ` from ${f.min} to ${f.max}` : f.min !== undefined ? ` of at least ${f.min}` : '';
  const words: Record<FieldType, string> = { text: 'a text', int: `a whole number${range}`, number: 'a number', bool: 'true or false', texts: 'a list of texts', rules: 'a list of rules' };
  return words[f.type];
}

function shown(v: unknown): string {
  if (Array.isArray(v)) return 'a list';
  if (isMap(v)) return 'a mapping';
  return typeof v === 'string' ? `"${v}"` : String(v);
}

/** The live value of a field as the file would say it, or undefined when the server does not say. */
export function liveValue(f: Field, raw: Raw): Value | undefined {
  const v = f.read ? f.read(raw) : (raw[f.key] as Value | undefined);
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (f.type === 'texts' && Array.isArray(v)) return f.set ? [...new Set(v as string[])].sort() : v;
  if (f.normalise) {
    try {
      return f.normalise(v, f.key, true);
    } catch {
      return v;
    }
  }
  return v;
}

/** Equal as the file means it (same JSON, lists of a set sorted already). */
export function same(a: Value | undefined, b: Value | undefined): boolean {
  return canonical(a) === canonical(b);
}

function canonical(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isMap(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** The request fields for these values of the file. */
export function wireOf(fields: readonly Field[], values: Record<string, Value>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    if (!(f.key in values)) continue;
    const v = values[f.key]!;
    const sent = f.toWire && v !== null ? f.toWire(v) : v;
    if (f.spreads && isMap(sent)) Object.assign(body, sent);
    else body[f.wire ?? f.key] = sent;
  }
  return body;
}

/** A nested value of a resource as read (`provider.type`). */
export function at(raw: Raw, ...path: string[]): Value | undefined {
  let v: unknown = raw;
  for (const p of path) {
    if (!isMap(v)) return undefined;
    v = v[p];
  }
  return v === undefined ? undefined : (v as Value);
}
