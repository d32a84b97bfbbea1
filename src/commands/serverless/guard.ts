// Guarded deploys (docs/behaviour.md#guarded-deploys): `--verify <path>` checks the new
// generation over HTTP once it is ready, and `--rollback-on-failure` sends the container back
// to its last good deployment when the rollout ends degraded or failed or the check fails,
// waits for that, and exits 8. Only a verdict rolls back: a client timeout (exit 6), Ctrl-C or
// a cancelled rollout never do, because none of them says the new generation is bad.
import { InvalidArgumentError } from 'commander';
import type { App } from '../../cli/app.js';
import { flag, option } from '../../cli/command.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { durationOption } from '../../cli/options.js';
import type { Client } from '../../client/index.js';
import type { Container } from '../../client/schemas.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { follow, sayFinished, verdictError, type Finished } from '../kit/wait/runner.js';
import type { WaitFlags } from '../kit/wait/flags.js';
import { probe } from './probe-measure.js';
import { probeUrl } from './probe.js';
import { deploymentImage, pickTarget, revisionLabel, rollbackChange } from './rollback-plan.js';
import { prepareKnown, rolloutSubject, sendChange, type Change } from '../kit/wait/container-flow.js';

const DEFAULT_VERIFY_TIMEOUT_MS = 10_000;

function verifyPath(value: string): string {
  const v = value.trim();
  if (!v || /\s/.test(v) || /^[a-z][a-z0-9+.-]*:/i.test(v)) throw new InvalidArgumentError('--verify takes a path such as /healthz (not a URL, no spaces).');
  return v.startsWith('/') ? v : `/${v}`;
}

/** --verify, --verify-timeout and --rollback-on-failure of the commands that roll a container out. */
export function guardOptions() {
  return {
    verify: option('--verify <path>', "once the rollout is ready, GET the container's URL with this path (e.g. /healthz); it must answer 2xx or 3xx (implies --wait)", verifyPath),
    verifyTimeout: option('--verify-timeout <duration>', 'how long the --verify request may take (default 10s)', durationOption('--verify-timeout', { min: 100 })),
    rollbackOnFailure: flag(
      '--rollback-on-failure',
      'when the rollout ends degraded or failed, or --verify fails: roll back to the last good deployment, wait for it and exit 8 (implies --wait; a timeout or Ctrl-C never rolls back)',
    ),
  };
}

export interface Guard {
  verifyPath?: string;
  verifyTimeoutMs: number;
  rollback: boolean;
}

/** The guard the flags ask for, or undefined; --verify-timeout alone is a usage error. */
export function guardOf(opts: { verify?: string; verifyTimeout?: number; rollbackOnFailure?: boolean }): Guard | undefined {
  if (opts.verify === undefined && opts.verifyTimeout !== undefined) throw new UsageError('--verify-timeout applies only with --verify', 'add --verify /healthz (a path of the container)');
  if (opts.verify === undefined && !opts.rollbackOnFailure) return undefined;
  return { ...(opts.verify !== undefined ? { verifyPath: opts.verify } : {}), verifyTimeoutMs: opts.verifyTimeout ?? DEFAULT_VERIFY_TIMEOUT_MS, rollback: opts.rollbackOnFailure === true };
}

export interface VerifyResult {
  url: string | null;
  status: number | null;
  ok: boolean;
  error?: string;
}

/** One GET of the container's URL + path: 2xx or 3xx within the time limit passes. */
async function verify(app: App, c: Container | undefined, path: string, timeoutMs: number): Promise<VerifyResult> {
  const base = c?.url ?? null;
  if (!base) return { url: null, status: null, ok: false, error: 'the container has no URL to check' };
  const url = probeUrl(base, path);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { url: url.toString(), status: null, ok: false, error: 'the URL is not http(s)' };
  const r = await probe(url, 0, { now: () => app.ctx.clock.now(), timeoutMs, signal: app.ctx.signal, userAgent: 'infra-cli verify' });
  if (app.ctx.signal.aborted) throw app.ctx.signal.reason;
  const status = r.first?.status ?? null;
  const ok = !r.error && status !== null && status >= 200 && status < 400;
  return { url: url.toString(), status, ok, ...(r.error ? { error: r.error } : {}) };
}

