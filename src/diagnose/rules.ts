// Local correlation (docs/behaviour.md#diagnose, docs/behaviour.md#api-rollouts, docs/behaviour.md#api-diagnose): pure rules over what the
// client fetched (status_details, the revision list with Route readiness, recent logs).
// Findings have the API's own shape (`code, severity, summary, remediation, retryable`) plus
// the `evidence` they rest on. Events are never evidence: they are garbage-collected, so
// their absence proves nothing.
import type { Condition, LogEntry, RevisionsData, StatusDetails } from '../client/schemas.js';
import { failureHint } from '../shared/hints.js';

/** The API's severities, most urgent first (docs/behaviour.md#diagnose). */
export const SEVERITIES = ['fatal', 'action_required', 'transient_recovered', 'informational'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface LocalFinding {
  code: string;
  severity: Severity;
  summary: string;
  remediation: string | null;
  retryable: boolean;
  evidence: Record<string, unknown>;
}

/** What became of each read; a read that failed is evidence of nothing about the container. */
export type RevisionsRead = { ok: true; data: RevisionsData } | { ok: false; reason: string };
export type LogsRead = { ok: true; entries: readonly LogEntry[]; since: string } | { ok: false; kind: 'unavailable' | 'forbidden' | 'error'; reason: string; permission?: string };

export interface LocalInput {
  status: StatusDetails;
  revisions: RevisionsRead;
  logs: LogsRead;
  /** The container's id or name, for the commands named in remediations. */
  ref?: string;
}

const RANK: Record<string, number> = Object.fromEntries(SEVERITIES.map((s, i) => [s, i]));

const finding = (code: string, severity: Severity, summary: string, evidence: Record<string, unknown>, extra: Partial<Pick<LocalFinding, 'remediation' | 'retryable'>> = {}): LocalFinding => ({
  code,
  severity,
  summary,
  remediation: extra.remediation ?? null,
  retryable: extra.retryable ?? false,
  evidence,
});

export function correlate(input: LocalInput): LocalFinding[] {
  const f: LocalFinding[] = [];
  const d = input.status;
  if (d.error) f.push(statusError(d, input.ref));
  if (d.stale)
    f.push(
      finding('serverless.status_stale', 'informational', 'The status is stale: no live source answered, so it is the last one known.', { observed_at: d.observed_at ?? null }, { retryable: true }),
    );
  const skip = skipReason(d);
  if (skip) f.push(finding('serverless.checks_skipped', 'informational', `Revision checks skipped: ${skip}`, { summary: d.summary ?? null, operation: d.operation ?? null }));
  else f.push(...revisionChecks(input.revisions, !!d.error, d.error?.retryable ?? undefined, input.ref));
  f.push(
    ...logChecks(
      input.logs,
      f.some((x) => x.code === 'serverless.no_pod_scheduled'),
    ),
  );
  // Checks that were skipped found nothing either way, and a status that reports itself
  // unhealthy has a problem this client could not name: saying "no problem" would overclaim.
  if (!skip && d.health !== 'unhealthy' && !f.some((x) => x.severity === 'fatal' || x.severity === 'action_required')) {
    f.unshift(
      finding('serverless.no_problem_found', 'informational', `No problem found: summary ${d.summary ?? 'unknown'}, health ${d.health ?? 'unknown'}.`, {
        summary: d.summary ?? null,
        health: d.health ?? null,
      }),
    );
  }
  return rank(f);
}

/**
 * The verdict, in the words the simulator uses for the API's `data.verdict` (the real set is
 * not documented): stopped, in_progress, failed (nothing serves), degraded (an older revision
 * serves), unhealthy (settled but a current problem was found), healthy.
 */
export function verdictOf(findings: readonly { severity?: string | null }[], status?: StatusDetails): string {
  if (status?.summary === 'stopped') return 'stopped';
  if (status?.operation?.terminal === false) return 'in_progress';
  if (status?.summary === 'failed') return 'failed';
  if (status?.summary === 'degraded') return 'degraded';
  // The API's verdict is unhealthy whenever the status health is, found cause or not.
  if (status?.health === 'unhealthy' || findings.some((x) => x.severity === 'fatal' || x.severity === 'action_required')) return 'unhealthy';
  return 'healthy';
}

function statusError(d: StatusDetails, ref: string | undefined): LocalFinding {
  const e = d.error!;
  const code = e.code ?? 'serverless.unknown';
  const known = failureHint(code, ref);
  const retryable = e.retryable ?? known?.retryable ?? false;
  // Fatal when nothing serves or a retry cannot help; a retryable failure while the previous
  // revision serves (degraded is not an outage, docs/behaviour.md#api-status) asks for action.
  const severity: Severity = d.summary === 'failed' || !retryable ? 'fatal' : 'action_required';
  return finding(
    code,
    severity,
    e.message ?? `The platform reports ${code}.`,
    { summary: d.summary ?? null, reason: e.reason ?? null, source: e.source ?? null, resource: e.resource ?? null, observed_at: e.observed_at ?? null },
    { remediation: known?.hint ?? null, retryable },
  );
}

/** docs/behaviour.md#api-rollouts: a healthy deploy is briefly Ready=False with zero replicas; a stopped container has no pods. */
function skipReason(d: StatusDetails): string | undefined {
  if (d.summary === 'stopped') return 'the container is stopped, so it has no pods and its revision is not ready by design.';
  if (d.operation?.terminal === false) return `an operation is in flight (${d.operation.state ?? 'unknown'}); a healthy deploy is briefly Ready=False with zero replicas. Run again once it finished.`;
  return undefined;
}

function revisionChecks(read: RevisionsRead, statusFailed: boolean, retryable: boolean | undefined, ref: string | undefined): LocalFinding[] {
  if (!read.ok)
    return [finding('diagnose.revisions_unreadable', 'informational', `The revisions could not be read (${read.reason}); revision checks were not run.`, { reason: read.reason }, { retryable: true })];
  const latest = read.data.revisions.find((r) => r.is_latest_created) ?? read.data.revisions[0];
  if (!latest) return [finding('serverless.no_revision', 'informational', 'The container has no revision yet.', { revisions: 0 })];
  const name = latest.name ?? '(unnamed)';
  const out: LocalFinding[] = [];
  const ready = find(latest.conditions, 'Ready');
  const ingress = find(read.data.route?.conditions ?? [], 'IngressReady');
  if (ready?.status === 'False' && latest.actual_replicas === 0) {
    const missing = ready.reason === 'ContainerMissing';
    out.push(
      finding(
        'serverless.no_pod_scheduled',
        // Beside a status error it explains that error (and the empty log); alone it is the finding.
        statusFailed ? 'informational' : 'action_required',
        `Revision ${name} settled at Ready=False with zero replicas (${ready.reason ?? 'no reason given'}): no pod ever ran, so an empty log is expected.`,
        { revision: latest.name ?? null, reason: ready.reason ?? null, message: ready.message ?? null, actual_replicas: 0 },
        {
          remediation: missing
            ? 'The image was never fetched: fix the image reference or the registry credential, then redeploy.'
            : `Read the revision's conditions ('infra serverless revisions ${ref ?? '<id>'}'); its logs are empty because no pod ran.`,
          retryable: retryable ?? false,
        },
      ),
    );
  }
  if (ready?.status === 'True' && ingress && ingress.status !== 'True') {
    const settled = ingress.status === 'False';
    out.push(
      finding(
        'serverless.ingress_not_ready',
        settled ? 'action_required' : 'informational',
        settled
          ? `Revision ${name} is ready but the Route's IngressReady is False (${ingress.reason ?? 'no reason given'}): the public URL does not serve.`
          : `Revision ${name} is ready and the Route's IngressReady is still in progress (Unknown): the public URL may not serve yet.`,
        { revision: latest.name ?? null, condition: ingress },
        {
          remediation: settled
            ? 'The platform has not configured ingress for the route: redeploy, and contact support if it persists.'
            : 'Wait a little and run diagnose again; Unknown is not a failure.',
          retryable: true,
        },
      ),
    );
  }
  const pending = latest.conditions.filter((c) => c.status === 'Unknown');
  if (pending.length) {
    out.push(
      finding('serverless.revision_in_progress', 'informational', `Revision ${name} has conditions still in progress (${pending.map((c) => c.type).join(', ')}): Unknown is not a failure.`, {
        revision: latest.name ?? null,
        conditions: pending,
      }),
    );
  }
  return out;
}

function logChecks(read: LogsRead, noPod: boolean): LocalFinding[] {
  if (!read.ok) {
    if (read.kind === 'forbidden') {
      const p = read.permission ?? 'serverless:diagnostics';
      return [
        finding(
          'logs.forbidden',
          'informational',
          `The logs could not be read: the token lacks ${p}; the diagnosis went on without them.`,
          { reason: read.reason },
          { remediation: `use a token with ${p} to include recent logs` },
        ),
      ];
    }
    const what = read.kind === 'unavailable' ? 'The log store did not answer' : `The logs could not be read (${read.reason})`;
    return [finding('logs.unavailable', 'informational', `${what}; this proves nothing about the container.`, { reason: read.reason }, { retryable: true })];
  }
  if (read.entries.length === 0) {
    return [
      finding('logs.empty', 'informational', noPod ? `No log lines since ${read.since}, as expected: no pod ran.` : `The container printed nothing since ${read.since}.`, {
        since: read.since,
        entries: 0,
      }),
    ];
  }
  // A text match, like the API's level filter: a line that says ERROR is not proof of one.
  const errors = read.entries.filter((e) => (e.level ?? '').toLowerCase() === 'error' || /\b(error|fatal|panic)\b/i.test(e.message));
  if (errors.length === 0) return [];
  const last = errors[errors.length - 1]!;
  return [
    finding('logs.recent_errors', 'informational', `${errors.length} of ${read.entries.length} log lines read since ${read.since} mention an error (a text match); latest: ${last.message}`, {
      since: read.since,
      lines: read.entries.length,
      error_lines: errors.length,
      latest: last,
    }),
  ];
}

function find(conditions: readonly Condition[], type: string): Condition | undefined {
  return conditions.find((c) => c.type === type);
}

/** Stable: within a severity, the order of the rules (status error first) is kept. */
export function rank<T extends { severity?: string | null }>(findings: T[]): T[] {
  return findings
    .map((x, i) => ({ x, i }))
    .sort((a, b) => (RANK[a.x.severity ?? ''] ?? SEVERITIES.length) - (RANK[b.x.severity ?? ''] ?? SEVERITIES.length) || a.i - b.i)
    .map((p) => p.x);
}
