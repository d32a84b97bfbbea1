// Errors as data through the real bin/infra: with --json every failure is one JSON object on
// the last line of stderr, for every exit code of the one table (a scenario each: a code added
// to EXIT_CODES without one fails the first test), and for a run's own codes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorJson } from '../../src/cli/error-json.js';
import { ERROR_CODES } from '../../src/cli/error-json.js';
import { EXIT_CODES } from '../../src/shared/exit-codes.js';
import { spawnCli, type CliResult } from '../helpers/cli.js';
import { createBody, ok, resetSim, SEED_IDS, simApi, simEnv, startSim, type Simulator } from '../helpers/sim.js';
import { startFakeApi, type Answer, type FakeApi } from '../hostile/fake-api.js';

let frozen: Simulator;
let fast: Simulator;
let fake: FakeApi;

beforeAll(async () => {
  // Frozen: a rollout never ends (timeouts, signals). Fast: a bad image fails within a second.
  [frozen, fast, fake] = await Promise.all([startSim({ speed: 0 }), startSim({ speed: 300 }), startFakeApi()]);
});
afterAll(() => Promise.all([frozen?.close(), fast?.close(), fake?.close()]));

const gets = (sim: Simulator, id: string) => sim.requests.filter((q) => q.method === 'GET' && q.path === `/api/v1/serverless/${id}`).length;

/** `serverless list --json` against the fake API answering `answer` (no retries: the answer is final). */
async function onFake(answer: Answer, extra: string[] = []): Promise<CliResult> {
  fake.answer(() => answer);
  return spawnCli(['serverless', 'list', '--json', ...extra], { env: { INFRA_API_URL: fake.url, INFRA_TOKEN: 'tok-abc', INFRA_MAX_RETRIES: '0' } });
}

/** A wait on the frozen simulator, stopped by `signal` once it polled twice. */
async function signalled(signal: 'SIGINT' | 'SIGTERM'): Promise<CliResult> {
  resetSim(frozen);
  const base = gets(frozen, SEED_IDS.web);
  return spawnCli(['serverless', 'update', 'web', '--min', '2', '--wait', '--interval', '100ms', '--json'], {
    env: simEnv(frozen),
    onSpawn: (child) => {
      const timer = setInterval(() => {
        if (gets(frozen, SEED_IDS.web) - base >= 2) {
          clearInterval(timer);
          child.kill(signal);
        }
      }, 5);
    },
  });
}

/** `status --exit-status --json` on the frozen simulator once the staging project's api container degraded. */
async function unhealthyBoard(): Promise<CliResult> {
  resetSim(frozen);
  const api = simApi(frozen);
  await ok(await api.send('PUT', `/api/v1/serverless/${SEED_IDS.stagingApi}`, createBody('api', 'crash'), { team: SEED_IDS.teams.staging, record: false }));
  api.advance(120);
  return spawnCli(['status', '--exit-status', '--json', '--project', String(SEED_IDS.teams.staging)], { env: simEnv(frozen) });
}

/** `apply --check --json` of an exported cache with one field edited. */
async function driftedCheck(): Promise<CliResult> {
  resetSim(frozen);
  const exported = (await spawnCli(['export', '--family', 'cache'], { env: simEnv(frozen) })).stdout;
  const edited = exported.replace(/(- name: sessions-redis\n(?: {4}.*\n)*? {4}resource_profile: )small/, '$1medium');
  expect(edited).not.toBe(exported);
  const file = join(mkdtempSync(join(tmpdir(), 'infra-drift-')), 'project.yaml');
  writeFileSync(file, edited);
  return spawnCli(['apply', '-f', file, '--check', '--json'], { env: simEnv(frozen) });
}

interface Scenario {
  name: string;
  exit: number;
  run: () => Promise<CliResult>;
  /** What the error object holds (a subset); undefined: success, no error object. */
  error?: Partial<ErrorJson['error']>;
  /** stdout: '' (nothing), 'json' (one valid JSON document). */
  stdout: '' | 'json';
}

