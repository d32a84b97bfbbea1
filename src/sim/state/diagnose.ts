// Ranked findings of GET .../diagnose (spec 2.4, 3.1 rule 4, 4.2; contract 8).
import { HINTS } from './failures.js';
import type { ContainerRecord } from './containers.js';
import type { RevisionsView } from './revisions.js';
import type { StatusAt } from './status.js';

export interface FindingView {
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  hint: string | null;
  retryable: boolean | null;
  evidence: Record<string, unknown>;
}

const RANK = { error: 0, warning: 1, info: 2 } as const;

export function diagnose(c: ContainerRecord, status: StatusAt, revs: RevisionsView): FindingView[] {
  const d = status.details;
  const findings: FindingView[] = [];
  if (d.error) {
    findings.push({
      code: d.error.code,
      severity: 'error',
      message: d.error.message,
      hint: HINTS[d.error.code] ?? null,
      retryable: d.error.retryable,
      evidence: { summary: d.summary, reason: d.error.reason, resource: d.error.resource, observed_at: d.error.observed_at },
    });
  }
  if (d.stale) {
    findings.push(info('serverless.status_stale', 'The status is stale: no live source answered; it is the last known one.', { observed_at: d.observed_at }));
  }
  if (d.summary === 'stopped') {
    findings.push(info('serverless.checks_skipped', 'Revision checks skipped: the container is stopped, so it has no pods.', { summary: d.summary }));
    return rank(findings);
  }
  if (!d.operation.terminal) {
    findings.push(
      info('serverless.checks_skipped', 'Revision checks skipped: an operation is in flight; a healthy deploy is briefly Ready=False with zero replicas.', {
        operation: d.operation,
        spec_generation: c.specGeneration,
        observed_generation: status.observedGeneration,
      }),
    );
    return rank(findings);
  }
  const latest = revs.revisions[0];
  const ready = latest?.conditions.find((x) => x.type === 'Ready');
  if (latest && ready?.status === 'False' && latest.actual_replicas === 0 && ready.reason !== 'Cancelled') {
    const missing = ready.reason === 'ContainerMissing';
    findings.push({
      code: 'serverless.no_pod_scheduled',
      severity: d.error ? 'warning' : 'error',
      message: `Revision ${latest.name} settled at Ready=False with zero replicas (${ready.reason}): no pod ever ran, so an empty log is expected.`,
      hint: missing
        ? 'The image was never fetched: fix the image reference or the registry credential, then redeploy.'
        : 'Check the revision conditions; the logs will be empty because no pod ran.',
      retryable: d.error?.retryable ?? null,
      evidence: { revision: latest.name, reason: ready.reason, message: ready.message, actual_replicas: 0 },
    });
  }
  const ingress = revs.route.conditions.find((x) => x.type === 'IngressReady');
  if (latest && ready?.status === 'True' && ingress && ingress.status !== 'True') {
    findings.push({
      code: 'serverless.ingress_not_ready',
      severity: 'error',
      message: `Revision ${latest.name} is ready but the route's IngressReady is ${ingress.status}: the public URL does not serve.`,
      hint: 'The platform has not configured ingress for the route; redeploy, or contact support if it persists.',
      retryable: true,
      evidence: { revision: latest.name, condition: ingress },
    });
  }
  return rank(findings);
}

function info(code: string, message: string, evidence: Record<string, unknown>): FindingView {
  return { code, severity: 'info', message, hint: null, retryable: null, evidence };
}

function rank(f: FindingView[]): FindingView[] {
  return f.map((x, i) => ({ x, i })).sort((a, b) => RANK[a.x.severity] - RANK[b.x.severity] || a.i - b.i).map((p) => p.x);
}
