// A container's rollout as the commands wait for it: the subject the one runner
// (src/commands/kit/wait/runner.ts) follows, and the change flow of docs/behaviour.md#waits-without-generations around a write on a
// server without generations: a running rollout settled first (--wait) or warned about, the
// latest operation noted before the write, the write's answer (or the first read after it)
// as the baseline and never as the verdict.
import type { App } from '../../../cli/app.js';
import { CliError } from '../../../cli/errors.js';
import type { Client } from '../../../client/index.js';
import type { Container } from '../../../client/schemas.js';
import type { ContainerRead } from '../../../client/serverless.js';
import { baselineOf, changeBaseline, showsInFlight, type LatestOperation, type Target } from '../../../wait/decide.js';
import { follow, manyError, runWait, runWaits, worstExit, type Finished, type WaitSubject } from './runner.js';
import { remaining, type WaitFlags } from './flags.js';
import { ExitCode } from '../../../shared/exit-codes.js';
import type { SharedReads } from '../../../wait/shared-reads.js';
import { sharedContainerReads } from './container-list.js';
import { changeLabel, resumeCommand, rolloutWords, runningWords, type Subject } from './rollout-words.js';

export { manyError, worstExit, type Finished };
export type { Subject };

export interface WaitStart {
  /** A read already in hand, decided first without a request (never a write's answer without generations). */
  initial?: Container;
  /** The first read after the write is the baseline (a redeploy's 202 carries no container). */
  firstReadIsBaseline?: boolean;
  /** The server's pacing before the first re-read (a create's `operation.poll_after_ms`). */
  pollAfterMs?: number;
}

export interface WaitItem {
  subject: Subject;
  start: WaitStart;
}

/** The container's latest operation (docs/behaviour.md#waits-operation); null when the route answers 404 or fails: the wait falls back. */
async function latestOperation(client: Client, id: string, signal: AbortSignal): Promise<LatestOperation | null> {
  try {
    return (await client.serverless.operation(id, { signal })).operation;
  } catch (err) {
    if (signal.aborted) throw err;
    return null;
  }
}

export function rolloutSubject(app: App, client: Client, item: WaitItem, shared?: SharedReads<Container>): WaitSubject {
  const { subject: s, start } = item;
  const project = app.settings.projectSource === 'flag' ? app.settings.project : undefined;
  const withOperation = s.target.operationBefore !== undefined;
  // The list carries no operation, and a baseline is read on its own: those waits read their container.
  const fromList = shared && !withOperation && !start.firstReadIsBaseline ? shared.reader(s.id, s.target) : undefined;
  return {
    id: s.id,
    name: s.name,
    target: s.target,
    words: rolloutWords(s),
    read:
      fromList ??
      (async (signal) => {
        const [c, op] = await Promise.all([client.serverless.get(s.id, { signal }), withOperation ? latestOperation(client, s.id, signal) : undefined]);
        return op === undefined ? c.container : { ...c.container, latest_operation: op };
      }),
    endpoint: `GET /api/v1/serverless/${s.id}`,
    resume: (seenFresh) => resumeCommand(s, project, seenFresh),
    ...(start.initial ? { initial: start.initial } : {}),
    ...(start.firstReadIsBaseline ? { firstReadIsBaseline: true } : {}),
    ...(start.pollAfterMs ? { pollAfterMs: start.pollAfterMs } : {}),
    ...(s.target.generation !== undefined ? { generation: s.target.generation } : {}),
    github: true,
  };
}

export function waitAndReport(app: App, client: Client, subject: Subject, start: WaitStart, flags: WaitFlags, extraJson: Record<string, unknown> = {}): Promise<number> {
  return runWait(app, client, rolloutSubject(app, client, { subject, start }), flags, extraJson);
}

/**
 * Waits on every container at once, one line each as it finishes (see runWaits). Several
 * containers share one list read per cycle (docs/behaviour.md#waits-shared); one reads its own.
 */