const SCENARIOS: Scenario[] = [
  { name: 'success', exit: 0, stdout: 'json', run: () => (resetSim(frozen), spawnCli(['serverless', 'list', '--json'], { env: simEnv(frozen) })) },
  {
    name: '409 with the API code',
    exit: 1,
    stdout: '',
    run: () => onFake({ status: 409, body: { success: false, error: { code: 'serverless.busy', message: 'a rollout is in progress', retryable: true } } }),
    error: { code: 'serverless.busy', message: 'refused by the API: a rollout is in progress', http_status: 409, retryable: true, request: { method: 'GET', path: '/api/v1/serverless' } },
  },
  {
    name: '409 without a code',
    exit: 1,
    stdout: '',
    run: () => onFake({ status: 409, body: { error: 'the container is stopped' } }),
    error: { code: 'conflict', http_status: 409, retryable: false, fields: {} },
  },
  {
    name: 'a response the client cannot read',
    exit: 1,
    stdout: '',
    run: () => onFake({ status: 200, text: '<html>gateway</html>', headers: { 'content-type': 'text/html' } }),
    error: { code: 'bad_response', http_status: 200, retryable: false },
  },
  {
    name: 'unknown flag before the command runs',
    exit: 2,
    stdout: '',
    run: () => spawnCli(['serverless', 'list', '--json', '--bogus']),
    error: { code: 'usage', message: "unknown option '--bogus'", http_status: null, request: null, hint: "see 'infra serverless list --help'" },
  },
  {
    name: '422 with field errors',
    exit: 2,
    stdout: '',
    run: () => onFake({ status: 422, body: { message: 'The given data was invalid.', errors: { per_page: ['must be at most 100'], page: ['must be positive', 'must be a number'] } } }),
    error: { code: 'validation', http_status: 422, retryable: false, fields: { per_page: ['must be at most 100'], page: ['must be positive', 'must be a number'] } },
  },
  {
    name: 'a new revision that fails while the old one serves',
    exit: 3,
    stdout: 'json',
    run: () => (resetSim(fast), spawnCli(['serverless', 'update', 'web', '--image', 'registry.sim.local/acme/app:1.4.3-typo', '--wait', '--interval', '200ms', '--json'], { env: simEnv(fast) })),
    error: { code: 'degraded', http_status: null, retryable: false, request: null },
  },
  {
    name: '401',
    exit: 4,
    stdout: '',
    run: () => onFake({ status: 401, body: { message: 'Unauthenticated.' } }),
    error: { code: 'auth', http_status: 401, retryable: false, message: 'Unauthenticated. (401 on GET /api/v1/serverless)' },
  },
  {
    name: '403',
    exit: 4,
    stdout: '',
    run: () => onFake({ status: 403, body: { message: 'This action is unauthorized.' } }),
    error: { code: 'forbidden', http_status: 403 },
  },
  {
    name: 'no token',
    exit: 4,
    stdout: '',
    run: () => spawnCli(['serverless', 'list', '--json'], { env: { INFRA_API_URL: fake.url } }),
    error: { code: 'auth', http_status: null, request: null },
  },
  {
    name: '404',
    exit: 5,
    stdout: '',
    run: () => onFake({ status: 404, body: { message: 'Not Found' } }),
    error: { code: 'not_found', http_status: 404, retryable: false },
  },
  {
    name: 'a wait that timed out (with --progress json: the error is the last line)',
    exit: 6,
    stdout: 'json',
    run: () => (resetSim(frozen), spawnCli(['serverless', 'update', 'web', '--min', '2', '--wait', '--timeout', '1s', '--interval', '200ms', '--json', '--progress', 'json'], { env: simEnv(frozen) })),
    error: { code: 'timeout', http_status: null, retryable: false },
  },
  {
    name: '503 after retries',
    exit: 7,
    stdout: '',
    run: () => onFake({ status: 503, body: { message: 'Service Unavailable' } }),
    error: { code: 'unavailable', http_status: 503, retryable: true },
  },
  {
    name: '429 after retries',
    exit: 7,
    stdout: '',
    run: () => onFake({ status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'retry-after': '1' } }),
    error: { code: 'rate_limited', http_status: 429, retryable: true },
  },
  {
    name: 'no server listening',
    exit: 7,
    stdout: '',
    run: () => spawnCli(['serverless', 'list', '--json'], { env: { INFRA_TOKEN: 'tok', INFRA_MAX_RETRIES: '0' } }),
    error: { code: 'network', http_status: null, retryable: true, request: { method: 'GET', path: '/api/v1/serverless' } },
  },
  {
    name: 'a guarded deploy that rolled back',
    exit: 8,
    stdout: 'json',
    run: () => (
      resetSim(fast), spawnCli(['serverless', 'update', 'web', '--image', 'registry.sim.local/acme/app:1.4.3-typo', '--rollback-on-failure', '--interval', '200ms', '--json'], { env: simEnv(fast) })
    ),
    error: { code: 'rolled_back', http_status: null, retryable: false },
  },
  { name: 'a project with something unhealthy', exit: 9, stdout: 'json', run: unhealthyBoard, error: { code: 'unhealthy', http_status: null, retryable: false } },
  { name: 'a live state that drifted from the file', exit: 10, stdout: 'json', run: driftedCheck, error: { code: 'drifted', http_status: null, retryable: false } },
  { name: 'Ctrl-C while waiting', exit: 130, stdout: 'json', run: () => signalled('SIGINT'), error: { code: 'interrupted', http_status: null } },
  { name: 'SIGTERM while waiting', exit: 143, stdout: 'json', run: () => signalled('SIGTERM'), error: { code: 'terminated', http_status: null } },
];

