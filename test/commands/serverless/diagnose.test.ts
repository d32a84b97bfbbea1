// `infra serverless diagnose`, `revisions` and `events` against the simulator (contract
// section 8, spec 2.4, 4.2): the API path, the local correlation for each rule, the
// fallback conditions, one shape whichever path, --exit-status, and the verdicts.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../../src/sim/server.js';
import { SEED_IDS } from '../../../src/sim/state/seed.js';
import { apiRequests, cli, ok, peek, requestLines, simApi, useSimulator } from '../../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

const SEVERITIES = ['fatal', 'action_required', 'transient_recovered', 'informational'];
const API_FIELDS = ['code', 'remediation', 'retryable', 'severity', 'summary'];

interface Finding {
  code: string;
  severity: string;
  summary: string;
  remediation: string | null;
  retryable: boolean;
  evidence?: Record<string, unknown>;
}
interface Out {
  success: boolean;
  data: { verdict: string; status: unknown; findings: Finding[]; sections?: unknown };
  error: null;
  meta: { source: 'api' | 'local'; reason?: string; container?: { id: string; name: string | null } };
}

/** The finding shape of contract 8: the API's fields, and `evidence` on local findings only. */
function expectShape(out: Out): void {
  for (const f of out.data.findings) {
    const fields = out.meta.source === 'local' ? [...API_FIELDS, 'evidence'].sort() : API_FIELDS;
    expect(Object.keys(f).sort(), f.code).toEqual(fields);
    expect(typeof f.code).toBe('string');
    expect(SEVERITIES).toContain(f.severity);
    expect(typeof f.summary).toBe('string');
    expect(f.remediation === null || typeof f.remediation === 'string').toBe(true);
    expect(typeof f.retryable).toBe('boolean');
    if (out.meta.source === 'local') expect(f.evidence).toEqual(expect.any(Object));
  }
}

async function diagnoseJson(ref: string, extra: string[] = [], token?: string): Promise<Out> {
  const r = await cli(sim, ['serverless', 'diagnose', ref, '--json', ...extra], { token });
  expect(r.code, r.stderr).toBe(0);
  const out = JSON.parse(r.stdout) as Out;
  expect(out).toMatchObject({ success: true, error: null });
  expectShape(out);
  return out;
}

const codes = (o: Out) => o.data.findings.map((f) => f.code);
const LIST = `GET /api/v1/serverless`;

// Each seeded container: the code that must come first by either path, codes that must
// also be there, and the verdict both paths give.
const cases: [string, string, string[], string][] = [
  ['worker', 'serverless.image_not_found', ['serverless.no_pod_scheduled'], 'failed'],
  ['edge', 'serverless.ingress_not_ready', [], 'unhealthy'],
  ['api', 'serverless.crash_loop', [], 'degraded'],
  ['batch', 'serverless.checks_skipped', [], 'in_progress'],
  ['cron', 'serverless.checks_skipped', [], 'stopped'],
];

