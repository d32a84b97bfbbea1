// Invariants of the pure decisions, over generated inputs: the wait's stop decision, the local
// diagnose rules, duration parsing and settings precedence.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/wait/decide.js';
import { correlate, type LocalInput } from '../../src/diagnose/rules.js';
import { formatDuration, parseDuration } from '../../src/shared/duration.js';
import { resolveSettings, type GlobalFlags, type StoredConfig } from '../../src/cli/settings.js';
import { UsageError } from '../../src/cli/errors.js';
import type { Condition, StatusDetails } from '../../src/client/schemas.js';
import { DEFAULT_API_URL } from '../../src/shared/api-host.js';

const RUNS = 500;
const word = (known: string[]) => fc.oneof(fc.constantFrom(...known), fc.string({ maxLength: 10 }));

const statusDetails: fc.Arbitrary<StatusDetails> = fc.record(
  {
    summary: word(['ready', 'degraded', 'failed', 'deploying', 'stopped', 'queued', 'unknown']),
    health: word(['healthy', 'unhealthy', 'unknown']),
    stale: fc.boolean(),
    operation: fc.record({ state: word(['queued', 'running', 'succeeded', 'failed', 'cancelled']), terminal: fc.boolean() }),
    error: fc.option(fc.record({ code: word(['image_not_found', 'crash_loop']), reason: fc.option(fc.string(), { nil: undefined }), retryable: fc.option(fc.boolean(), { nil: undefined }) }), {
      nil: undefined,
    }),
  },
  { requiredKeys: ['summary', 'operation'] },
) as fc.Arbitrary<StatusDetails>;

