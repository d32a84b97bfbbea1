// Ranked findings of GET .../diagnose (docs/behaviour.md#api-observability, docs/behaviour.md#api-rollouts, docs/behaviour.md#api-diagnose; real-api FindingResource).
//
// Verdicts (data.verdict), one per answer, decided in this order:
//   stopped      the container is stopped (revision checks skipped)
//   in_progress  an operation is in flight (revision checks skipped)
//   failed       summary failed: nothing serves
//   degraded     summary degraded: a new revision failed, an older one keeps serving
//   unhealthy    settled and serving, but a current problem was found (e.g. ingress)
//   healthy      settled, no current problem
// Severities: fatal (nothing serves, or retrying cannot help), action_required (someone
// must act; a retry may help while an older revision serves), transient_recovered (an earlier failure the latest rollout got past: not a
// current problem), informational (context, e.g. checks skipped, empty log explained).
import { HOUR } from '../clock.js';
import { HINTS } from './failures.js';
import { becameReady, startedBy, type ContainerRecord } from './containers.js';
import type { RevisionsView } from './revisions.js';
import type { StatusView } from './status.js';

export type Severity = 'fatal' | 'action_required' | 'transient_recovered' | 'informational';

export interface FindingView {
  code: string;
  severity: Severity;
  summary: string;
  remediation: string | null;
  retryable: boolean;
}

const RANK: Record<Severity, number> = { fatal: 0, action_required: 1, transient_recovered: 2, informational: 3 };

/** A failure that the latest rollout got past within the last hour. */
function recovered(c: ContainerRecord, now: number): FindingView | null {
  const started = startedBy(c, now);
  const latest = started.at(-1);
  const prev = started.at(-2);
  const f = prev?.outcome.failure;
  if (!latest || !prev || !f || latest.endAt > now || !becameReady(latest) || prev.endAt < now - HOUR) return null;
  return {
    code: f.code,
    severity: 'transient_recovered',
    summary: `An earlier rollout failed (${f.reason}); the latest rollout succeeded, so this is not a current problem.`,
    remediation: null,
    retryable: f.retryable,
  };
}

export function diagnose(c: ContainerRecord, d: StatusView, revs: RevisionsView, now: number): { verdict: string; findings: FindingView[] } {
  const findings: FindingView[] = [];
  if (d.error) {
    findings.push({
      code: d.error.code,
      severity: d.summary === 'failed' || !d.error.retryable ? 'fatal' : 'action_required',
      summary: d.error.message,
      remediation: HINTS[d.error.code] ?? null,
      retryable: d.error.retryable,
    });
  }
  if (d.stale) {
    findings.push(info('serverless.status_stale', 'The status is stale: no live source answered; it is the last known one.'));
  }
  if (d.summary === 'stopped') {
    findings.push(info('serverless.checks_skipped', 'Revision checks skipped: the container is stopped, so it has no pods.'));
    return { verdict: 'stopped', findings: rank(findings) };
  }
  if (!d.operation.terminal) {
    findings.push(info('serverless.checks_skipped', 'Revision checks skipped: an operation is in flight; a healthy deploy is briefly Ready=False with zero replicas.'));
    return { verdict: 'in_progress', findings: rank(findings) };
  }
  const latest = revs.revisions[0];
  const ready = latest?.conditions.find((x) => x.type === 'Ready');
  if (latest && ready?.status === 'False' && latest.actual_replicas === 0 && ready.reason !== 'Cancelled') {
    const missing = ready.reason === 'ContainerMissing';
    findings.push({
      code: 'serverless.no_pod_scheduled',
      severity: d.error ? 'informational' : 'action_required',
      summary: `Revision ${latest.name ?? '(unnamed)'} settled at Ready=False with zero replicas (${ready.reason}): no pod ever ran, so an empty log is expected.`,
      remediation: missing
        ? 'The image was never fetched: fix the image reference or the registry credential, then redeploy.'
        : 'Check the revision conditions; the logs will be empty because no pod ran.',
      retryable: d.error?.retryable ?? false,
    });
  }
  const ingress = revs.route?.conditions.find((x) => x.type === 'IngressReady');
  let problem = false;
  if (latest && ready?.status === 'True' && ingress && ingress.status !== 'True') {
    problem = true;
    findings.push({
      code: 'serverless.ingress_not_ready',
      severity: 'action_required',
      summary: `Revision ${latest.name ?? '(unnamed)'} is ready but the route's IngressReady is ${ingress.status}: the public URL does not serve.`,
      remediation: 'The platform has not configured ingress for the route; redeploy, or contact support if it persists.',
      retryable: true,
    });
  }
  const past = d.error ? null : recovered(c, now);
  if (past) findings.push(past);
  const verdict = d.summary === 'failed' ? 'failed' : d.summary === 'degraded' ? 'degraded' : problem || d.health === 'unhealthy' ? 'unhealthy' : 'healthy';
  return { verdict, findings: rank(findings) };
}

function info(code: string, summary: string): FindingView {
  return { code, severity: 'informational', summary, remediation: null, retryable: false };
}

function rank(f: FindingView[]): FindingView[] {
  return f
    .map((x, i) => ({ x, i }))
    .sort((a, b) => RANK[a.x.severity] - RANK[b.x.severity] || a.i - b.i)
    .map((p) => p.x);
}
