// `infra serverless diagnose` against the simulator (contract section 8): the API path, the
// local correlation for each rule, the fallback conditions, and one shape whichever path.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import { useSimulator } from '../helpers/sim.js';
import { apiRequests, cli, control } from '../diagnose/sim-env.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

interface Finding {
  code: string;
  severity: string;
  message: string;
  hint?: string | null;
  retryable?: boolean | null;
  evidence?: unknown;
}
interface Out {
  success: boolean;
  data: { findings: Finding[] };
  error: null;
  meta: { source: string; reason?: string };
}

async function diagnoseJson(ref: string, extra: string[] = [], token?: string): Promise<Out> {
  const r = await cli(sim, ['serverless', 'diagnose', ref, '--json', ...extra], { token });
  expect(r.code, r.stderr).toBe(0);
  const out = JSON.parse(r.stdout) as Out;
  expect(out).toMatchObject({ success: true, error: null });
  for (const f of out.data.findings) {
    expect(typeof f.code).toBe('string');
    expect(['error', 'warning', 'info']).toContain(f.severity);
    expect(typeof f.message).toBe('string');
  }
  return out;
}

const codes = (o: Out) => o.data.findings.map((f) => f.code);

// Each seeded container and the code that must come first, by either path.
const cases: [string, string, string[]][] = [
  ['worker', 'serverless.image_not_found', ['serverless.no_pod_scheduled']],
  ['edge', 'serverless.ingress_not_ready', []],
  ['api', 'serverless.crash_loop', []],
  ['batch', 'serverless.checks_skipped', []],
  ['cron', 'serverless.checks_skipped', []],
];

