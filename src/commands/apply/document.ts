// The apply file as one document (docs/apply-format.md): `apiVersion: infra/v1`, `kind:
// Project`, then one list per family, each resource keyed by its name. Today's `serverless
// apply` file (`containers:` alone, a list of containers, or one container) is read as the
// same document. Everything is checked before the first request: a bad file exits 2 naming the
// line (YAML syntax) or the path of the field (caches[1] (hot-keys).engine).
import type { App } from '../../cli/app.js';
import { UsageError } from '../../cli/errors.js';
import { parseYaml, YamlError } from '../../shared/yaml.js';
import { readInput } from '../kit/input.js';
import type { Adapter, Entry } from './adapter.js';
import { CONTAINERS } from './containers.js';
import { CACHES, DATABASES, FIREWALLS, METRIC_ALERTS, QUEUES, UPTIME_CHECKS } from './families.js';
import { fileError } from './fields.js';

export const API_VERSION = 'infra/v1';
export const KIND = 'Project';

/** Every family, in the order a file is applied and an export writes them. */
export const ADAPTERS: readonly Adapter[] = [FIREWALLS, DATABASES, CACHES, QUEUES, CONTAINERS, UPTIME_CHECKS, METRIC_ALERTS];

/** The words `export --family` takes for each family: its command word, its key, and the plural. */
export function adapterFor(word: string): Adapter | undefined {
  const w = word.trim().toLowerCase();
  return ADAPTERS.find((a) => a.family === w || a.key === w || `${a.family}s` === w || (a === CONTAINERS && w === 'container') || (a === UPTIME_CHECKS && w === 'uptime-checks'));
}

export interface Section {
  adapter: Adapter;
  entries: Entry[];
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads the file (`-`: standard input): YAML, or JSON when it ends in .json or starts with { or [. */
export async function readDocument(app: App, path: string): Promise<Section[]> {
  const { text, label } = await readInput(app, path, { flag: '--file', what: 'the apply file (-f -)' });
  return parseDocumentText(text, label, /\.json$/i.test(path));
}

/** Pure: the sections of a file's text. */
export function parseDocumentText(text: string, label: string, json: boolean): Section[] {
  let doc: unknown;
  if (json || /^\s*[[{]/.test(text)) {
    try {
      doc = JSON.parse(text);
    } catch (err) {
      throw new UsageError(`--file: ${label} is not valid JSON (${(err as Error).message})`);
    }
  } else {
    try {
      doc = parseYaml(text);
    } catch (err) {
      if (err instanceof YamlError) throw new UsageError(`--file: ${label}: ${err.message}`, 'the file can also be JSON, with the same fields');
      throw err;
    }
  }
  return parseDocument(doc, label);
}

/** Pure: the sections of a parsed document, checked whole. */
export function parseDocument(doc: unknown, label: string): Section[] {
  // Today's serverless apply file: a list of containers, or one container.
  if (Array.isArray(doc)) return [section(CONTAINERS, doc, label)];
  if (!isMap(doc)) throw new UsageError(`--file: ${label}: the file holds no document (expected apiVersion: ${API_VERSION}, kind: ${KIND} and a list per family)`);
  if (!('apiVersion' in doc) && !ADAPTERS.some((a) => a.key in doc) && 'image' in doc) return [section(CONTAINERS, [doc], label)];
  if ('apiVersion' in doc && doc.apiVersion !== API_VERSION) throw fileError(label, 'apiVersion', `this version of infra reads ${API_VERSION} (got ${JSON.stringify(doc.apiVersion)})`);
  if ('kind' in doc && doc.kind !== KIND) throw fileError(label, 'kind', `must be ${KIND} (got ${JSON.stringify(doc.kind)})`);
  const sections: Section[] = [];
  for (const key of Object.keys(doc)) {
    if (key === 'apiVersion' || key === 'kind') continue;
    if (!ADAPTERS.some((a) => a.key === key)) throw fileError(label, key, `unknown family (known: ${ADAPTERS.map((a) => a.key).join(', ')})`);
  }
  for (const adapter of ADAPTERS) {
    const list = doc[adapter.key];
    if (list === undefined || list === null) continue;
    sections.push(section(adapter, list, label));
  }
  return sections;
}

function section(adapter: Adapter, list: unknown, label: string): Section {
  if (!Array.isArray(list)) throw fileError(label, adapter.key, `must be a list of ${adapter.noun}s (each "- name: ...")`);
  const entries = list.map((item, i) => adapter.parse(item, `${adapter.key}[${i}]`, label));
  const seen = new Map<string, string>();
  for (const e of entries) {
    const first = seen.get(e.name);
    if (first) throw fileError(label, e.where, `the name is given twice (first at ${first}): a file describes each ${adapter.noun} once`);
    seen.set(e.name, e.where);
  }
  return { adapter, entries };
}
