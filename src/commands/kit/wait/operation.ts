// The wait on a product's operation: a subject for the one runner (runner.ts) built from a
// read (a family's GET, or one of its own: a run, a build) and the words of operation-words.ts.
import type { App } from '../../../cli/app.js';
import type { Client } from '../../../client/index.js';
import type { Resource } from '../../../client/resources.js';
import { baselineOf } from '../../../wait/decide.js';
import type { WaitResult } from '../../../wait/poller.js';
import { runWait, type WaitSubject } from './runner.js';
import type { WaitFlags } from './flags.js';
import { lookOf, withStatus, type FamilySpec } from '../../resource/family.js';
import { operationResume, operationWords, type OperationSubject } from './operation-words.js';

/**
 * The subject of a wait on `verb` of a resource. `before`: the read taken just before the
 * change (null: a create, nothing earlier to confuse it with). Its revision and deployment
 * count are the baseline; the first read after the write gives observed_at (docs/behaviour.md#waits-baseline: the
 * action's answer carries no resource).
 */
export function subjectOf(spec: FamilySpec, verb: string, id: string, name: string, before: Resource | null): OperationSubject {
  return { command: spec.command, noun: spec.label, id, name, verb, target: { baseline: before === null ? null : baselineOf(withStatus(spec, before)) }, ...lookOf(spec, id) };
}

export interface WaitExtra {
  /** A read already in hand (a create's answer): decided first, no request. */
  initial?: Resource;
  /** A delete: done at the 404. */
  untilGone?: boolean;
  /**
   * How to read what is waited for, where it is not GET <path>/{id} of the family (a recovery
   * point found in its list, a restore operation, a run): a read in the status model's words.
   */
  fetch?: (signal: AbortSignal) => Promise<Resource>;
  /** The endpoint named when the reads cannot tell (with `fetch`). */
  endpoint?: string;
  /** The object --json prints at the end, where it is not the wait's final object (docs/behaviour.md#waits-json). */
  json?: (result: WaitResult) => unknown;
}

/** How a wait reads what is not a family's resource (a run, a build): the read and the route it names. */
export interface OwnRead extends Omit<WaitExtra, 'fetch' | 'endpoint' | 'initial'> {
  fetch: (signal: AbortSignal) => Promise<Resource>;
  endpoint: string;
  initial?: Resource;
}

/**
 * The one runner's subject from a read and the words of an operation: no family needed, so a
 * run or a build is waited for as itself, not as a stand-in family.
 */
export function readSubject(app: App, s: OperationSubject, read: OwnRead): WaitSubject {
  const project = app.settings.projectSource === 'flag' ? app.settings.project : undefined;
  // A change to an existing resource without a read of its own in hand: the first read after
  // the write is the server's last word before the operation (docs/behaviour.md#waits-baseline), never its verdict.
  const afterWrite = !read.initial && !read.untilGone && !!s.target.baseline && s.target.baseline.observed_at !== undefined && s.target.baseline.in_flight !== undefined;
  return {
    id: s.id,
    name: s.name,
    target: s.target,
    words: operationWords(s),
    read: read.fetch,
    endpoint: read.endpoint,
    resume: (seenFresh) => operationResume(s, project, seenFresh),
    ...(read.initial ? { initial: read.initial } : {}),
    ...(afterWrite ? { firstReadIsBaseline: true } : {}),
    ...(read.untilGone ? { untilGone: true } : {}),
    ...(read.json ? { json: read.json } : {}),
  };
}

/** The one runner's subject for an operation of a family. */
export function operationSubject(app: App, client: Client, spec: FamilySpec, s: OperationSubject, extra: WaitExtra = {}): WaitSubject {
  return readSubject(app, s, {
    ...extra,
    fetch: extra.fetch ?? (async (signal) => withStatus(spec, (await client.resources.get(spec.kind, s.id, { signal })).value)),
    endpoint: extra.endpoint ?? `GET /api/v1${spec.kind.path}/${s.id}`,
    ...(extra.initial ? { initial: withStatus(spec, extra.initial) } : {}),
  });
}

export function waitForOperation(app: App, client: Client, spec: FamilySpec, subject: OperationSubject, flags: WaitFlags, extra: WaitExtra = {}): Promise<number> {
  return runWait(app, client, operationSubject(app, client, spec, subject, extra), flags);
}

/** Waits for what `read` reads (a run, a build), in the words of an operation. */
export function waitForRead(app: App, client: Client, subject: OperationSubject, flags: WaitFlags, read: OwnRead): Promise<number> {
  return runWait(app, client, readSubject(app, subject, read), flags);
}