describe('serverless diagnose: API and local agree on the rules', () => {
  it.each(cases)('%s via the API → %s first', async (ref, first, also, verdict) => {
    const out = await diagnoseJson(ref);
    expect(out.meta.source).toBe('api');
    expect(codes(out)[0]).toBe(first);
    for (const c of also) expect(codes(out)).toContain(c);
    expect(out.data.verdict).toBe(verdict);
    // A name costs one list request, then the diagnose route itself.
    const id = SEED_IDS[ref as 'worker'];
    expect(requestLines(sim)).toEqual([LIST, `GET /api/v1/serverless/${id}/diagnose`]);
    expect(sim.requests[0]!.query).toMatchObject({ page: '1', per_page: '200' });
  });

  it.each(cases)('%s locally (--local) → %s first', async (ref, first, also, verdict) => {
    const out = await diagnoseJson(ref, ['--local']);
    const id = SEED_IDS[ref as 'worker'];
    expect(out.meta).toEqual({ source: 'local', reason: '--local was given', container: { id, name: ref } });
    expect(codes(out)[0]).toBe(first);
    for (const c of also) expect(codes(out)).toContain(c);
    expect(out.data.verdict).toBe(verdict);
    expect(apiRequests(sim, '/diagnose').length).toBe(0);
    // The name lookup, then status, revisions and logs with a recent since (in parallel); events never.
    expect(requestLines(sim)[0]).toBe(LIST);
    expect(requestLines(sim).slice(1).sort()).toEqual([`GET /api/v1/serverless/${id}`, `GET /api/v1/serverless/${id}/logs`, `GET /api/v1/serverless/${id}/revisions`]);
    const logs = apiRequests(sim, '/logs');
    expect(Date.parse(logs[0]!.query.since!)).toBe(sim.world.now() - 15 * 60_000);
    expect(apiRequests(sim, '/events').length).toBe(0);
  });

  it('a UUID costs no lookup request, by either path', async () => {
    await diagnoseJson(SEED_IDS.edge);
    expect(requestLines(sim)).toEqual([`GET /api/v1/serverless/${SEED_IDS.edge}/diagnose`]);
    sim.requests.length = 0;
    const local = await diagnoseJson(SEED_IDS.edge, ['--local']);
    expect(local.meta.container).toEqual({ id: SEED_IDS.edge, name: 'edge' });
    expect(requestLines(sim).length).toBe(3);
    expect(requestLines(sim)).not.toContain(LIST);
  });

  it('the API path prints the data object as the API sent it, with meta.source "api"', async () => {
    const direct = await peek<{ data: Out['data'] }>(sim, `/api/v1/serverless/${SEED_IDS.worker}/diagnose`);
    const out = await diagnoseJson('worker');
    expect(out.data).toEqual(direct.data);
    expect(out.meta).toMatchObject({ source: 'api' });
    expect(out.data.sections).toEqual(direct.data.sections);
  });

  it('a healthy container: the API has no findings, the local path says so; both verdicts are healthy', async () => {
    const api = await diagnoseJson('web');
    expect(api.data.findings).toEqual([]);
    expect(api.data.verdict).toBe('healthy');
    const local = await diagnoseJson('web', ['--local']);
    expect(codes(local)[0]).toBe('serverless.no_problem_found');
    expect(local.data.findings.every((f) => f.severity === 'informational')).toBe(true);
    expect(local.data.verdict).toBe('healthy');
    const human = await cli(sim, ['serverless', 'diagnose', 'web']);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/verdict: healthy/);
    expect(human.stdout).toMatch(/no findings: nothing looks wrong/);
  });

  it('worker locally: status error first with code, reason, retryable, fix; then no pod, empty log expected', async () => {
    const out = await diagnoseJson('worker', ['--local']);
    const [err, noPod] = out.data.findings;
    expect(err).toMatchObject({ code: 'serverless.image_not_found', severity: 'fatal', retryable: false, evidence: { reason: 'ContainerMissing', summary: 'failed' } });
    expect(err!.remediation).toMatch(/image reference/);
    expect(noPod).toMatchObject({ code: 'serverless.no_pod_scheduled', severity: 'informational', evidence: { revision: 'worker-00001', reason: 'ContainerMissing', actual_replicas: 0 } });
    expect(noPod!.remediation).toMatch(/image reference or the registry credential, then redeploy/);
    expect(out.data.findings.find((f) => f.code === 'logs.empty')!.summary).toMatch(/as expected: no pod ran/);
  });

  it('batch and cron locally: say why the revision checks were skipped', async () => {
    expect((await diagnoseJson('batch', ['--local'])).data.findings[0]!.summary).toMatch(/operation is in flight/);
    expect((await diagnoseJson('cron', ['--local'])).data.findings[0]!.summary).toMatch(/stopped/);
  });

  it('human output: verdict, ranked findings with severity, meaning, fix, and the path that produced them', async () => {
    const r = await cli(sim, ['serverless', 'diagnose', 'worker']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(`Diagnosis of worker (${SEED_IDS.worker})  verdict: failed  source: the API's diagnose endpoint`);
    expect(r.stdout).toMatch(/ 1\. FATAL +serverless\.image_not_found {2}\(not retryable: retrying will not help\)\n {4}Unable to fetch image .+\n {4}fix: /);
    expect(r.stdout).toMatch(/ 2\. INFO +serverless\.no_pod_scheduled\n/);
    const local = await cli(sim, ['serverless', 'diagnose', 'worker', '--local']);
    expect(local.stdout.split('\n')[0]).toBe(`Diagnosis of worker (${SEED_IDS.worker})  verdict: failed  source: local correlation (--local was given)`);
    expect(local.stdout).toMatch(/ 3\. INFO +logs\.empty\n/);
    expect(local.stderr).toBe('');
  });
});

