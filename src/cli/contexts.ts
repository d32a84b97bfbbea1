// Contexts: named sets of (API URL, the tokens stored by host, default project) inside the one
// config file, so that two shells can work on two accounts at once (`--context`,
// INFRA_CONTEXT) without a write per command. Pure functions on the raw file; ./config.ts
// reads and writes it under its lock (docs/security/hosts-and-tokens.md#contexts).
//
// The file after the move:
//   { "current-context": "work", "contexts": { "default": {...}, "work": { "api-url", "project", "hosts" } },
//     "output": "json", "allow-http": "false" }
// A context keeps its own `hosts` map, so the rule "a token goes only to the host it was
// stored for" holds inside each context exactly as it did for the whole file before, and two
// contexts may hold two tokens for one host (two accounts on the same service).

export const DEFAULT_CONTEXT = 'default';
/** The settings a context holds (its tokens live beside them, under `hosts`). */
export const CONTEXT_KEYS = ['api-url', 'project'] as const;

type Raw = Record<string, unknown>;

export function isObject(v: unknown): v is Raw {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** Why a context name cannot be used (it is a key in a file and a word in shell prompts), or undefined. */
export function contextNameProblem(name: string): string | undefined {
  if (/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/.test(name)) return undefined;
  return `"${name}" is not a context name: use letters, digits, '.', '_' and '-' (at most 63, starting with a letter or digit)`;
}

/** The contexts of the file (an object of objects; anything else there is left out). */
export function contextsOf(raw: Raw): Record<string, Raw> {
  const out: Record<string, Raw> = {};
  if (!isObject(raw.contexts)) return out;
  for (const [name, entry] of Object.entries(raw.contexts)) if (isObject(entry)) out[name] = entry;
  return out;
}

/**
 * Moves the single config of an earlier infra (top-level `api-url`, `project`, `hosts`) into
 * the context `default`, without asking. Keys found at the top after the move were written
 * by an older infra since, so they are the newer ones and win. Returns whether anything moved.
 */
export function moveIntoContexts(raw: Raw): boolean {
  const loose = [...CONTEXT_KEYS, 'hosts'].filter((k) => raw[k] !== undefined);
  if (loose.length === 0 && (raw.contexts === undefined || raw['current-context'] !== undefined)) return false;
  const contexts = isObject(raw.contexts) ? raw.contexts : {};
  const target = isObject(contexts[DEFAULT_CONTEXT]) ? (contexts[DEFAULT_CONTEXT] as Raw) : {};
  for (const key of loose) {
    if (key === 'hosts' && isObject(raw.hosts) && isObject(target.hosts)) target.hosts = { ...target.hosts, ...raw.hosts };
    else target[key] = raw[key];
    delete raw[key];
  }
  if (loose.length > 0 || contexts[DEFAULT_CONTEXT] !== undefined) contexts[DEFAULT_CONTEXT] = target;
  raw.contexts = contexts;
  if (raw['current-context'] === undefined) raw['current-context'] = DEFAULT_CONTEXT;
  return true;
}

export type ContextSource = 'env' | 'config' | 'default';

export interface SelectedContext {
  name: string;
  /** env: INFRA_CONTEXT (or --context, which the entry hands on through it); config: current-context. */
  source: ContextSource;
  /** undefined: no such context (said when a command needs it). */
  entry?: Raw;
  known: string[];
}

/** The context a run uses: INFRA_CONTEXT (or --context) > the file's current-context > `default`. */
export function selectContext(raw: Raw, env: Record<string, string | undefined>): SelectedContext {
  const contexts = contextsOf(raw);
  const fromEnv = env.INFRA_CONTEXT?.trim();
  const current = typeof raw['current-context'] === 'string' && raw['current-context'].trim() !== '' ? raw['current-context'].trim() : undefined;
  const [name, source]: [string, ContextSource] = fromEnv ? [fromEnv, 'env'] : current ? [current, 'config'] : [DEFAULT_CONTEXT, 'default'];
  return { name, source, entry: contexts[name], known: Object.keys(contexts) };
}

/** Why the selected context cannot be used, in words, with the fix; undefined when it can. */
export function missingContext(sel: SelectedContext): { message: string; hint: string } | undefined {
  if (sel.entry !== undefined) return undefined;
  // A fresh file has no contexts yet: `default` is made by the first write.
  if (sel.name === DEFAULT_CONTEXT && sel.source !== 'env') return undefined;
  const from = sel.source === 'env' ? '--context/INFRA_CONTEXT' : "the config file's current-context";
  const known = sel.known.length ? `contexts: ${sel.known.join(', ')}` : 'no context is defined yet';
  return { message: `no context named "${sel.name}" (from ${from}); ${known}`, hint: `run 'infra context create ${sel.name}' or 'infra context list'` };
}

/** The settings of one run as the file held them before contexts: the global keys, and the selected context's. */
export function viewOf(raw: Raw, sel: SelectedContext): Raw {
  const view: Raw = {};
  for (const [k, v] of Object.entries(raw)) if (k !== 'contexts' && k !== 'current-context') view[k] = v;
  for (const [k, v] of Object.entries(sel.entry ?? {})) view[k] = v;
  return view;
}