/** The last line of stderr as the error object, checked against the schema's every field. */
function errorOf(stderr: string): ErrorJson['error'] {
  const lines = stderr.trimEnd().split('\n');
  const parsed = JSON.parse(lines.at(-1)!) as ErrorJson;
  expect(Object.keys(parsed)).toEqual(['error']);
  const e = parsed.error;
  expect(Object.keys(e).sort()).toEqual(['code', 'details', 'exit_code', 'fields', 'hint', 'http_status', 'message', 'request', 'retryable'].sort());
  expect(typeof e.message).toBe('string');
  expect(typeof e.retryable).toBe('boolean');
  expect(e.hint === null || typeof e.hint === 'string').toBe(true);
  return e;
}

describe('errors as JSON: one scenario per exit code', () => {
  it('every exit code of EXIT_CODES has a scenario', () => {
    const covered = new Set(SCENARIOS.map((s) => s.exit));
    const missing = EXIT_CODES.map(([code]) => code).filter((code) => !covered.has(code));
    expect(missing, 'exit codes without a scenario in this table').toEqual([]);
  });

  it.each(SCENARIOS)('exit $exit: $name', { timeout: 20_000 }, async (s) => {
    const r = await s.run();
    expect(r.code, r.stderr).toBe(s.exit);
    if (s.stdout === '') expect(r.stdout).toBe('');
    else expect(() => JSON.parse(r.stdout)).not.toThrow();
    if (!s.error) {
      expect(r.stderr).not.toMatch(/"error"/);
      return;
    }
    const e = errorOf(r.stderr);
    expect(e).toMatchObject({ exit_code: s.exit, ...s.error });
    expect(ERROR_CODES.includes(e.code) || e.code.includes('.')).toBe(true);
    // Never a token, never a host.
    expect(r.stderr).not.toContain('tok-abc');
    expect(JSON.stringify(e.request)).not.toMatch(/127\.0\.0\.1|http/);
  });
});

describe('errors as JSON: the rest of the rules', () => {
  it("a run's own failure passes its exit code through and says run_failed (not the table's meaning of 3)", { timeout: 20_000 }, async () => {
    resetSim(fast);
    const r = await spawnCli(['serverless', 'run', 'web', '--wait', '--interval', '200ms', '--json', '--', 'sh', '-c', 'exit 3'], { env: simEnv(fast) });
    expect(r.code, r.stderr).toBe(3);
    expect(errorOf(r.stderr)).toMatchObject({ code: 'run_failed', exit_code: 3, http_status: null });
  });

  it('a hostile message (escapes, 200 kB) stays one line of valid JSON, exact', async () => {
    const message = `\u001b]52;c;cGF3bmVk\u0007\u001b[2J\r\nforged line\u0000 ${'x'.repeat(200_000)}`;
    const r = await onFake({ status: 403, body: { message } });
    expect(r.code).toBe(4);
    expect(r.stderr.endsWith('\n')).toBe(true);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    // No raw control character reaches the terminal: JSON escapes every one.
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(errorOf(r.stderr).message).toBe(`${message} (403 on GET /api/v1/serverless)`);
  });

  it('INFRA_ERROR_FORMAT=json without --json: the table output stays, the error is JSON; =text with --json: text', async () => {
    fake.answer(() => ({ status: 404, body: { message: 'Not Found' } }));
    const env = { INFRA_API_URL: fake.url, INFRA_TOKEN: 'tok', INFRA_MAX_RETRIES: '0' };
    const asJson = await spawnCli(['serverless', 'list'], { env: { ...env, INFRA_ERROR_FORMAT: 'json' } });
    expect(asJson.code).toBe(5);
    expect(errorOf(asJson.stderr)).toMatchObject({ code: 'not_found', http_status: 404 });
    const asText = await spawnCli(['serverless', 'list', '--json'], { env: { ...env, INFRA_ERROR_FORMAT: 'text' } });
    expect(asText.code).toBe(5);
    expect(asText.stderr).toMatch(/^error: Not Found \(404 on GET \/api\/v1\/serverless\)$/m);
    expect(asText.stderr).not.toContain('{');
  });

  it('an unknown command with --json: a usage error object, nothing else', async () => {
    const r = await spawnCli(['servrless', 'list', '--json']);
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(errorOf(r.stderr)).toMatchObject({ code: 'usage', message: "unknown command 'servrless'", hint: expect.stringContaining('did you mean serverless?') });
  });
});
