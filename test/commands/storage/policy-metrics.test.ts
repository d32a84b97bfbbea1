// Bucket policies, folder grants and the metrics reads end to end against the simulator, in
// virtual time: the requests (bodies included), a 409 with a short Retry-After waited once
// (said on stderr), a long one or a second 409 ending with when to retry, exit codes and
// output.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { onlyJson } from '../../helpers/cli.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';
import { retryAfterSeconds, retryDecision } from '../../../src/commands/storage/buckets/policy-retry.js';

let h: Harness;
useHarness((x) => (h = x));

const B = SEED_IDS.buckets.assets;
const KEY = SEED_IDS.accessKeys.ci;
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const bodies = (suffix: string) => h.sim.requests.filter((q) => q.method !== 'GET' && q.path.endsWith(suffix)).map((q) => q.body);

describe('retry decision (pure)', () => {
  it.each([
    ['5', 0, { retry: true, seconds: 5 }],
    ['10', 0, { retry: true, seconds: 10 }],
    ['11', 0, { retry: false, seconds: 11 }],
    ['5', 1, { retry: false, seconds: 5 }],
    [undefined, 0, { retry: false, seconds: undefined }],
  ] as const)('Retry-After %s on attempt %i', (header, attempt, expected) => {
    expect(retryDecision(retryAfterSeconds(header, 0), attempt)).toEqual(expected);
  });

  it('an HTTP date is seconds from now', () => {
    expect(retryAfterSeconds('Thu, 01 Jan 1970 00:00:07 GMT', 2_000)).toBe(5);
  });

  // Read by the client's one Retry-After parser, as a retried request reads it: fractional
  // delta-seconds round up (they were taken for a date in 2001 before).
  it('fractional delta-seconds round up to whole seconds', () => {
    expect(retryAfterSeconds('1.5', 0)).toBe(2);
    expect(retryDecision(retryAfterSeconds('1.5', 0), 0)).toEqual({ retry: true, seconds: 2 });
  });
});

