// Local correlation (contract section 8, spec 3.1 rule 4 and 4.2): pure rules over what the
// client fetched (status_details, the revision list with Route readiness, recent logs).
// Events are never evidence: they are garbage-collected, so their absence proves nothing.
import type { Condition, LogEntry, RevisionsData, StatusDetails } from '../client/schemas.js';
import { failureHint } from '../rollout/hints.js';

export type Severity = 'error' | 'warning' | 'info';

export interface LocalFinding {
  code: string;
  severity: Severity;
  message: string;
  hint?: string;
  retryable?: boolean;
  evidence?: Record<string, unknown>;
}

/** What became of each read; a read that failed is evidence of nothing about the container. */
export type RevisionsRead = { ok: true; data: RevisionsData } | { ok: false; reason: string };
export type LogsRead =
  | { ok: true; entries: readonly LogEntry[]; since: string }
  | { ok: false; kind: 'unavailable' | 'forbidden' | 'error'; reason: string; permission?: string };

export interface LocalInput {
  status: StatusDetails;
  revisions: RevisionsRead;
  logs: LogsRead;
  /** The container's id or name, for the commands named in fix hints. */
  ref?: string;
}

const RANK: Record<string, number> = { error: 0, warning: 1, info: 2 };

export function correlate(input: LocalInput): LocalFinding[] {
  const f: LocalFinding[] = [];
  const d = input.status;
  if (d.error) f.push(statusError(d, input.ref));
  if (d.stale) f.push({ code: 'serverless.status_stale', severity: 'info', message: 'The status is stale: no live source answered, so it is the last one known.', evidence: { observed_at: d.observed_at } });
  const skip = skipReason(d);
  if (skip) f.push({ code: 'serverless.checks_skipped', severity: 'info', message: `Revision checks skipped: ${skip}`, evidence: { summary: d.summary, operation: d.operation } });
  else f.push(...revisionChecks(input.revisions, !!d.error, d.error?.retryable ?? undefined));
  f.push(...logChecks(input.logs, f.some((x) => x.code === 'serverless.no_pod_scheduled')));
  // Checks that were skipped found nothing either way: saying "no problem" would overclaim.
  if (!skip && !f.some((x) => x.severity !== 'info')) {
    f.unshift({ code: 'serverless.no_problem_found', severity: 'info', message: `No problem found: summary ${d.summary}, health ${d.health ?? 'unknown'}.`, evidence: { summary: d.summary, health: d.health } });
  }
  return rank(f);
}

function statusError(d: StatusDetails, ref: string | undefined): LocalFinding {
  const e = d.error!;
  const known = failureHint(e.code, ref);
  const retryable = e.retryable ?? known?.retryable;
  return {
    code: e.code,
    severity: 'error',
    message: e.message ?? `the platform reports ${e.code}`,
    ...(known ? { hint: known.hint } : {}),
    ...(retryable === undefined ? {} : { retryable }),
    evidence: { summary: d.summary, reason: e.reason ?? null, source: e.source ?? null, resource: e.resource ?? null, observed_at: e.observed_at ?? null },
  };
}

/** Spec 3.1 rule 4: a healthy deploy is briefly Ready=False with zero replicas; a stopped container has no pods. */
function skipReason(d: StatusDetails): string | undefined {
  if (d.summary === 'stopped') return 'the container is stopped, so it has no pods and its revision is not ready by design.';
  if (!d.operation.terminal)
    return `an operation is in flight (${d.operation.state}); a healthy deploy is briefly Ready=False with zero replicas. Run again once it finished.`;
  return undefined;
}