export function waitMany(app: App, client: Client, items: readonly WaitItem[], flags: WaitFlags): Promise<Finished[]> {
  const shared = items.length > 1 ? sharedContainerReads(client, app.ctx.clock, app.ctx.signal, flags.intervalMs) : undefined;
  return runWaits(
    app,
    client,
    items.map((i) => rolloutSubject(app, client, i, shared)),
    flags,
  );
}

/** The container before a change: the list item resolution found, or one read. */
export async function readBefore(app: App, client: Client, ref: string): Promise<{ id: string; before: Container; name: string }> {
  const resolved = await client.serverless.resolve(ref, { signal: app.ctx.signal });
  const before = resolved.item ?? (await client.serverless.get(resolved.id, { signal: app.ctx.signal })).container;
  return { id: resolved.id, before, name: before.name ?? ref };
}

/** What a change is judged against (docs/behaviour.md#waits-without-generations), taken before the write. */
export interface Prepared {
  id: string;
  name: string;
  /** The settled read just before the write (the list item on servers with generations). */
  before: Container;
  /** docs/behaviour.md#waits-operation: the latest operation's id before the write; undefined where the server has no such route. */
  operationBefore?: string | null;
  /** The wait flags, less the time a settle took. */
  flags: WaitFlags;
  /** The reference as typed: hints name the container the same way. */
  ref?: string;
}

/**
 * docs/behaviour.md#waits-running: on a server without generations, a rollout already running when a change is
 * sent would answer for the change (and may drop it). With --wait it is settled first (one
 * line says so, within the same --timeout); without, the change goes and a warning says so.
 * Servers with generations tell the changes apart: nothing changes there.
 */
export async function prepareChange(app: App, client: Client, ref: string, flags: WaitFlags): Promise<Prepared> {
  const { id, before: item, name } = await readBefore(app, client, ref);
  return prepareKnown(app, client, { id, name, item, ref }, flags);
}

/** prepareChange for a container already read (`item`: its list item or a read). */
export async function prepareKnown(app: App, client: Client, known: { id: string; name: string; item: Container; ref: string }, flags: WaitFlags): Promise<Prepared> {
  const { id, name, item, ref } = known;
  if (item.spec_generation !== undefined && item.spec_generation !== null) return { id, name, ref, before: item, flags };
  if (!flags.wait) {
    if (showsInFlight(item))
      app.warn(
        `a rollout of ${name} is still running; the change is sent anyway, and a server without generations may drop a change sent mid-rollout (add --wait to let the running rollout finish first)`,
      );
    return { id, name, ref, before: item, flags };
  }
  const signal = app.ctx.signal;
  // The list item may be older than the platform's last look: a current read decides.
  let [{ container: current }, op] = await Promise.all([client.serverless.get(id, { signal }), latestOperation(client, id, signal)]);
  let left = flags;
  // A stale status is not trusted either way (docs/behaviour.md#waits-reading): it does not hold the change back.
  if (showsInFlight(current)) {
    app.info(`a rollout of ${name} is already running: waiting for it to finish before sending the change`);
    const started = app.ctx.clock.now();
    const settled = await follow(app, client, { ...rolloutSubject(app, client, { subject: { id, name, target: {} }, start: { initial: current } }), words: runningWords(name, id) }, flags);
    settledOrThrow(app, settled, ref);
    current = settled.result.container as Container;
    left = remaining(flags, app.ctx.clock.now() - started);
    op = await latestOperation(client, id, signal);
  }
  return { id, name, ref, before: current, flags: left, ...(op ? { operationBefore: op.operation_id ?? null } : {}) };
}

function settledOrThrow(app: App, f: Finished, ref: string): void {
  const outcome = f.result.outcome;
  if (outcome !== 'timeout' && outcome !== 'interrupted' && outcome !== 'impossible' && !f.result.deleted) return;
  const v = f.verdict;
  // --json: still one object at the end (docs/behaviour.md#waits-json), saying that nothing was sent.
  if (app.json) app.printJson({ ...f.json, change_sent: false });
  throw new CliError(v.exitCode, `${v.message.split(';')[0]}; the change was not sent`, `send it again once the running rollout has finished (infra serverless wait ${ref})`);
}