describe('serverless diagnose --exit-status', () => {
  it('a fatal finding: exit 1 after printing the findings, by either path', async () => {
    for (const extra of [[], ['--local']]) {
      const r = await cli(sim, ['serverless', 'diagnose', 'worker', '--exit-status', ...extra]);
      expect(r.code, extra.join(' ')).toBe(1);
      expect(r.stdout).toMatch(/FATAL +serverless\.image_not_found/);
      expect(r.stderr).toMatch(/^error: 1 fatal finding: serverless\.image_not_found$/m);
    }
    // The degraded api has a fatal crash loop too; --json still prints the whole envelope.
    const j = await cli(sim, ['serverless', 'diagnose', 'api', '--exit-status', '--json']);
    expect(j.code).toBe(1);
    expect((JSON.parse(j.stdout) as Out).data.findings[0]).toMatchObject({ code: 'serverless.crash_loop', severity: 'fatal' });
  });

  it('no fatal finding: exit 0, even with findings that ask for action', async () => {
    for (const ref of ['edge', 'batch', 'cron', 'web']) {
      const r = await cli(sim, ['serverless', 'diagnose', ref, '--exit-status']);
      expect(r.code, ref).toBe(0);
      expect(r.stderr, ref).toBe('');
    }
    expect((await cli(sim, ['serverless', 'diagnose', 'edge', '--local', '--exit-status'])).code).toBe(0);
  });

  it('without --exit-status a fatal finding is data: exit 0', async () => {
    expect((await cli(sim, ['serverless', 'diagnose', 'worker'])).code).toBe(0);
    expect((await cli(sim, ['serverless', 'diagnose', 'worker', '--local'])).code).toBe(0);
  });
});

