import { describe, expect, it } from 'vitest';
import { correlate, rank, verdictOf, type LocalInput, type LogsRead, type RevisionsRead } from '../../src/diagnose/rules.js';
import type { Condition, RevisionsData, StatusDetails } from '../../src/client/schemas.js';

const cond = (type: string, status: string, reason?: string, message?: string): Condition => ({ type, status, reason, message });

const settled = (extra: Partial<StatusDetails> = {}): StatusDetails => ({
  summary: 'ready',
  health: 'healthy',
  stale: false,
  operation: { state: 'succeeded', terminal: true },
  ...extra,
});

function revs(latest: { ready: Condition; actual: number; more?: Condition[] }, ingress: Condition = cond('IngressReady', 'True')): RevisionsRead {
  const data: RevisionsData = {
    available: true,
    revisions: [
      { name: 'x-00002', generation: 2, is_latest_created: true, actual_replicas: latest.actual, desired_replicas: 1, conditions: [latest.ready, ...(latest.more ?? [])] },
      { name: 'x-00001', generation: 1, is_latest_created: false, actual_replicas: 0, desired_replicas: 0, conditions: [cond('Ready', 'True')] },
    ],
    service: { conditions: [cond('Ready', 'True')] },
    route: { traffic: [{ revision_name: 'x-00002', percent: 100, latest_revision: true }], conditions: [cond('Ready', ingress.status), ingress] },
  };
  return { ok: true, data };
}

const healthyRevs = revs({ ready: cond('Ready', 'True'), actual: 1 });
const logsOk = (n = 3, message = 'INFO ok'): LogsRead => ({
  ok: true,
  since: '2025-01-01T00:00:00.000Z',
  entries: Array.from({ length: n }, (_, i) => ({ timestamp: `2025-01-01T00:0${i}:00.000Z`, message, level: 'info', container: 'user-container' })),
});
const missingError: StatusDetails['error'] = { code: 'serverless.image_not_found', reason: 'ContainerMissing', message: 'manifest unknown', retryable: false };

interface Row {
  name: string;
  input: LocalInput;
  codes: string[];
  check?: (f: ReturnType<typeof correlate>) => void;
}

const rows: Row[] = [
  {
    name: 'healthy container: no problem found',
    input: { status: settled(), revisions: healthyRevs, logs: logsOk() },
    codes: ['serverless.no_problem_found'],
  },
  {
    name: 'status error ranks first with hint and retryable (worker: image_not_found + ContainerMissing)',
    input: {
      status: settled({ summary: 'failed', health: 'unhealthy', operation: { state: 'failed', terminal: true }, error: missingError }),
      revisions: revs({ ready: cond('Ready', 'False', 'ContainerMissing', 'image missing'), actual: 0 }),
      logs: logsOk(0),
    },
    codes: ['serverless.image_not_found', 'serverless.no_pod_scheduled', 'logs.empty'],
    check: (f) => {
      expect(f[0]).toMatchObject({ severity: 'fatal', retryable: false, evidence: { reason: 'ContainerMissing' } });
      expect(f[0]!.remediation).toMatch(/image reference/);
      expect(f[1]).toMatchObject({ severity: 'informational' });
      expect(f[1]!.remediation).toMatch(/image reference or the registry credential, then redeploy/);
      expect(f[2]!.summary).toMatch(/as expected: no pod ran/);
    },
  },
  {
    name: 'no_pod_scheduled without a status error asks for action; other reasons get a generic fix',
    input: { status: settled(), revisions: revs({ ready: cond('Ready', 'False', 'ResourcesUnavailable'), actual: 0 }), logs: logsOk(0) },
    codes: ['serverless.no_pod_scheduled', 'logs.empty'],
    check: (f) => {
      expect(f[0]!.severity).toBe('action_required');
      expect(f[0]!.remediation).toMatch(/revisions/);
    },
  },
  {
    name: 'Ready=False with running replicas is not no_pod_scheduled',
    input: { status: settled(), revisions: revs({ ready: cond('Ready', 'False', 'CrashLoop'), actual: 1 }), logs: logsOk() },
    codes: ['serverless.no_problem_found'],
  },
  {
    name: 'ready revision, IngressReady False → ingress_not_ready, action required',
    input: { status: settled(), revisions: revs({ ready: cond('Ready', 'True'), actual: 1 }, cond('IngressReady', 'False', 'IngressNotConfigured')), logs: logsOk() },
    codes: ['serverless.ingress_not_ready'],
    check: (f) => expect(f[0]).toMatchObject({ severity: 'action_required', retryable: true }),
  },
  {
    name: 'IngressReady Unknown is in progress: informational, not a failure',
    input: { status: settled(), revisions: revs({ ready: cond('Ready', 'True'), actual: 1 }, cond('IngressReady', 'Unknown')), logs: logsOk() },
    codes: ['serverless.no_problem_found', 'serverless.ingress_not_ready'],
    check: (f) => expect(f[1]!.severity).toBe('informational'),
  },
  {
    name: 'Unknown revision conditions are in progress, never failures',
    input: { status: settled(), revisions: revs({ ready: cond('Ready', 'Unknown', 'Deploying'), actual: 0, more: [cond('ContainerHealthy', 'Unknown')] }), logs: logsOk() },
    codes: ['serverless.no_problem_found', 'serverless.revision_in_progress'],
  },
  {
    name: 'operation in flight: revision checks skipped even though Ready=False with zero replicas',
    input: {
      status: settled({ summary: 'in_progress', health: 'unknown', operation: { state: 'running', terminal: false } }),
      revisions: revs({ ready: cond('Ready', 'False', 'ContainerMissing'), actual: 0 }),
      logs: logsOk(),
    },
    codes: ['serverless.checks_skipped'],
    check: (f) => expect(f[0]!.summary).toMatch(/in flight \(running\)/),
  },
  {
    name: 'stopped container: revision checks skipped and why',
    input: { status: settled({ summary: 'stopped', health: 'unknown' }), revisions: revs({ ready: cond('Ready', 'False', 'Stopped'), actual: 0 }), logs: logsOk(0) },
    codes: ['serverless.checks_skipped', 'logs.empty'],
    check: (f) => expect(f[0]!.summary).toMatch(/stopped, so it has no pods/),
  },
  {
    name: 'log store down proves nothing',
    input: { status: settled(), revisions: healthyRevs, logs: { ok: false, kind: 'unavailable', reason: '503' } },
    codes: ['serverless.no_problem_found', 'logs.unavailable'],
    check: (f) => expect(f[1]!.summary).toMatch(/proves nothing about the container/),
  },
  {
    name: 'logs forbidden: names the permission, diagnosis goes on',
    input: { status: settled(), revisions: healthyRevs, logs: { ok: false, kind: 'forbidden', reason: '403', permission: 'serverless:diagnostics' } },
    codes: ['serverless.no_problem_found', 'logs.forbidden'],
    check: (f) => expect(f[1]!.summary).toMatch(/lacks serverless:diagnostics/),
  },
  {
    name: 'revisions unreadable: said, not fatal',
    input: { status: settled(), revisions: { ok: false, reason: 'boom' }, logs: logsOk() },
    codes: ['serverless.no_problem_found', 'diagnose.revisions_unreadable'],
  },
  {
    name: 'revisions unreadable while the status says unhealthy: no "no problem" claim',
    input: { status: settled({ health: 'unhealthy' }), revisions: { ok: false, reason: 'boom' }, logs: logsOk() },
    codes: ['diagnose.revisions_unreadable'],
    check: (f) => expect(verdictOf(f, settled({ health: 'unhealthy' }))).toBe('unhealthy'),
  },
  {
    name: 'error lines in recent logs are reported as info (a text match)',
    input: { status: settled(), revisions: healthyRevs, logs: logsOk(2, 'ERROR upstream timeout') },
    codes: ['serverless.no_problem_found', 'logs.recent_errors'],
  },
  {
    name: 'stale status is said; unknown failure codes keep the API retryable and have no remediation',
    input: { status: settled({ stale: true, error: { code: 'serverless.brand_new', retryable: true, message: 'new' } }), revisions: healthyRevs, logs: logsOk() },
    codes: ['serverless.brand_new', 'serverless.status_stale'],
    check: (f) => {
      expect(f[0]).toMatchObject({ retryable: true, severity: 'action_required', remediation: null });
    },
  },
  {
    name: 'retryable falls back to the failure table when the API omits it',
    input: { status: settled({ summary: 'failed', error: { code: 'serverless.progress_deadline' } }), revisions: healthyRevs, logs: logsOk() },
    codes: ['serverless.progress_deadline'],
    check: (f) => expect(f[0]!.retryable).toBe(true),
  },
];