function verifyWords(v: VerifyResult): string {
  return `--verify GET ${v.url ?? '(no URL)'} ${v.error ? `failed: ${v.error}` : `answered ${v.status}, not 2xx or 3xx`}`;
}

/** The wait of a guarded change: afterChange's, then the check, then (when asked and needed) the rollback. */
export function guardedWait(app: App, client: Client, guard: Guard) {
  return async (change: Change, flags: WaitFlags): Promise<number> => {
    const gen = change.target.generation;
    app.info(`${change.verb} ${change.name} (id ${change.id})${gen !== undefined ? `: generation ${gen}` : ''}`);
    const subject = { id: change.id, name: change.name, target: change.target, ...(change.ref ? { ref: change.ref } : {}) };
    const first = await follow(app, client, rolloutSubject(app, client, { subject, start: change.start ?? {} }), flags);
    const outcome = first.result.outcome;
    const checked = await verifyFinished(app, guard, first);
    const extra = { ...change.extraJson, ...(checked ? { verify: checked } : {}) };
    const failed = failureOf(first, checked, change.name);
    if (!failed) return reportPlain(app, first, extra);
    if (!guard.rollback) {
      if (outcome !== 'ready') return reportPlain(app, first, extra);
      if (app.json) app.printJson({ ...first.json, ...extra });
      throw new CliError(ExitCode.FAILED, failed, `roll back with: infra serverless rollback ${change.ref ?? change.id} --wait (or add --rollback-on-failure next time)`);
    }
    return rollBack(app, client, { change, first, failed, extra, flags });
  };
}

/** No rollback: the rollout's own report and exit code, as without a guard. */
async function reportPlain(app: App, f: Finished, extra: Record<string, unknown>): Promise<number> {
  await sayFinished(app, f, extra);
  if (f.verdict.exitCode !== ExitCode.OK) throw verdictError(f.verdict);
  return ExitCode.OK;
}

interface Failure {
  change: Pick<Change, 'id' | 'name' | 'ref'>;
  first: Finished;
  /** `generation 4 of web ended degraded`: said in every line after. */
  failed: string;
  flags: WaitFlags;
}

/** How a guarded rollback ended: its exit code, its line, and the `rollback` member of --json. */
export interface Ending {
  code: ExitCode;
  message: string;
  hint?: string;
  rollback: Record<string, unknown>;
}

/** The words of a failed guarded rollout (`generation 4 of web ended degraded`), or undefined when it went well. */
export function failureOf(f: Finished, checked: VerifyResult | undefined, name: string): string | undefined {
  const outcome = f.result.outcome;
  const bad = outcome === 'degraded' || outcome === 'failed' || (checked !== undefined && !checked.ok);
  if (!bad) return undefined;
  const what = checked && !checked.ok ? `is ready, but ${verifyWords(checked)}` : `ended ${outcome}`;
  return `generation ${f.json.spec_generation ?? '?'} of ${name} ${what}`;
}

/** The --verify check of a finished rollout, when asked and the rollout is ready. */
export async function verifyFinished(app: App, guard: Guard, f: Finished): Promise<VerifyResult | undefined> {
  if (f.result.outcome !== 'ready' || guard.verifyPath === undefined) return undefined;
  return verify(app, f.result.container as Container | undefined, guard.verifyPath, guard.verifyTimeoutMs);
}

async function rollBack(app: App, client: Client, x: Failure & { extra: Record<string, unknown> }): Promise<number> {
  const end = await rollBackOne(app, client, x);
  if (app.json) app.printJson({ ...x.first.json, ...x.extra, rollback: end.rollback });
  throw new CliError(end.code, end.message, end.hint);
}

