import { describe, expect, it } from 'vitest';
import { decide } from '../../src/wait/decide.js';
import type { DoneDecision, WaitResult } from '../../src/wait/poller.js';
import type { Target } from '../../src/wait/decide.js';
import type { WaitEvent } from '../../src/wait/poller.js';
import * as v from '../../src/wait/verdict.js';
import { resumeCommand, rolloutWords, type Subject } from '../../src/commands/kit/wait/rollout-words.js';

// The one verdict, in the words of a container's rollout.
const verdict = (s: Subject, r: WaitResult, o: { timeoutMs: number; resume: string; endpoint?: string; terminated?: boolean }) =>
  v.verdict(rolloutWords(s), s.name, s.id, r, { endpoint: `GET /api/v1/serverless/${s.id}`, ...o });
const phaseText = (e: WaitEvent, s: Subject) => v.progressText(e, rolloutWords(s));
const finalJson = (s: { id: string; target: Target }, r: WaitResult) => v.finalJson(s.id, s.target, r);
import { container, type Shape } from './fixtures.js';

const subject = { id: 'srv-101', name: 'web', target: { generation: 3 } };
const opts = { timeoutMs: 900_000, resume: resumeCommand(subject) };

function done(shape: Shape, extra: Partial<WaitResult> = {}): WaitResult {
  const c = container(shape);
  const d = decide(c, { generation: 3 }) as DoneDecision;
  return { outcome: d.outcome, decision: d, evidence: d.evidence, container: c, deleted: false, elapsedMs: 42_000, requests: 9, ...extra };
}

describe('verdict', () => {
  it('ready: exit 0', () => {
    expect(verdict(subject, done({}), opts)).toMatchObject({ exitCode: 0, message: 'generation 3 of web is ready (42s)', notes: [] });
  });

  it('ready with another summary or an unhealthy URL: named', () => {
    const v = verdict(subject, done({ summary: 'stopped', health: 'unhealthy' }), opts);
    expect(v.exitCode).toBe(0);
    expect(v.notes.join('\n')).toMatch(/summary is now "stopped"/);
    expect(v.notes.join('\n')).toMatch(/health is unhealthy.*infra serverless diagnose srv-101/);
  });

  it('degraded with a non-retryable failure: exit 3 and never suggests a redeploy', () => {
    const v = verdict(subject, done({ summary: 'degraded', state: 'failed', error: { code: 'serverless.crash_loop', reason: 'CrashLoopBackOff', message: 'm' } }), opts);
    expect(v.exitCode).toBe(3);
    expect(v.message).toMatch(/previous revision keeps serving/);
    expect(v.hint).toMatch(/^redeploying the same configuration fails the same way; /);
    expect(v.hint).not.toMatch(/redeploy may help/);
  });

  it('failed with a non-retryable code: code, reason, message, retrying will not help', () => {
    const v = verdict(subject, done({ summary: 'failed', state: 'failed', error: { code: 'serverless.oom_killed', reason: 'OOMKilled', message: 'killed' } }), opts);
    expect(v).toMatchObject({ exitCode: 1, message: 'rollout of generation 3 of web failed: serverless.oom_killed' });
    expect(v.details).toEqual(['  code:    serverless.oom_killed', '  reason:  OOMKilled', '  message: killed']);
    expect(v.hint).toMatch(/raise the resource profile.*will not help/);
  });

  it('failed with an unknown code: uses the API retryable flag', () => {
    const no = verdict(subject, done({ summary: 'failed', state: 'failed', error: { code: 'serverless.new_thing', retryable: false } }), opts);
    expect(no.hint).toMatch(/retrying will not help/);
    const yes = verdict(subject, done({ summary: 'failed', state: 'failed', error: { code: 'serverless.new_thing', retryable: true } }), opts);
    expect(yes.hint).toMatch(/a redeploy may help \(infra serverless redeploy web\)/);
  });

  it('failed from an unknown terminal state says so', () => {
    const v = verdict(subject, done({ state: 'superseded' }), opts);
    expect(v.exitCode).toBe(1);
    expect(v.details?.join('\n')).toMatch(/state "superseded", which this client does not know/);
  });

  it('cancelled: exit 1', () => {
    expect(verdict(subject, done({ state: 'cancelled' }), opts)).toMatchObject({ exitCode: 1, message: 'rollout of generation 3 of web was cancelled' });
  });

  it('deleted during the wait: exit 1', () => {
    const r: WaitResult = { outcome: 'failed', deleted: true, container: container({ state: 'running', terminal: false }), elapsedMs: 5000, requests: 3 };
    expect(verdict(subject, r, opts)).toMatchObject({ exitCode: 1, message: 'web (id srv-101) was deleted while waiting for generation 3 of web (404)' });
  });

  it('timeout and interrupt: exit 6 / 130 with the resume command', () => {
    const base = { deleted: false, elapsedMs: 900_000, requests: 180 };
    expect(verdict(subject, { ...base, outcome: 'timeout' }, opts)).toMatchObject({ exitCode: 6, hint: 'resume waiting with: infra serverless wait web --generation 3' });
    expect(verdict(subject, { ...base, outcome: 'interrupted' }, opts)).toMatchObject({ exitCode: 130, hint: 'resume waiting with: infra serverless wait web --generation 3' });
    expect(resumeCommand(subject, '7')).toBe('infra serverless wait web --generation 3 --project 7');
    // Typed as an id, the hint keeps the id.
    expect(resumeCommand({ ...subject, ref: 'srv-101' })).toBe('infra serverless wait srv-101 --generation 3');
  });

  it("interrupt in the subject's own words (a run keeps going): the clause and hint are the words', a timeout keeps the usual ones", () => {
    const base = { deleted: false, elapsedMs: 1_000, requests: 1 };
    const words = { ...rolloutWords(subject), interrupted: { clause: 'the run keeps going', hint: 'cancel it with: x' } };
    const said = v.verdict(words, 'web', 'srv-101', { ...base, outcome: 'interrupted' }, { ...opts, endpoint: 'GET /x', terminated: true });
    expect(said).toMatchObject({ exitCode: 143, message: 'terminated while waiting for generation 3 of web; the run keeps going', hint: 'cancel it with: x' });
    const late = v.verdict(words, 'web', 'srv-101', { ...base, outcome: 'timeout' }, { ...opts, endpoint: 'GET /x' });
    expect(late.message).toMatch(/; the rollout goes on server-side$/);
    // The resume hint names the container as typed, else by name (web), not by its id.
    expect(late.hint).toBe('resume waiting with: infra serverless wait web --generation 3');
  });
});