/**
 * What tells that a read describes this change: its generation where the server sends them
 * (docs/behaviour.md#waits-generations), else the evidence of docs/behaviour.md#waits-without-generations gathered by prepareChange and the write's answer.
 */
export function changeTarget(answer: Container | undefined, prepared: Pick<Prepared, 'before' | 'operationBefore'>): Target {
  const generation = answer?.spec_generation ?? undefined;
  if (generation !== undefined) return { generation, baseline: baselineOf(prepared.before) };
  return {
    baseline: changeBaseline(prepared.before, answer),
    ...(prepared.operationBefore !== undefined ? { operationBefore: prepared.operationBefore } : {}),
  };
}

/** How the wait starts after a write: only a read that carries a generation is decided at once (docs/behaviour.md#waits-baseline). */
export function changeStart(answer: Container | undefined, target: Target): WaitStart {
  if (target.generation !== undefined) return answer ? { initial: answer } : {};
  return { ...(answer ? { initial: answer } : {}), firstReadIsBaseline: true };
}

/**
 * Servers with generations number each change that rolls out. An update answer whose
 * spec_generation is no newer than the read before the write either started no rollout (the
 * server kept a setting such as build_cache_enabled without one) or lags: waiting on that
 * generation would report an earlier rollout's success as this change's. One re-read tells:
 * a newer generation is the change's (returned); none is 'none'; undefined: nothing to check
 * (a new generation in the answer, or a server without generations).
 */
export async function generationCheck(client: Client, id: string, before: Container, answer: Container | undefined, signal: AbortSignal): Promise<Container | 'none' | undefined> {
  const was = before.spec_generation ?? undefined;
  const now = answer?.spec_generation ?? undefined;
  if (was === undefined || now === undefined || now > was) return undefined;
  const again = (await client.serverless.get(id, { signal })).container;
  return (again.spec_generation ?? -1) > was ? again : 'none';
}

/** Says that a change started no rollout; with --json the container as answered (in the command's own object), as without --wait. */
export function noRollout(app: App, change: { id: string; name: string; generation: number; answer: ContainerRead; waited: boolean; verb?: string; extraJson?: Record<string, unknown> }): number {
  app.info(
    `${change.verb ?? 'updated'} ${change.name} (id ${change.id}): the server started no new generation for this change (spec_generation stays ${change.generation}), so no rollout follows${change.waited ? ' and there is none to wait for' : ''}`,
  );
  if (app.json) app.printJson(change.extraJson ? { ...change.extraJson, container: change.answer.raw } : change.answer.raw);
  return ExitCode.OK;
}

export interface Write {
  /** Past tense for the lines after it (`updated`, `rolled back`), or the words of the rollout (`redeploying`); a function when the write itself tells (a deploy's build names the image). */
  verb: string | (() => string);
  /** Members added to the --json object. */
  extraJson?: Record<string, unknown>;
  /** Said after the rollout the change started was waited for and ended well. */
  onWaited?: () => void;
  /**
   * When the time limit of --timeout began, where the write itself took part of it (a deploy
   * waits for its build first): the rollout gets what is left, at least a second.
   */
  waitingSince?: number;
  /** Waits in its own way instead of afterChange (a guarded deploy: serverless/guard.ts). */
  guard?: (change: Change, flags: WaitFlags) => Promise<number>;
}

/**
 * A write whose answer carries no container (a redeploy's 202, a deploy's finished build):
 * the read right after it tells the change's generation, unless the answer announced one.
 */
export interface Accepted {
  accepted: true;
  generation?: number;
}

/** What a write started: a rollout to wait for (its target and start), or none (said so, never waited for). */
export type Sent = { rollout: false; name: string; answer: ContainerRead } | { rollout: true; name: string; answer: ContainerRead; target: Target; start: WaitStart };

/**
 * The change steps every command shares: the write, then what tells that a read describes
 * this change. An answer with the container gets the generation check (a change that starts
 * no rollout is never waited for as an earlier generation); an acceptance without one, the
 * read right after it: its generation where it moved (or the one announced), else the
 * server's last word before the rollout (docs/behaviour.md#waits-baseline), never its verdict.
 */