describe('serverless diagnose: fallback to local correlation', () => {
  for (const status of [404, 405, 501]) {
    it(`the diagnose route answers ${status} while the container exists → local, saying why`, async () => {
      sim.use(http.get('*/api/v1/serverless/:id/diagnose', () => HttpResponse.json({ message: 'nope' }, { status })));
      const out = await diagnoseJson('edge');
      expect(out.meta.source).toBe('local');
      expect(out.meta.reason).toBe(`the diagnose endpoint answered ${status}`);
      expect(codes(out)[0]).toBe('serverless.ingress_not_ready');
      expect(out.data.findings[0]!.evidence).toMatchObject({ revision: 'edge-00002', condition: { type: 'IngressReady', status: 'False' } });
      expect(apiRequests(sim, '/diagnose').length).toBe(1);
      const human = await cli(sim, ['serverless', 'diagnose', 'edge']);
      expect(human.stdout).toContain(`source: local correlation (the diagnose endpoint answered ${status})`);
      expect(human.stderr).toBe(`correlating locally: the diagnose endpoint answered ${status}\n`);
    });
  }

  it('5xx after retries → local', async () => {
    sim.use(http.get('*/api/v1/serverless/:id/diagnose', () => HttpResponse.json({ message: 'Server Error' }, { status: 503 })));
    const out = await diagnoseJson(SEED_IDS.edge);
    expect(out.meta.source).toBe('local');
    expect(out.meta.reason).toMatch(/^the diagnose endpoint did not answer/);
    expect(apiRequests(sim, '/diagnose').length).toBe(4);
  });

  it('an envelope error that says retryable: false is not retried before falling back', async () => {
    sim.use(
      http.get('*/api/v1/serverless/:id/diagnose', () =>
        HttpResponse.json({ success: false, data: null, error: { code: 'serverless.diagnose_unavailable', message: 'Diagnose is off.', retryable: false }, meta: {} }, { status: 503 }),
      ),
    );
    const out = await diagnoseJson(SEED_IDS.worker);
    expect(out.meta.source).toBe('local');
    expect(codes(out)[0]).toBe('serverless.image_not_found');
    expect(apiRequests(sim, '/diagnose').length).toBe(1);
  });

  const unreadable: [string, () => Response][] = [
    ['not JSON', () => new HttpResponse('<html>gateway</html>', { status: 200, headers: { 'content-type': 'text/html' } })],
    ['an envelope without findings', () => HttpResponse.json({ success: true, data: { verdict: 'healthy' }, error: null, meta: {} })],
  ];
  it.each(unreadable)('an unreadable body (%s) → local, saying why', async (_n, answer) => {
    sim.use(http.get('*/api/v1/serverless/:id/diagnose', answer));
    const out = await diagnoseJson(SEED_IDS.api);
    expect(out.meta.source).toBe('local');
    expect(out.meta.reason).toMatch(/^the diagnose endpoint answered something this client cannot read/);
    expect(codes(out)[0]).toBe('serverless.crash_loop');
    expect(out.data.verdict).toBe('degraded');
  });

  it('the container does not exist: exit 5, not a fallback diagnosis', async () => {
    const byName = await cli(sim, ['serverless', 'diagnose', 'no-such-container']);
    expect(byName.code).toBe(5);
    expect(byName.stdout).toBe('');
    // The list walk, then one search so the error can say which product has the name.
    expect(requestLines(sim)).toEqual([LIST, 'GET /api/v1/resources/search']);
    sim.requests.length = 0;
    // A UUID goes straight to the route; its 404 is checked against the container itself.
    const missing = '00000000-0000-4000-8000-000000000000';
    const byId = await cli(sim, ['serverless', 'diagnose', missing, '--json']);
    expect(byId.code).toBe(5);
    expect(byId.stdout).toBe('');
    expect(requestLines(sim)).toContain(`GET /api/v1/serverless/${missing}`);
  });

  it('log store down during local correlation: an info finding that it proves nothing', async () => {
    await ok(await simApi(sim).control('/_sim/faults', { logs_unavailable: true }));
    const out = await diagnoseJson('worker', ['--local']);
    expect(codes(out)[0]).toBe('serverless.image_not_found');
    const f = out.data.findings.find((x) => x.code === 'logs.unavailable')!;
    expect(f.severity).toBe('informational');
    expect(f.summary).toMatch(/proves nothing about the container/);
  });

  it('revisions unreadable during local correlation: said, checks not run; the verdict follows the status health as the API does', async () => {
    sim.use(
      http.get('*/api/v1/serverless/:id/revisions', () =>
        HttpResponse.json(
          {
            success: false,
            data: { available: false, revisions: [], service: null, route: null },
            error: { code: 'serverless.revisions_unavailable', message: 'Retry shortly.', retryable: true },
            meta: {},
          },
          { status: 503 },
        ),
      ),
    );
    const api = await peek<{ data: { verdict: string; status: { health: string } } }>(sim, `/api/v1/serverless/${SEED_IDS.edge}/diagnose`);
    expect(api.data).toMatchObject({ verdict: 'unhealthy', status: { health: 'unhealthy' } });
    const out = await diagnoseJson('edge', ['--local']);
    expect(codes(out)).toContain('diagnose.revisions_unreadable');
    expect(out.data.findings.find((f) => f.code === 'diagnose.revisions_unreadable')!.summary).toMatch(/revision checks were not run/);
    // Health says unhealthy: the local path must not call it healthy, nor claim that no problem was found.
    expect(codes(out)).not.toContain('serverless.no_problem_found');
    expect(out.data.verdict).toBe(api.data.verdict);
    // A healthy container with unreadable revisions stays healthy.
    expect((await diagnoseJson('web', ['--local'])).data.verdict).toBe('healthy');
  });

  it('a token without serverless:diagnostics: --local still runs and says the logs could not be read', async () => {
    const out = await diagnoseJson('worker', ['--local'], sim.tokens.no_diagnostics);
    expect(codes(out)).toEqual(['serverless.image_not_found', 'serverless.no_pod_scheduled', 'logs.forbidden']);
    expect(out.data.findings[2]!.summary).toMatch(/lacks serverless:diagnostics/);
    // The API path needs only serverless:read; it leaves out what it could not consult.
    const api = await diagnoseJson('worker', [], sim.tokens.no_diagnostics);
    expect(api.meta.source).toBe('api');
    expect(api.data.sections).toEqual({ events: null, logs: null });
  });
});

