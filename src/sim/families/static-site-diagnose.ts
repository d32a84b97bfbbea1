// GET /static-sites/{id}/diagnose: the findings of a site in the API's envelope data (verdict,
// status, findings, sections). Beyond the status model's error and an operation in flight, a
// site has its own current problems: nothing deployed yet, and domains not verified.
import { currentDeployment, domainJson, type StaticSiteRecord } from '../state/static-sites.js';
import type { FindingView, Severity } from '../state/diagnose.js';
import type { StatusView } from '../state/status.js';

const RANK: Record<Severity, number> = { fatal: 0, action_required: 1, transient_recovered: 2, informational: 3 };

export function siteDiagnosis(s: StaticSiteRecord, status: StatusView, teamName: string, now: number) {
  const findings: FindingView[] = [];
  if (status.error) {
    const serving = status.summary === 'degraded';
    findings.push({
      code: status.error.code,
      severity: serving ? 'action_required' : 'fatal',
      summary: serving ? `${status.error.message} The previous deployment keeps serving.` : status.error.message,
      remediation: status.error.code === 'static_site.build_failed' ? 'Fix the archive (an index.html at its root) and deploy again.' : 'Repeat the operation, or contact support if it fails again.',
      retryable: status.error.retryable,
    });
  }
  if (!status.operation.terminal) {
    findings.push({
      code: 'static_site.operation_in_progress',
      severity: 'informational',
      summary: `An operation is in flight on ${s.name}; checks were skipped.`,
      remediation: null,
      retryable: true,
    });
  } else if (!currentDeployment(s, now) && !status.error) {
    findings.push({
      code: 'static_site.no_deployment',
      severity: 'informational',
      summary: `Nothing is deployed on ${s.name} yet.`,
      remediation: `Deploy a directory or a ZIP archive: infra static-sites deploy ${s.name} ./dist`,
      retryable: false,
    });
  }
  for (const d of s.domains.map((x) => domainJson(s, x, teamName, now))) {
    if (d.verification_status === 'verified') continue;
    const checking = d.verification_status === 'verifying';
    findings.push({
      code: 'static_site.domain_unverified',
      severity: checking ? 'informational' : 'action_required',
      summary: checking ? `${d.domain} is being verified.` : `${d.domain} is not verified${d.verification_status === 'failed' ? ': the TXT record was not found' : ' yet'}.`,
      remediation: checking ? null : `${d.dns_instructions} Then: infra static-sites domains verify ${s.name} ${d.domain}`,
      retryable: true,
    });
  }
  const ranked = findings
    .map((x, i) => ({ x, i }))
    .sort((a, b) => RANK[a.x.severity] - RANK[b.x.severity] || a.i - b.i)
    .map((p) => p.x);
  const verdict = !status.operation.terminal
    ? 'in_progress'
    : status.summary === 'failed'
      ? 'failed'
      : status.summary === 'degraded'
        ? 'degraded'
        : ranked.some((f) => f.severity === 'action_required')
          ? 'action_required'
          : 'healthy';
  return { verdict, status, findings: ranked, sections: { events: null, logs: null } };
}