describe('storage buckets policy', () => {
  it('get: counts and the effective policy; --json as sent', async () => {
    const r = await h.cli(['storage', 'buckets', 'policy', 'get', 'acme-assets']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^custom statements:\s+0$/m);
    expect(r.stdout).toContain('"Version": "2012-10-17"');
    const j = await h.cli(['storage', 'buckets', 'policy', 'get', B, '--json']);
    expect(JSON.parse(j.stdout)).toMatchObject({ custom_policy_statements: [], effective_policy: { Version: '2012-10-17' } });
  });

  it('set --file: the statements sent as custom_policy_statements; a bad file is exit 2 before any request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'infra-policy-'));
    const file = join(dir, 'p.json');
    const st = { Sid: 'public-read', Effect: 'Allow', Principal: '*', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::t1-acme-assets/public/*'] };
    writeFileSync(file, JSON.stringify({ Version: '2012-10-17', Statement: [st] }));
    const r = await h.cli(['storage', 'buckets', 'policy', 'set', 'acme-assets', '--file', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(bodies('/policy')).toEqual([{ custom_policy_statements: [st] }]);
    expect(r.stderr).toContain('1 statement of its own');
    const stdin = await h.cli(['storage', 'buckets', 'policy', 'set', 'acme-assets', '--file', '-'], { stdin: '[]' });
    expect(stdin.code).toBe(0); // the first change was applied meanwhile: the 409 was waited once
    writeFileSync(file, '{"nope": 1}');
    const before = writes().length;
    expect((await h.cli(['storage', 'buckets', 'policy', 'set', 'acme-assets', '--file', file])).code).toBe(2);
    expect((await h.cli(['storage', 'buckets', 'policy', 'set', 'acme-assets', '--file', join(dir, 'missing.json')])).code).toBe(2);
    expect(writes().length).toBe(before);
  });

  it('grant: {key_id, folder, level} sent; a second grant at once meets 409 Retry-After 5, waited once (said on stderr)', async () => {
    const r = await h.cli(['storage', 'buckets', 'policy', 'grant', 'acme-assets', '--key', 'ci-deploy', '--folder', 'uploads/', '--level', 'readwrite']);
    expect(r.code, r.stderr).toBe(0);
    expect(bodies('/folder-grants')).toEqual([{ key_id: KEY, folder: 'uploads/', level: 'readwrite' }]);
    expect(r.stderr).toContain('readwrite access to uploads/ of acme-assets granted to key ci-deploy: 1 statement added');
    const again = await h.cli(['storage', 'buckets', 'policy', 'grant', 'acme-assets', '--key', KEY, '--whole-bucket', '--level', 'full']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('409); retrying once in 5s');
    expect(again.stderr).toContain('warning: Full access');
    expect(writes()).toEqual([
      `POST /api/v1/storage/buckets/${B}/policy/folder-grants`,
      `POST /api/v1/storage/buckets/${B}/policy/folder-grants`,
      `POST /api/v1/storage/buckets/${B}/policy/folder-grants`,
    ]);
    expect(bodies('/folder-grants')[2]).toEqual({ key_id: KEY, whole_bucket: true, level: 'full' });
  });

  it('a long Retry-After is not waited: exit 1 saying when to retry; one request', async () => {
    h.sim.use(http.post('*/api/v1/storage/buckets/:id/policy/folder-grants', () => HttpResponse.json({ error: 'busy' }, { status: 409, headers: { 'Retry-After': '30' } })));
    const r = await h.cli(['storage', 'buckets', 'policy', 'grant', 'acme-assets', '--key', 'ci-deploy', '--folder', 'a/']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: the grant on acme-assets refused: busy (409)');
    expect(r.stderr).toContain('hint: an earlier policy change is still being applied: try again in 30s (Retry-After)');
    expect(writes()).toHaveLength(1);
  });

  it('a second 409 after the retry: exit 1', async () => {
    h.sim.use(http.post('*/api/v1/storage/buckets/:id/policy/folder-grants', () => HttpResponse.json({ error: 'busy' }, { status: 409, headers: { 'Retry-After': '2' } })));
    const r = await h.cli(['storage', 'buckets', 'policy', 'grant', 'acme-assets', '--key', 'ci-deploy', '--folder', 'a/']);
    expect(r.code).toBe(1);
    expect(writes()).toHaveLength(2);
  });

  it('bad input: exit 2 before any request; an unknown key is exit 5', async () => {
    expect((await h.cli(['storage', 'buckets', 'policy', 'grant', 'acme-assets', '--key', 'ci-deploy'])).code).toBe(2);
    expect((await h.cli(['storage', 'buckets', 'policy', 'grant', 'acme-assets', '--key', 'ci-deploy', '--folder', 'a/', '--whole-bucket'])).code).toBe(2);
    expect((await h.cli(['storage', 'buckets', 'policy', 'grant', 'acme-assets', '--key', 'ci-deploy', '--folder', 'a/', '--level', 'admin'])).code).toBe(2);
    expect(writes()).toEqual([]);
    expect((await h.cli(['storage', 'buckets', 'policy', 'grant', 'acme-assets', '--key', 'nope', '--folder', 'a/'])).code).toBe(5);
  });
});

describe('storage buckets metrics trend / top-objects / health', () => {
  it('trend: --window and --resolution sent; rows as a table; the older `metrics <bucket>` still works', async () => {
    const r = await h.cli(['storage', 'buckets', 'metrics', 'trend', 'acme-assets', '--window', '7d', '--resolution', '1d']);
    expect(r.code, r.stderr).toBe(0);
    expect(h.sim.requests.find((q) => q.path.endsWith('/metrics/trend'))?.query).toEqual({ window: '7d', resolution: '1d' });
    expect(r.stdout).toMatch(/^resolution:\s+1d$/m);
    expect(r.stdout).toContain('RECORDED_AT\tSIZE_BYTES\tOBJECT_COUNT');
    expect(r.stdout.split('\n').filter((l) => /^\d{4}-/.test(l))).toHaveLength(7);
    expect((await h.cli(['storage', 'buckets', 'metrics', 'acme-assets'])).stdout).toMatch(/object_count:\s+48211/);
    expect((await h.cli(['storage', 'buckets', 'metrics', 'trend', 'acme-assets', '--resolution', '2h'])).code).toBe(2);
  });

  it('top-objects and health', async () => {
    const top = await h.cli(['storage', 'buckets', 'metrics', 'top-objects', 'acme-assets', '--dimension', 'size']);
    expect(top.code, top.stderr).toBe(0);
    expect(top.stdout).toContain('RANK\tOBJECT_KEY\tVALUE\n1\tvideos/launch.mp4\t');
    const health = await h.cli(['storage', 'buckets', 'metrics', 'health', 'acme-assets', '--json']);
    expect(onlyJson(health.stdout)).toMatchObject({ bucket_id: B, health_check_status: 'ok' });
  });
});