interface RevisionsOut {
  available: boolean;
  revisions: { name: string | null; conditions: { type: string }[] }[];
  service: { conditions: { type: string; status: string }[] } | null;
  route: { traffic: { revision_name: string | null; percent: number; latest_revision: boolean }[]; conditions: { type: string }[] } | null;
}

describe('serverless revisions', () => {
  it('every revision with conditions; Route readiness and IngressReady; --json prints the data object', async () => {
    const r = await cli(sim, ['serverless', 'revisions', 'edge']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Route +not ready$/m);
    expect(r.stdout).toMatch(/IngressReady +False +settled failure +IngressNotConfigured: /);
    expect(r.stdout).toMatch(/^edge-00002 {2}generation 2 {2}traffic 100% {2}replicas 1\/1 {2}created [23]h ago {2}\(latest\) {2}\(latest ready\)$/m);
    expect(r.stdout).toMatch(/^edge-00001 {2}generation 1 {2}traffic 0% /m);
    const direct = await peek<{ data: RevisionsOut }>(sim, `/api/v1/serverless/${SEED_IDS.edge}/revisions`);
    const j = await cli(sim, ['serverless', 'revisions', SEED_IDS.edge, '--json']);
    const data = JSON.parse(j.stdout) as RevisionsOut;
    expect(data).toEqual(direct.data);
    expect(data.revisions.map((x) => x.name)).toEqual(['edge-00002', 'edge-00001']);
    expect(data.route!.conditions.map((c) => c.type)).toContain('IngressReady');
    expect(requestLines(sim)).toEqual([LIST, `GET /api/v1/serverless/${SEED_IDS.edge}/revisions`, `GET /api/v1/serverless/${SEED_IDS.edge}/revisions`]);
  });

  it('a revision without a name (name: null) is listed as unnamed; its traffic cannot be told', async () => {
    const direct = await peek<{ data: RevisionsOut }>(sim, `/api/v1/serverless/${SEED_IDS.web}/revisions`);
    expect(direct.data.revisions.at(-1)!.name).toBeNull();
    const r = await cli(sim, ['serverless', 'revisions', 'web']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^web-00003 {2}generation 3 {2}traffic 100% /m);
    expect(r.stdout).toMatch(/^\(unnamed\) {2}generation 1 {2}traffic \?% {2}replicas 0\/0 /m);
  });

  it('traffic is read from route.traffic[], summed per revision name', async () => {
    const direct = await peek<{ data: RevisionsOut }>(sim, `/api/v1/serverless/${SEED_IDS.edge}/revisions`);
    const data: RevisionsOut = {
      ...direct.data,
      route: {
        ...direct.data.route!,
        traffic: [
          { revision_name: 'edge-00002', percent: 60, latest_revision: true },
          { revision_name: 'edge-00001', percent: 30, latest_revision: false },
          { revision_name: 'edge-00001', percent: 10, latest_revision: false },
        ],
      },
    };
    sim.use(http.get('*/api/v1/serverless/:id/revisions', () => HttpResponse.json({ success: true, data, error: null, meta: {} })));
    const r = await cli(sim, ['serverless', 'revisions', 'edge']);
    expect(r.stdout).toMatch(/^edge-00002 {2}generation 2 {2}traffic 60% /m);
    expect(r.stdout).toMatch(/^edge-00001 {2}generation 1 {2}traffic 40% /m);
  });

  it('Service and Route readiness come from their Ready condition, not from a ready field', async () => {
    const direct = await peek<{ data: RevisionsOut }>(sim, `/api/v1/serverless/${SEED_IDS.web}/revisions`);
    const data = {
      ...direct.data,
      service: { ...direct.data.service!, ready: true, conditions: [{ type: 'Ready', status: 'False', reason: 'RevisionFailed', message: 'Revision web-00003 failed' }] },
      route: { ...direct.data.route!, ready: true, conditions: [{ type: 'AllTrafficAssigned', status: 'True' }] },
    };
    sim.use(http.get('*/api/v1/serverless/:id/revisions', () => HttpResponse.json({ success: true, data, error: null, meta: {} })));
    const r = await cli(sim, ['serverless', 'revisions', 'web']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Service +not ready$/m);
    expect(r.stdout).toMatch(/Ready +False +settled failure +RevisionFailed: Revision web-00003 failed/);
    expect(r.stdout).toMatch(/^Route +not reported$/m);
    expect(r.stdout).toMatch(/IngressReady not reported by the API/);
  });

  it('Unknown conditions shown as in progress (batch rolling out)', async () => {
    const r = await cli(sim, ['serverless', 'revisions', 'batch']);
    expect(r.stdout).toMatch(/^Service +in progress$/m);
    expect(r.stdout).toMatch(/Ready +Unknown +in progress +Deploying: /);
    expect(r.stdout).toMatch(/^batch-00002 {2}generation 2 {2}traffic 0% {2}replicas 0\/1 .*\(latest\)$/m);
    expect(r.stdout).toMatch(/^batch-00001 {2}generation 1 {2}traffic 100% .*\(latest ready\)$/m);
  });

  it('available: false is said, not read as "no revisions"', async () => {
    sim.use(http.get('*/api/v1/serverless/:id/revisions', () => HttpResponse.json({ success: true, data: { available: false, revisions: [], service: null, route: null }, error: null, meta: {} })));
    const r = await cli(sim, ['serverless', 'revisions', 'web']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('the platform could not read the revisions this time (available: false)');
  });
});

interface EventOut {
  type: string;
  reason: string;
  resource: { kind: string; name: string };
}

describe('serverless events', () => {
  it('table with the resource as Kind/name, plus the ephemeral note on stderr, even with --json', async () => {
    const r = await cli(sim, ['serverless', 'events', 'api']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('LAST SEEN\tTYPE\tREASON\tOBJECT\tCOUNT\tMESSAGE');
    expect(r.stdout).toMatch(/\tWarning\tBackOff\tPod\/api-00002-deployment-\S+\t\d+\tContainer failed/);
    expect(r.stdout).toMatch(/\tNormal\tCreated\tRevision\/api-00002\t1\t/);
    expect(r.stderr).toMatch(/events are ephemeral.*missing events prove nothing/);
    const direct = await peek<{ data: { events: EventOut[] } }>(sim, `/api/v1/serverless/${SEED_IDS.api}/events`);
    const j = await cli(sim, ['serverless', 'events', 'api', '--json', '-q']);
    const events = JSON.parse(j.stdout) as EventOut[];
    expect(events).toEqual(direct.data.events);
    expect(events.find((e) => e.reason === 'BackOff')!.resource).toMatchObject({ kind: 'Pod' });
    expect(j.stderr).toMatch(/ephemeral/);
  });

  it('events of a container whose events were garbage-collected: empty, still with the note', async () => {
    const r = await cli(sim, ['serverless', 'events', 'cron']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/ephemeral[\s\S]*no events are kept/);
  });

  it('available: false is said: the event source did not answer', async () => {
    sim.use(http.get('*/api/v1/serverless/:id/events', () => HttpResponse.json({ success: true, data: { available: false, events: [] }, error: null, meta: {} })));
    const r = await cli(sim, ['serverless', 'events', 'api']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/did not give its events this time \(available: false\)/);
    expect(r.stderr).toMatch(/ephemeral/);
  });
});

describe('human diagnose output names the container in its fix commands', () => {
  for (const ref of ['api', 'worker']) {
    for (const extra of [[], ['--local']]) {
      it(`${ref} ${extra.join(' ') || '(api)'}: no <id> placeholder reaches the user`, async () => {
        const r = await cli(sim, ['serverless', 'diagnose', ref, ...extra]);
        expect(r.code).toBe(0);
        expect(r.stdout).toMatch(/fix:/);
        expect(r.stdout).not.toContain('<id>');
      });
    }
  }
});