function revisionChecks(read: RevisionsRead, statusFailed: boolean, retryable: boolean | undefined): LocalFinding[] {
  if (!read.ok) {
    return [{ code: 'diagnose.revisions_unreadable', severity: 'info', message: `The revisions could not be read (${read.reason}); revision checks were not run.` }];
  }
  const latest = read.data.revisions[0];
  if (!latest) return [{ code: 'serverless.no_revision', severity: 'info', message: 'The container has no revision yet.' }];
  const out: LocalFinding[] = [];
  const ready = find(latest.conditions, 'Ready');
  const ingress = find(read.data.route?.conditions ?? [], 'IngressReady');
  if (ready?.status === 'False' && latest.actual_replicas === 0) {
    const missing = ready.reason === 'ContainerMissing';
    out.push({
      code: 'serverless.no_pod_scheduled',
      severity: statusFailed ? 'warning' : 'error',
      message: `Revision ${latest.name} settled at Ready=False with zero replicas (${ready.reason ?? 'no reason given'}): no pod ever ran, so an empty log is expected.`,
      hint: missing
        ? 'The image was never fetched: fix the image reference or the registry credential, then redeploy.'
        : "Read the revision's conditions ('infra serverless revisions <id>'); its logs are empty because no pod ran.",
      ...(retryable === undefined ? {} : { retryable }),
      evidence: { revision: latest.name, reason: ready.reason ?? null, message: ready.message ?? null, actual_replicas: 0 },
    });
  }
  if (ready?.status === 'True' && ingress && ingress.status !== 'True') {
    const settled = ingress.status === 'False';
    out.push({
      code: 'serverless.ingress_not_ready',
      severity: settled ? 'error' : 'warning',
      message: settled
        ? `Revision ${latest.name} is ready but the Route's IngressReady is False (${ingress.reason ?? 'no reason given'}): the public URL does not serve.`
        : `Revision ${latest.name} is ready and the Route's IngressReady is still in progress (Unknown): the public URL may not serve yet.`,
      hint: settled ? 'The platform has not configured ingress for the route: redeploy, and contact support if it persists.' : 'Wait a little and run diagnose again; Unknown is not a failure.',
      retryable: true,
      evidence: { revision: latest.name, condition: ingress },
    });
  }
  const pending = latest.conditions.filter((c) => c.status === 'Unknown');
  if (pending.length) {
    out.push({
      code: 'serverless.revision_in_progress',
      severity: 'info',
      message: `Revision ${latest.name} has conditions still in progress (${pending.map((c) => c.type).join(', ')}): Unknown is not a failure.`,
      evidence: { revision: latest.name, conditions: pending },
    });
  }
  return out;
}

function logChecks(read: LogsRead, noPod: boolean): LocalFinding[] {
  if (!read.ok) {
    if (read.kind === 'forbidden') {
      return [{ code: 'logs.forbidden', severity: 'info', message: `The logs could not be read: the token lacks ${read.permission ?? 'serverless:diagnostics'}; the diagnosis went on without them.`, hint: `use a token with ${read.permission ?? 'serverless:diagnostics'} to include recent logs` }];
    }
    const what = read.kind === 'unavailable' ? 'The log store did not answer' : `The logs could not be read (${read.reason})`;
    return [{ code: 'logs.unavailable', severity: 'info', message: `${what}; this proves nothing about the container.`, retryable: true }];
  }
  if (read.entries.length === 0) {
    return [{
      code: 'logs.empty',
      severity: 'info',
      message: noPod ? `No log lines since ${read.since}, as expected: no pod ran.` : `The container printed nothing since ${read.since}.`,
      evidence: { since: read.since, entries: 0 },
    }];
  }
  // A text match, like the API's level filter: a line that says ERROR is not proof of one.
  const errors = read.entries.filter((e) => (e.level ?? '').toLowerCase() === 'error' || /\b(error|fatal|panic)\b/i.test(e.message));
  if (errors.length === 0) return [];
  const last = errors[errors.length - 1]!;
  return [{
    code: 'logs.recent_errors',
    severity: 'info',
    message: `${errors.length} of ${read.entries.length} log lines read since ${read.since} mention an error (a text match); latest: ${last.message}`,
    evidence: { since: read.since, lines: read.entries.length, error_lines: errors.length, latest: last },
  }];
}

function find(conditions: readonly Condition[], type: string): Condition | undefined {
  return conditions.find((c) => c.type === type);
}

/** Stable: within a severity, the order of the rules (status error first) is kept. */
export function rank<T extends { severity: string }>(findings: T[]): T[] {
  return findings
    .map((x, i) => ({ x, i }))
    .sort((a, b) => (RANK[a.x.severity] ?? 3) - (RANK[b.x.severity] ?? 3) || a.i - b.i)
    .map((p) => p.x);
}