describe('finalJson', () => {
  it('has exactly the contract fields', () => {
    const j = finalJson(subject, done({ observed: 4, spec: 4 }));
    expect(j).toEqual({ id: 'srv-101', spec_generation: 3, observed_generation: 4, outcome: 'ready', evidence: 'generation', elapsed_seconds: 42, status_details: container().status_details });
  });
  it('without any read: nulls, the id from the command line', () => {
    expect(finalJson(subject, { outcome: 'timeout', deleted: false, elapsedMs: 1234, requests: 1 })).toEqual({
      id: 'srv-101',
      spec_generation: 3,
      observed_generation: null,
      outcome: 'timeout',
      evidence: null,
      elapsed_seconds: 1.2,
      status_details: null,
    });
  });
});

describe('phaseText', () => {
  const ev = (shape: Shape) => {
    const c = container(shape);
    const d = decide(c, { generation: 3 });
    if (d.kind !== 'wait') throw new Error('expected a wait');
    return { type: 'status' as const, decision: d, container: c, elapsedMs: 0, requests: 1 };
  };
  it.each([
    [{ state: 'running', terminal: false, observed: 2 }, 'generation 3 queued behind another rollout (generation 2 is rolling out)'],
    [{ state: 'queued', terminal: false, observed: 2 }, 'generation 3 queued'],
    [{ observed: 2 }, 'waiting for generation 3 to start (the status still describes generation 2)'],
    [{ stale: true }, 'the status is stale (no live source reachable): waiting for a live status of generation 3'],
    [{ state: 'running', terminal: false, health: 'unknown' }, 'rolling out generation 3 (health: unknown)'],
  ] as [Shape, string][])('%j → %s', (shape, text) => {
    expect(phaseText(ev(shape), subject)).toBe(text);
  });
});