/** Rolls one container back to its last good deployment and waits for it; never throws but for Ctrl-C. */
export async function rollBackOne(app: App, client: Client, x: Failure): Promise<Ending> {
  const { change, first, failed, flags } = x;
  const signal = app.ctx.signal;
  const ref = change.ref ?? change.id;
  const failedGeneration = first.json.spec_generation ?? null;
  const originalCode = first.verdict.exitCode === ExitCode.OK ? ExitCode.FAILED : first.verdict.exitCode;
  const end = (code: ExitCode, message: string, hint: string | undefined, rollback: Record<string, unknown>): Ending => ({
    code,
    message,
    ...(hint ? { hint } : {}),
    rollback: { failed_generation: failedGeneration, ...rollback },
  });
  let label = 'the last good deployment';
  let restored: Record<string, unknown> | null = null;
  let generation: number | undefined;
  try {
    const current = (first.result.container as Container | undefined) ?? (await client.serverless.get(change.id, { signal })).container;
    const { items } = await client.serverless.deployments(change.id, { signal });
    let target: (typeof items)[number];
    try {
      target = pickTarget(items, undefined, change.name);
    } catch {
      return end(originalCode, `${failed}; no earlier deployment of ${change.name} became ready, so there is nothing to roll back to`, `see why with: infra serverless diagnose ${ref}`, {
        rolled_back: false,
        reason: 'no_good_deployment',
        restored: null,
      });
    }
    label = revisionLabel(target);
    restored = { revision_number: target.revision_number ?? null, revision_name: target.revision_name ?? null, image: deploymentImage(target) ?? null };
    const body = rollbackChange(target, current);
    if (Object.keys(body).length === 0) {
      return end(
        originalCode,
        `${failed}; ${change.name} already has the image and settings of ${label}, the last good deployment, so a rollback would change nothing (environment variables are not part of the deployment history)`,
        `see why with: infra serverless diagnose ${ref}`,
        { rolled_back: false, reason: 'nothing_differs', restored },
      );
    }
    app.warn(`${failed}: rolling back to ${label}`);
    const prepared = await prepareKnown(app, client, { id: change.id, name: change.name, item: current, ref }, flags);
    const sent = await sendChange(client, prepared, () => client.serverless.update(change.id, body, { signal }), signal);
    if (!sent.rollout) throw new Error('the server started no new generation for it');
    generation = sent.target.generation;
    app.info(`rolling back ${change.name} to ${label}${generation !== undefined ? `: generation ${generation}` : ''}`);
    const subject = { id: change.id, name: change.name, target: sent.target, ...(change.ref ? { ref: change.ref } : {}) };
    const second = await follow(app, client, rolloutSubject(app, client, { subject, start: sent.start }), flags);
    const back = second.result.outcome;
    const rollback = { rolled_back: back === 'ready', reason: 'rolled_back', restored, rollback_generation: second.json.spec_generation ?? generation ?? null, rollback_outcome: back };
    if (back === 'ready') {
      return end(
        ExitCode.ROLLED_BACK,
        `${failed}; rolled back: generation ${second.json.spec_generation ?? generation ?? '?'} (${label}) is ready and serves`,
        `see why the new one failed with: infra serverless diagnose ${ref}`,
        rollback,
      );
    }
    // The rollback's own wait ended without a verdict (timeout, Ctrl-C): its code says so; a bad verdict is exit 1, never 0 or 8.
    const code = back === 'timeout' || back === 'interrupted' ? second.verdict.exitCode : ExitCode.FAILED;
    return end(code, `${failed}, and the rollback to ${label} did not end ready: ${second.verdict.message}`, second.verdict.hint, rollback);
  } catch (err) {
    if (signal.aborted) throw err;
    return end(ExitCode.FAILED, `${failed}, and the rollback to ${label} failed: ${(err as Error).message}`, `see the state with: infra serverless get ${ref}`, {
      rolled_back: false,
      reason: 'rollback_failed',
      restored,
      rollback_generation: generation ?? null,
    });
  }
}
