// The plan of an apply file against the live state (reads only), how it is said (people: one
// line per resource and one per difference, `field: live -> file`; --json: one stable object),
// and the writes that carry it out, one resource at a time, never a delete.
import type { App } from '../../cli/app.js';
import { CliError } from '../../cli/errors.js';
import type { Client } from '../../client/index.js';
import { ExitCode } from '../../shared/exit-codes.js';
import type { Action, Adapter, DiffLine, Entry, Live, PlanOf } from './adapter.js';
import type { Section } from './document.js';
import type { Value } from './fields.js';

export interface Planned {
  adapter: Adapter;
  entry: Entry;
  live?: Live;
  plan: PlanOf;
}

/** Lists each family of the file once and compares every entry with the resource of its name. */
export async function planAll(client: Client, sections: readonly Section[], signal: AbortSignal): Promise<Planned[]> {
  const out: Planned[] = [];
  for (const { adapter, entries } of sections) {
    const lives = await adapter.list(client, signal);
    for (const entry of entries) {
      const matches = lives.filter((l) => l.name === entry.name);
      if (matches.length > 1)
        throw new CliError(
          ExitCode.FAILED,
          `${matches.length} ${adapter.noun}s are named "${entry.name}" (${matches.map((m) => m.id).join(', ')}): apply cannot tell which one ${entry.where} means`,
          'give each a distinct name first',
        );
      const live = matches[0] ? await adapter.complete(client, matches[0], signal) : undefined;
      out.push({ adapter, entry, ...(live ? { live } : {}), plan: adapter.plan(entry, live) });
    }
  }
  return out;
}

function valueText(v: Value | undefined): string {
  if (v === undefined) return '(none)';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/** `resource_profile: small -> medium`; an environment value is never shown, only whether it is set. */
export function diffText(l: DiffLine): string {
  if (l.note) return `${l.field}: ${valueText(l.live)} -> (${l.note})`;
  if (l.secret) return `${l.field}: ${l.live === undefined ? '(none)' : '(set)'} -> ${l.file === null ? '(removed)' : l.live === undefined ? '(set)' : '(changed)'}`;
  return `${l.field}: ${valueText(l.live)} -> ${valueText(l.file)}`;
}

/** One resource's difference for --json: `{field, live, file}`, an absent live value as null, secrets as "***". */
export function diffJson(diff: readonly DiffLine[]) {
  return diff.map((l) => ({
    field: l.field,
    live: l.secret ? (l.live === undefined ? null : '***') : (l.live ?? null),
    file: l.secret ? (l.file === null ? null : '***') : l.file,
    ...(l.note ? { note: l.note } : {}),
  }));
}

export function resourceJson(p: Planned, action: string, id?: string) {
  return { family: p.adapter.family, name: p.entry.name, id: id ?? p.live?.id ?? null, action, diff: diffJson(p.plan.diff) };
}

/** `cache hot-keys: would create` and its differences, on stdout. */
export function printPlanned(app: App, p: Planned, what: string): void {
  if (app.json) return;
  app.print(`${p.adapter.noun} ${p.entry.name}: ${what}${p.live ? ` (id ${p.live.id})` : ''}`);
  for (const l of p.plan.diff) app.print(`  ${diffText(l)}`);
}

/** What a dry run and a check call an action. */
export const WOULD: Record<Action, string> = { create: 'would create', update: 'would update', unchanged: 'unchanged' };
export const DRIFT: Record<Action, string> = { create: 'missing (absent from the live state)', update: 'drifted', unchanged: 'in sync' };

/** Differences no update can make: said all at once, before any write (exit 1). */
export function refuseBlocked(planned: readonly Planned[]): void {
  const blocked = planned.flatMap((p) => p.plan.blocked.map((b) => `${p.adapter.noun} ${p.entry.name}: ${b}`));
  if (blocked.length === 0) return;
  throw new CliError(
    ExitCode.FAILED,
    `apply changes nothing: ${blocked.length === 1 ? 'a difference' : `${blocked.length} differences`} cannot be applied:\n  ${blocked.join('\n  ')}`,
    'make the file say what the resource has (infra export writes it), or create the resource anew under another name',
  );
}

export interface Done {
  planned: Planned;
  action: 'created' | 'updated' | 'unchanged';
  id: string;
  /** The write's answer, as its family's client read it. */
  answer?: unknown;
  /** What the family's watcher gathered before the write (apply --wait). */
  prepared?: unknown;
}

/** With --wait: each family's watcher, asked before an update is sent (wait.ts). */
export interface BeforeWrite {
  prepare(p: Planned): Promise<unknown>;
}

/** Creates and updates, in the file's order; the first failure stops the run (what was done is printed). */
export async function execute(app: App, client: Client, planned: readonly Planned[], before?: BeforeWrite): Promise<Done[]> {
  const done: Done[] = [];
  for (const p of planned) {
    const signal = app.ctx.signal;
    if (p.plan.action === 'create') {
      const { id, answer } = await p.adapter.create(client, p.entry, signal);
      printPlanned(app, p, `created (id ${id})`);
      done.push({ planned: p, action: 'created', id, answer });
    } else if (p.plan.action === 'update' && p.plan.diff.some((l) => !l.note)) {
      const prepared = before ? await before.prepare(p) : undefined;
      const answer = await p.adapter.update(client, p.live!, p.entry, p.plan, signal);
      printPlanned(app, p, 'updated');
      done.push({ planned: p, action: 'updated', id: p.live!.id, answer, prepared });
    } else {
      // Unchanged, or only what no write can fix (a kept variable without a value): said as a warning.
      printPlanned(app, p, 'unchanged');
      done.push({ planned: p, action: 'unchanged', id: p.live!.id });
    }
    for (const n of p.plan.notes) app.warn(n);
  }
  return done;
}