describe('serverless diagnose: API and local agree on the rules', () => {
  it.each(cases)('%s via the API → %s first', async (ref, first, also) => {
    const out = await diagnoseJson(ref);
    expect(out.meta.source).toBe('api');
    expect(codes(out)[0]).toBe(first);
    for (const c of also) expect(codes(out)).toContain(c);
    expect(apiRequests(sim, '/diagnose').length).toBe(1);
  });

  it.each(cases)('%s locally (--local) → %s first', async (ref, first, also) => {
    const out = await diagnoseJson(ref, ['--local']);
    expect(out.meta).toMatchObject({ source: 'local', reason: '--local was given' });
    expect(codes(out)[0]).toBe(first);
    for (const c of also) expect(codes(out)).toContain(c);
    expect(apiRequests(sim, '/diagnose').length).toBe(0);
    // status, revisions and logs with a recent since were read; events never are.
    const logs = apiRequests(sim, '/logs');
    expect(logs.length).toBe(1);
    expect(Date.parse(logs[0]!.query.since!)).toBe(sim.world.now() - 15 * 60_000);
    expect(apiRequests(sim, '/revisions').length).toBe(1);
    expect(apiRequests(sim, '/events').length).toBe(0);
  });

  it('worker locally: status error first with code, reason, retryable, fix; then no pod, empty log expected', async () => {
    const out = await diagnoseJson('worker', ['--local']);
    const [err, noPod] = out.data.findings;
    expect(err).toMatchObject({ code: 'serverless.image_not_found', severity: 'error', retryable: false, evidence: { reason: 'ContainerMissing' } });
    expect(err!.hint).toMatch(/image reference/);
    expect(noPod).toMatchObject({ code: 'serverless.no_pod_scheduled', evidence: { reason: 'ContainerMissing', actual_replicas: 0 } });
    expect(noPod!.hint).toMatch(/image reference or the registry credential, then redeploy/);
    expect(out.data.findings.find((f) => f.code === 'logs.empty')!.message).toMatch(/as expected: no pod ran/);
  });

  it('batch and cron locally: say why the revision checks were skipped', async () => {
    expect((await diagnoseJson('batch', ['--local'])).data.findings[0]!.message).toMatch(/operation is in flight/);
    expect((await diagnoseJson('cron', ['--local'])).data.findings[0]!.message).toMatch(/stopped/);
  });

  it('human output: ranked findings with severity, meaning, fix, and the path that produced them', async () => {
    const r = await cli(sim, ['serverless', 'diagnose', 'worker']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Diagnosis of worker \(103\) {2}source: the API's diagnose endpoint\n/);
    expect(r.stdout).toMatch(/ 1\. ERROR +serverless\.image_not_found +\(not retryable: retrying will not help\)\n +.+\n +fix: /);
    expect(r.stdout).toMatch(/ 2\. WARNING serverless\.no_pod_scheduled/);
  });
});

describe('serverless diagnose: fallback to local correlation', () => {
  for (const status of [404, 405, 501]) {
    it(`the diagnose route answers ${status} while the container exists → local, saying why`, async () => {
      sim.use(http.get('*/api/v1/serverless/:id/diagnose', () => HttpResponse.json({ message: 'nope' }, { status })));
      const out = await diagnoseJson('edge');
      expect(out.meta.source).toBe('local');
      expect(out.meta.reason).toMatch(new RegExp(`answered ${status}`));
      expect(codes(out)[0]).toBe('serverless.ingress_not_ready');
      const human = await cli(sim, ['serverless', 'diagnose', 'edge']);
      expect(human.stdout).toMatch(new RegExp(`source: local correlation \\(the diagnose endpoint answered ${status}\\)`));
      expect(human.stderr).toMatch(/correlating locally/);
    });
  }

  it('5xx after retries → local', async () => {
    sim.use(http.get('*/api/v1/serverless/:id/diagnose', () => HttpResponse.json({ message: 'down' }, { status: 503 })));
    const out = await diagnoseJson('104');
    expect(out.meta.source).toBe('local');
    expect(apiRequests(sim, '/diagnose').length).toBe(4);
  });

  it('the container does not exist: exit 5, not a fallback diagnosis', async () => {
    const r = await cli(sim, ['serverless', 'diagnose', '999']);
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
  });

  it('log store down during local correlation: an info finding that it proves nothing', async () => {
    await control(sim, 'faults', { logs_unavailable: true });
    const out = await diagnoseJson('worker', ['--local']);
    expect(codes(out)[0]).toBe('serverless.image_not_found');
    expect(out.data.findings.find((f) => f.code === 'logs.unavailable')!.message).toMatch(/proves nothing about the container/);
  });

  it('a token without serverless:diagnostics: --local still runs and says the logs could not be read', async () => {
    const out = await diagnoseJson('worker', ['--local'], sim.tokens.no_diagnostics);
    expect(codes(out)).toEqual(['serverless.image_not_found', 'serverless.no_pod_scheduled', 'logs.forbidden']);
    expect(out.data.findings[2]!.message).toMatch(/lacks serverless:diagnostics/);
  });
});

describe('serverless revisions and events', () => {
  it('revisions: every revision with conditions; Route IngressReady; --json prints the data object', async () => {
    const r = await cli(sim, ['serverless', 'revisions', 'edge']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Route +not ready$/m);
    expect(r.stdout).toMatch(/IngressReady +False +settled failure +IngressNotConfigured: /);
    expect(r.stdout).toMatch(/edge-00002 +generation 2 +traffic 100% +replicas 1\/1 +age [23]h +\(latest\)/);
    expect(r.stdout).toMatch(/edge-00001 +generation 1 +traffic 0%/);
    const j = await cli(sim, ['serverless', 'revisions', '104', '--json']);
    const data = JSON.parse(j.stdout) as { revisions: { name: string }[]; route: { conditions: { type: string }[] } };
    expect(data.revisions.map((x) => x.name)).toEqual(['edge-00002', 'edge-00001']);
    expect(data.route.conditions.map((c) => c.type)).toContain('IngressReady');
  });

  it('revisions: Unknown conditions shown as in progress (batch rolling out)', async () => {
    const r = await cli(sim, ['serverless', 'revisions', 'batch']);
    expect(r.stdout).toMatch(/Ready +Unknown +in progress +Deploying: /);
  });

  it('events: table plus the ephemeral note on stderr, even with --json', async () => {
    const r = await cli(sim, ['serverless', 'events', 'api']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('LAST SEEN\tTYPE\tREASON\tOBJECT\tCOUNT\tMESSAGE');
    expect(r.stdout).toMatch(/Warning\tBackOff\tPod\//);
    expect(r.stderr).toMatch(/events are ephemeral.*missing events prove nothing/);
    const j = await cli(sim, ['serverless', 'events', 'api', '--json', '-q']);
    expect(Array.isArray(JSON.parse(j.stdout))).toBe(true);
    expect(j.stderr).toMatch(/ephemeral/);
  });

  it('events of a container whose events were garbage-collected: empty, still with the note', async () => {
    const r = await cli(sim, ['serverless', 'events', 'cron']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/ephemeral[\s\S]*no events are kept/);
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