export async function sendChange(client: Client, prepared: Prepared, write: () => Promise<ContainerRead | Accepted>, signal: AbortSignal): Promise<Sent> {
  const { id, name, before } = prepared;
  const answer = await write();
  if ('accepted' in answer) {
    const after = await client.serverless.get(id, { signal });
    const read = after.container;
    const bumped = read.spec_generation !== undefined && read.spec_generation !== null && read.spec_generation !== (before.spec_generation ?? undefined);
    const generation = answer.generation ?? (bumped ? read.spec_generation! : undefined);
    const target: Target = generation !== undefined ? { generation, baseline: baselineOf(before) } : changeTarget({ ...read, spec_generation: undefined }, prepared);
    return { rollout: true, name, answer: after, target, start: { initial: read, ...(generation === undefined ? { firstReadIsBaseline: true } : {}) } };
  }
  let c = answer.container;
  const checked = await generationCheck(client, id, before, c, signal);
  if (checked === 'none') return { rollout: false, name: c.name ?? name, answer };
  if (checked) c = checked;
  const target = changeTarget(c, prepared);
  return { rollout: true, name: c.name ?? name, answer, target, start: changeStart(c, target) };
}

/**
 * A change to a container (update, rollback, redeploy, the rollout after a deploy's build):
 * sendChange, then the report or the wait. Each command passes only its write.
 */
export async function changeAndWait(app: App, client: Client, prepared: Prepared, write: () => Promise<ContainerRead | Accepted>, how: Write): Promise<number> {
  const { id, before } = prepared;
  const sent = await sendChange(client, prepared, write, app.ctx.signal);
  const verb = typeof how.verb === 'function' ? how.verb() : how.verb;
  if (!sent.rollout) return noRollout(app, { id, name: sent.name, generation: before.spec_generation!, answer: sent.answer, waited: prepared.flags.wait, verb, extraJson: how.extraJson });
  const flags = how.waitingSince === undefined ? prepared.flags : remaining(prepared.flags, app.ctx.clock.now() - how.waitingSince, 1_000);
  const change: Change = { id, name: sent.name, ...(prepared.ref ? { ref: prepared.ref } : {}), target: sent.target, answer: sent.answer, start: sent.start, verb, extraJson: how.extraJson };
  const code = how.guard ? await how.guard(change, flags) : await afterChange(app, client, change, flags);
  if (prepared.flags.wait) how.onWaited?.();
  return code;
}

/** A create's target: nothing earlier to confuse it with. */
export function createTarget(answer: Container | undefined): Target {
  const generation = answer?.spec_generation ?? undefined;
  return { ...(generation !== undefined ? { generation } : {}), baseline: null };
}

export interface Change {
  id: string;
  name: string;
  /** The reference as typed, for the resume hint. */
  ref?: string;
  target: Target;
  answer?: ContainerRead;
  start?: WaitStart;
  verb: string;
  /** Members added to the --json object (with or without --wait). */
  extraJson?: Record<string, unknown>;
}

/**
 * After a create, update, redeploy or rollback: name the change, then either print the
 * container (`--json`) or the command to follow it, or wait for the rollout.
 */
export async function afterChange(app: App, client: Client, change: Change, flags: WaitFlags): Promise<number> {
  const subject: Subject = { id: change.id, name: change.name, target: change.target, ...(change.ref ? { ref: change.ref } : {}) };
  const gen = change.target.generation;
  app.info(`${change.verb} ${change.name} (id ${change.id})${gen !== undefined ? `: generation ${gen}` : ''}`);
  if (!flags.wait) {
    if (app.json)
      app.printJson(change.extraJson ? { ...change.extraJson, container: change.answer?.raw ?? { id: change.id, name: change.name } } : (change.answer?.raw ?? { id: change.id, name: change.name }));
    else app.hint(`follow the rollout with: ${resumeCommand(subject, app.settings.projectSource === 'flag' ? app.settings.project : undefined)}`);
    return ExitCode.OK;
  }
  return waitAndReport(app, client, subject, change.start ?? {}, flags, change.extraJson);
}

export { changeLabel };