describe('local diagnose rules', () => {
  it.each(rows)('$name', ({ input, codes, check }) => {
    const findings = correlate(input);
    expect(findings.map((f) => f.code)).toEqual(codes);
    for (const f of findings) {
      // The API's finding shape (contract 8), plus evidence.
      expect(Object.keys(f).sort()).toEqual(['code', 'evidence', 'remediation', 'retryable', 'severity', 'summary']);
      expect(['fatal', 'action_required', 'transient_recovered', 'informational']).toContain(f.severity);
      expect(f.summary.length).toBeGreaterThan(0);
    }
    check?.(findings);
  });

  it('ranks fatal, action_required, transient_recovered, informational, keeping rule order within a severity', () => {
    const r = rank([
      { severity: 'informational', id: 1 },
      { severity: 'fatal', id: 2 },
      { severity: 'action_required', id: 3 },
      { severity: 'fatal', id: 4 },
      { severity: 'surprise', id: 5 },
      { severity: 'transient_recovered', id: 6 },
    ]);
    expect(r.map((x) => x.id)).toEqual([2, 4, 3, 6, 1, 5]);
  });

  it.each([
    [[{ severity: 'fatal' }], { summary: 'failed', operation: { state: 'failed', terminal: true } }, 'failed'],
    [[{ severity: 'action_required' }], { summary: 'degraded', operation: { state: 'failed', terminal: true } }, 'degraded'],
    [[{ severity: 'action_required' }], { summary: 'ready', operation: { state: 'succeeded', terminal: true } }, 'unhealthy'],
    [[{ severity: 'informational' }], { summary: 'in_progress', operation: { state: 'running', terminal: false } }, 'in_progress'],
    [[], { summary: 'stopped', operation: { state: 'succeeded', terminal: true } }, 'stopped'],
    [[{ severity: 'informational' }], { summary: 'ready', operation: { state: 'succeeded', terminal: true } }, 'healthy'],
    [[{ severity: 'informational' }], { summary: 'ready', health: 'unhealthy', operation: { state: 'succeeded', terminal: true } }, 'unhealthy'],
  ] as [{ severity: string }[], StatusDetails, string][])('verdictOf(%j) = %s', (findings, status, expected) => {
    expect(verdictOf(findings, status)).toBe(expected);
  });
});