describe('a server without generations', () => {
  const baseline = { observed_at: '2025-01-01T00:00:00.000Z', current_revision: 'web-00003', deployment_count: 3 };
  const gl = { id: 'srv-101', name: 'web', target: { baseline } };

  it('resumes from the read before the change until a fresh read was seen', () => {
    // The deployment count proves a new rollout where observed_at alone could be a second look.
    expect(resumeCommand(gl)).toBe('infra serverless wait web --observed-after 2025-01-01T00:00:00.000Z --deployments-before 3');
    expect(resumeCommand({ ...gl, target: { baseline: { observed_at: baseline.observed_at } } })).toBe('infra serverless wait web --observed-after 2025-01-01T00:00:00.000Z');
    // Sent while another rollout ran: only a new deployment tells.
    expect(resumeCommand({ ...gl, target: { baseline: { ...baseline, settled: false } } })).toBe('infra serverless wait web --deployments-before 3');
    expect(resumeCommand(gl, undefined, true)).toBe('infra serverless wait web');
    expect(resumeCommand({ ...gl, target: { baseline: null } })).toBe('infra serverless wait web');
  });

  it('names the change without a generation, and the evidence in --json', () => {
    const c = container({ observed: null, deployments: 4 });
    const d = decide(c, gl.target) as DoneDecision;
    const r: WaitResult = { outcome: d.outcome, decision: d, evidence: d.evidence, container: c, deleted: false, elapsedMs: 3000, requests: 2 };
    expect(verdict(gl, r, opts).message).toBe('the rollout of web is ready (3s)');
    expect(finalJson(gl, r)).toMatchObject({ spec_generation: null, observed_generation: null, evidence: 'fresh_observation', outcome: 'ready' });
  });

  it('impossible: exit 1 naming the endpoint and the missing field', () => {
    const r: WaitResult = { outcome: 'impossible', missing: 'status_details', deleted: false, elapsedMs: 10, requests: 1 };
    const v = verdict(gl, r, { ...opts, endpoint: 'GET /api/v1/serverless/srv-101' });
    expect(v.exitCode).toBe(1);
    expect(v.message).toBe(
      'cannot wait for the change to web: GET /api/v1/serverless/srv-101 answers without "status_details", so nothing tells when the rollout is done (the legacy status string is not a stop signal)',
    );
  });

  it('phase lines without generations', () => {
    const c = container({ observed: null });
    const d = decide(c, gl.target);
    if (d.kind !== 'wait') throw new Error('expected a wait');
    expect(phaseText({ type: 'status', decision: d, container: c, elapsedMs: 0, requests: 1 }, gl)).toBe(
      'waiting for the platform to observe the change (the status still describes the previous rollout)',
    );
  });
});

describe('degraded hints follow the retryable flag (contract 6.4)', () => {
  it('a retryable failure says a redeploy may help', () => {
    const v = verdict(subject, done({ summary: 'degraded', state: 'failed', error: { code: 'serverless.image_pull_unknown', retryable: true } }), opts);
    expect(v.exitCode).toBe(3);
    expect(v.hint).toMatch(/retryable: a redeploy may help/);
    expect(v.hint).not.toMatch(/fails the same way/);
  });
});

describe('a resume hint is a command that parses', () => {
  it('--deployments-before 0 (a container never deployed) is accepted by serverless wait', async () => {
    const { runCli } = await import('../helpers/cli.js');
    const hint = resumeCommand({ id: 'srv-101', name: 'web', target: { baseline: { observed_at: '2025-01-01T00:00:00.000Z', deployment_count: 0 } } });
    expect(hint).toBe('infra serverless wait web --observed-after 2025-01-01T00:00:00.000Z --deployments-before 0');
    // No token: the usage is accepted, then the command stops at the missing setting.
    const r = await runCli([...hint.split(' ').slice(1)], { env: {} });
    expect(r.stderr).not.toMatch(/--deployments-before must be/);
    expect(r.stderr).toMatch(/no API token for/);
  });
});