describe('decide(): the wait never reports ready unless the change is done and succeeded', () => {
  it(`holds for ${RUNS} generated container reads`, () => {
    fc.assert(
      fc.property(statusDetails, fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 }), (details, observed, target) => {
        const op = details.operation!;
        const d = decide({ status_details: details, observed_generation: observed }, { generation: target });
        if (d.kind === 'done') {
          // Done at all requires a fresh, terminal status of this change (or a later one).
          expect(observed).toBeGreaterThanOrEqual(target);
          expect(op.terminal).toBe(true);
          expect(details.stale).not.toBe(true);
          if (d.outcome === 'ready') {
            expect(op.state).toBe('succeeded');
            expect(details.summary).not.toBe('degraded');
          }
          if (details.summary === 'degraded') expect(d.outcome).toBe('degraded');
        } else {
          expect(details.stale === true || observed < target || !op.terminal).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

const condition = (types: string[]): fc.Arbitrary<Condition> =>
  fc.record({ type: fc.constantFrom(...types), status: word(['True', 'False', 'Unknown']), reason: fc.option(word(['ContainerMissing', 'RevisionFailed']), { nil: undefined }) });

const localInput: fc.Arbitrary<LocalInput> = fc.record({
  status: statusDetails,
  revisions: fc.oneof(
    fc.record({
      ok: fc.constant(true as const),
      data: fc.record({
        revisions: fc.array(
          fc.record({
            name: fc.string({ minLength: 1, maxLength: 8 }),
            actual_replicas: fc.option(fc.nat(3), { nil: undefined }),
            conditions: fc.array(condition(['Ready', 'ContainerHealthy', 'ResourcesAvailable']), { maxLength: 3 }),
          }),
          { maxLength: 3 },
        ),
        route: fc.option(fc.record({ conditions: fc.array(condition(['IngressReady', 'Ready']), { maxLength: 2 }) }), { nil: undefined }),
      }),
    }),
    fc.record({ ok: fc.constant(false as const), reason: fc.string() }),
  ),
  logs: fc.oneof(
    fc.record({
      ok: fc.constant(true as const),
      since: fc.constant('2025-01-01T00:00:00Z'),
      entries: fc.array(fc.record({ timestamp: fc.constant('2025-01-01T00:00:01Z'), message: fc.string(), level: fc.option(word(['info', 'error']), { nil: undefined }) }), { maxLength: 4 }),
    }),
    fc.record({ ok: fc.constant(false as const), kind: fc.constantFrom('unavailable' as const, 'forbidden' as const, 'error' as const), reason: fc.string() }),
  ),
}) as fc.Arbitrary<LocalInput>;

const signals = fc.record({ observed_at: fc.constantFrom('t0', 't1', 't2'), current_revision: fc.constantFrom('r1', 'r2', null), deployment_count: fc.integer({ min: 1, max: 3 }) });

describe('decide() without generations: never a verdict from a read that is not fresh', () => {
  it(`holds for ${RUNS} generated reads and baselines`, () => {
    fc.assert(
      fc.property(statusDetails, signals, signals, (details, before, now) => {
        const read = { status_details: { ...details, observed_at: now.observed_at }, current_revision: now.current_revision, deployment_count: now.deployment_count };
        const d = decide(read, { baseline: before });
        const moved = before.observed_at !== now.observed_at || before.current_revision !== now.current_revision || before.deployment_count !== now.deployment_count;
        if (d.kind === 'done') {
          expect(moved).toBe(true);
          expect(d.evidence).toBe('fresh_observation');
        }
        if (!moved) expect(d).toMatchObject({ kind: 'wait' });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('local diagnose rules', () => {
  it('never report serverless.no_pod_scheduled while an operation is in flight or the container is stopped', () => {
    fc.assert(
      fc.property(localInput, (input) => {
        const findings = correlate(input);
        const codes = findings.map((f) => f.code);
        if (!input.status.operation!.terminal || input.status.summary === 'stopped') {
          expect(codes).not.toContain('serverless.no_pod_scheduled');
          expect(codes).not.toContain('serverless.ingress_not_ready');
          expect(codes).toContain('serverless.checks_skipped');
          expect(codes).not.toContain('serverless.no_problem_found');
        }
        // A log store that did not answer proves nothing: never an error from it.
        if (!input.logs.ok) expect(findings.filter((f) => f.code.startsWith('logs.')).every((f) => f.severity === 'informational')).toBe(true);
        // Ranked: fatal, action_required, transient_recovered, informational.
        const order = { fatal: 0, action_required: 1, transient_recovered: 2, informational: 3 };
        const ranks = findings.map((f) => order[f.severity]);
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('parseDuration / formatDuration', () => {
  it('any text: a number of ms or a descriptive Error, never another throw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9.]{0,6}(ms|s|m|h|d|x)?[0-9]{0,3}(s|m)?$/)), (text) => {
        try {
          const ms = parseDuration(text);
          expect(Number.isSafeInteger(ms) && ms >= 0).toBe(true);
        } catch (err) {
          expect(err).toBeInstanceOf(Error);
          expect(Object.getPrototypeOf(err)).toBe(Error.prototype);
          expect((err as Error).message.length).toBeGreaterThan(10);
          expect((err as Error).message).toMatch(/duration|unit/);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('formatDuration round-trips through parseDuration (whole seconds, and ms below a second)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 0, max: 999 }),
          fc.integer({ min: 1, max: 400 * 86_400 }).map((s) => s * 1000),
        ),
        (ms) => {
          expect(parseDuration(formatDuration(ms))).toBe(ms);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('resolveSettings never picks a lower-precedence source', () => {
  const value = fc.option(fc.oneof(fc.constantFrom('', '  '), fc.stringMatching(/^[a-z]{1,6}$/)), { nil: undefined });
  // https: plain http to another host is refused whatever its source (tested in test/hostile/tokens.test.ts).
  const url = fc.option(fc.constantFrom('https://flag.test', 'https://env.test', 'https://config.test', '', ' '), { nil: undefined });

  it(`flag > environment > config file for project and api-url (${RUNS} combinations)`, () => {
    fc.assert(
      fc.property(value, value, value, value, value, url, url, url, (fp, ft, ep, et, cp, fu, eu, cu) => {
        const flags: GlobalFlags = { project: fp, team: ft, apiUrl: fu };
        const env = { INFRA_PROJECT: ep, INFRA_TEAM: et, INFRA_API_URL: eu };
        const config: StoredConfig = { project: cp, 'api-url': cu };
        const set = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());
        let s;
        try {
          s = resolveSettings(flags, env, config);
        } catch (err) {
          // Only the alias conflict, at the highest level where both are given.
          expect(err).toBeInstanceOf(UsageError);
          const flagConflict = set(fp) !== undefined && set(ft) !== undefined && set(fp) !== set(ft);
          const envConflict = set(fp) === undefined && set(ft) === undefined && set(ep) !== undefined && set(et) !== undefined && set(ep) !== set(et);
          expect(flagConflict || envConflict).toBe(true);
          return;
        }
        const flagP = set(fp) ?? set(ft);
        const envP = set(ep) ?? set(et);
        expect(s.project).toBe(flagP ?? envP ?? set(cp));
        expect(s.projectSource).toBe(flagP ? 'flag' : envP ? 'env' : set(cp) ? 'config' : 'none');
        // Nothing given anywhere: the service itself, said as the default.
        expect(s.apiUrl).toBe(set(fu) ?? set(eu) ?? set(cu) ?? DEFAULT_API_URL);
        expect(s.apiUrlSource).toBe(set(fu) ? 'flag' : set(eu) ? 'env' : set(cu) ? 'config' : 'default');
      }),
      { numRuns: RUNS },
    );
  });
});
