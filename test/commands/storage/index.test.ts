// Object storage end to end against the simulator, in virtual time: buckets (every command,
// the requests sent, create/update/delete with --wait to success and failure, a timeout with
// its resume command, Ctrl-C) and access keys (the secret shown once, revocation confirmed).
import { describe, expect, it } from 'vitest';
import { onlyJson, errorText } from '../../helpers/cli.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const ASSETS = SEED_IDS.buckets.assets;
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const sent = (method: string) => h.sim.requests.find((q) => q.method === method)?.body as Record<string, unknown>;
const tty = (answer: string) => ({ stdinTTY: true, prompter: { text: async () => answer, secret: async () => '' } });

describe('storage buckets: reads', () => {
  it('list: columns from the real fields, TSV when piped', async () => {
    const r = await h.cli(['storage', 'buckets', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('ID\tNAME\tSTATUS\tSIZE\tOBJECTS\tACCESS\tREGION');
    expect(r.stdout).toContain(`${ASSETS}\tacme-assets\tready\t17 GB\t48211\tprivate\tfsn1`);
  });

  it('get by name: one list request, then the bucket; its settings in words', async () => {
    const r = await h.cli(['storage', 'buckets', 'get', 'acme-logs']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/storage/buckets', `GET /api/v1/storage/buckets/${SEED_IDS.buckets.logs}`]);
    expect(r.stdout).toMatch(/Status:\s+ready/);
    expect(r.stdout).toMatch(/Object lock:\s+GOVERNANCE, 30 days/);
    expect(r.stdout).toMatch(/Encryption:\s+none/);
    expect(r.stdout).toMatch(/Endpoint:\s+https:\/\/s3\.fsn1\.sim\.local/);
  });

  it('get by id: no lookup; --json is the bucket as sent', async () => {
    const r = await h.cli(['storage', 'buckets', 'get', ASSETS, '--json']);
    expect(requestLines(h.sim)).toEqual([`GET /api/v1/storage/buckets/${ASSETS}`]);
    expect(onlyJson(r.stdout)).toMatchObject({ id: ASSETS, name: 'acme-assets', size_limit_bytes: 107374182400, minio_bucket_name: 't1-acme-assets' });
  });

  it('metrics: aligned lines for people, the answer as sent with --json', async () => {
    expect((await h.cli(['storage', 'buckets', 'metrics', 'acme-assets'])).stdout).toMatch(/requests_24h_by_method\.GET:\s+1100/);
    expect(JSON.parse((await h.cli(['storage', 'buckets', 'metrics', ASSETS, '--json'])).stdout)).toMatchObject({ object_count: 48211, source: 'deltas' });
  });

  it('diagnose: the API envelope; a healthy bucket has no findings', async () => {
    const r = await h.cli(['storage', 'buckets', 'diagnose', 'acme-assets', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(onlyJson(r.stdout)).toMatchObject({ success: true, data: { verdict: 'healthy', findings: [] }, meta: { source: 'api' } });
  });
});

describe('storage buckets: create / update', () => {
  it('create --wait: the request the API takes, the new id on stdout, ready once provisioned', async () => {
    const r = await h.cli(['storage', 'buckets', 'create', '--name', 'acme-backups', '--versioning', 'on', '--size-limit', '50GB', '--tag', 'team-a', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(sent('POST')).toEqual({ name: 'acme-backups', region: 'fsn1', versioning_enabled: true, size_limit_bytes: 53687091200, tags: ['team-a'] });
    expect(r.stderr).toMatch(/create of acme-backups finished: ready/);
  });

  it('a taken name: 409 {error} is a refusal (exit 1) with its words', async () => {
    const r = await h.cli(['storage', 'buckets', 'create', '--name', 'acme-assets']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('A bucket with this name already exists');
    expect(writes()).toEqual(['POST /api/v1/storage/buckets']);
  });

  it('create --wait of a bucket that fails to provision: exit 1, the error, and where to look', async () => {
    const r = await h.cli(['storage', 'buckets', 'create', '--name', 'broken-fail', '--wait', '--json']);
    expect(r.code).toBe(1);
    expect(errorText(r.stderr)).toContain('error: create of broken-fail failed: storage.create_failed');
    expect(errorText(r.stderr)).toMatch(/hint: retrying will not help; 'infra storage buckets diagnose \S+' and 'infra storage buckets get \S+' say more/);
    expect(onlyJson(r.stdout)).toMatchObject({ outcome: 'failed' });
    const d = await h.cli(['storage', 'buckets', 'diagnose', 'broken-fail', '--exit-status']);
    expect(d.code).toBe(1);
    expect(d.stdout).toMatch(/FATAL\s+storage\.create_failed/);
  });

  it('bad input is refused before any request (exit 2)', async () => {
    for (const argv of [
      ['storage', 'buckets', 'create', '--name', 'Acme_Assets'],
      ['storage', 'buckets', 'create', '--name', 'ab'],
      ['storage', 'buckets', 'create', '--name', 'acme-audit', '--retention-mode', 'governance'],
      ['storage', 'buckets', 'create', '--name', 'acme-kms', '--encryption', 'sse-kms'],
      ['storage', 'buckets', 'update', 'acme-assets'],
      ['storage', 'buckets', 'update', 'acme-assets', '--size-limit', '12 parsecs'],
    ]) {
      const r = await h.cli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
    }
    expect(requestLines(h.sim)).toEqual([]);
  });

  it('create with object lock and a default retention: the lock goes with the create', async () => {
    const r = await h.cli(['storage', 'buckets', 'create', '--name', 'acme-audit', '--object-lock', '--retention-mode', 'compliance', '--retention-days', '365']);
    expect(r.code, r.stderr).toBe(0);
    expect(sent('POST')).toMatchObject({ object_lock_enabled: true, object_lock_default_retention_mode: 'COMPLIANCE', object_lock_default_retention_days: 365 });
  });

  it('update --wait: PUT with the settings given, applied, visible in get', async () => {
    const r = await h.cli(['storage', 'buckets', 'update', 'acme-assets', '--access', 'public', '--size-limit', 'none', '--encryption', 'none', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/update of acme-assets finished: ready/);
    expect(sent('PUT')).toEqual({ public_access: true, size_limit_bytes: null, encryption_enabled: false, encryption_type: 'none' });
    const g = await h.cli(['storage', 'buckets', 'get', 'acme-assets']);
    expect(g.stdout).toMatch(/Access:\s+public/);
    expect(g.stdout).toMatch(/Public URL:\s+https:\/\/acme-assets\.s3/);
  });

  it("the API's field errors: exit 2, printed field by field", async () => {
    const r = await h.cli(['storage', 'buckets', 'update', 'acme-assets', '--retention-days', '30']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('  object_lock_default_retention_mode: Object lock is not enabled on this bucket');
  });

  it('timeout: exit 6 with the command that resumes, which then finishes', async () => {
    const r = await h.cli(['storage', 'buckets', 'create', '--name', 'huge-slow', '--wait', '--timeout', '2m']);
    expect(r.code).toBe(6);
    const resume = /resume waiting with: (infra storage buckets wait \S+)/.exec(r.stderr)?.[1];
    expect(resume).toMatch(/^infra storage buckets wait [0-9a-f-]{36}$/);
    const again = await h.cli([...resume!.split(' ').slice(1), '--timeout', '1h', '--interval', '60s']);
    expect(again.code, again.stderr).toBe(0);
  });

  it('Ctrl-C while waiting: exit 130 with the resume command', async () => {
    const controller = new AbortController();
    const { InterruptedError } = await import('../../../src/cli/errors.js');
    let polls = 0;
    const r = await h.cli(['storage', 'buckets', 'update', 'acme-assets', '--versioning', 'off', '--wait'], {
      signal: controller.signal,
      onIdle: () => {
        if (++polls === 2) controller.abort(new InterruptedError());
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/interrupted while waiting for the update of acme-assets; it goes on server-side/);
    expect(r.stderr).toContain(`resume waiting with: infra storage buckets wait ${ASSETS}`);
  });
});

describe('storage buckets delete', () => {
  it('--wait waits for the 404: exit 0, and the bucket is gone', async () => {
    const r = await h.cli(['storage', 'buckets', 'delete', 'acme-logs', '--yes', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/deleting acme-logs .*: destroying/);
    expect(r.stderr).toMatch(/acme-logs is deleted/);
    expect((await h.cli(['storage', 'buckets', 'get', SEED_IDS.buckets.logs])).code).toBe(5);
  });

  it('a bucket still being created cannot be deleted: 422 {error, status} is a refusal (exit 1)', async () => {
    await h.cli(['storage', 'buckets', 'create', '--name', 'fresh']);
    const r = await h.cli(['storage', 'buckets', 'delete', 'fresh', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Bucket cannot be deleted in its current state');
  });

  it('confirmation: exit 2 without --yes off a terminal; on one the typed name must match', async () => {
    expect((await h.cli(['storage', 'buckets', 'delete', 'acme-logs'])).code).toBe(2);
    expect((await h.cli(['storage', 'buckets', 'delete', 'acme-logs'], tty('acme-assets'))).code).toBe(1);
    expect(writes()).toEqual([]);
    expect((await h.cli(['storage', 'buckets', 'delete', 'acme-logs'], tty('acme-logs'))).code).toBe(0);
    expect(writes()).toEqual([`DELETE /api/v1/storage/buckets/${SEED_IDS.buckets.logs}`]);
  });
});

describe('storage keys', () => {
  it('list and get show the masked key id, never a secret', async () => {
    const k = h.sim.world.accessKeys.get(1, SEED_IDS.accessKeys.ci)!;
    const l = await h.cli(['storage', 'keys', 'list']);
    expect(l.stdout.split('\n')[0]).toBe('ID\tNAME\tACCESS KEY\tSTATUS\tSCOPE\tEXPIRES\tLAST USED');
    expect(l.stdout).toMatch(/ci-deploy\tAKIA\*{4}\w{4}\tactive\tbuckets/);
    expect(l.stdout).toMatch(/old-laptop\t\S+\trevoked\tteam\tnever/);
    const g = await h.cli(['storage', 'keys', 'get', 'ci-deploy']);
    expect(g.stdout).toMatch(/Buckets:\s+acme-assets \(readwrite\)/);
    for (const out of [l.stdout, g.stdout]) expect(out).not.toContain(k.accessKeyId);
  });

  it('create: bucket names resolved to ids; the secret on stdout once, and stderr says so', async () => {
    const r = await h.cli(['storage', 'keys', 'create', '--name', 'release-uploader', '--bucket', 'acme-assets:readwrite', '--bucket', 'acme-logs', '--expires-in', '90d']);
    expect(r.code, r.stderr).toBe(0);
    const body = sent('POST');
    expect(body).toMatchObject({
      name: 'release-uploader',
      scope: 'buckets',
      bucket_permissions: [
        { bucket_id: ASSETS, level: 'readwrite' },
        { bucket_id: SEED_IDS.buckets.logs, level: 'read' },
      ],
    });
    expect(Date.parse(String(body.expires_at)) - h.sim.world.now()).toBe(90 * 86_400_000);
    const k = h.sim.world.accessKeys.list(1).find((x) => x.name === 'release-uploader')!;
    expect(r.stdout.split(k.secret)).toHaveLength(2);
    expect(r.stdout).toMatch(new RegExp(`Access key ID:\\s+${k.accessKeyId}`));
    expect(r.stderr).toMatch(/warning: the secret access key above is shown only this once/);
  });

  it('create --json: the answer as sent, secret included; without --bucket the key is for the team', async () => {
    const r = await h.cli(['storage', 'keys', 'create', '--name', 'backup-job', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(sent('POST')).toEqual({ name: 'backup-job', scope: 'team' });
    expect(onlyJson(r.stdout)).toMatchObject({ name: 'backup-job', scope: 'team', secret_access_key: expect.stringMatching(/^\w{40}$/) });
    expect(r.stderr).toContain('shown only this once');
  });

  it('the storage backend refusing (500): exit 7, sent once', async () => {
    const r = await h.cli(['storage', 'keys', 'create', '--name', 'broken-fail']);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('Failed to create access key in storage backend.');
    expect(writes()).toEqual(['POST /api/v1/storage/access-keys']);
  });

  it('delete (revoke) is confirmed; a revoked key stays listed as revoked; a second revoke is refused (exit 1)', async () => {
    expect((await h.cli(['storage', 'keys', 'delete', 'backup-agent'])).code).toBe(2);
    expect((await h.cli(['storage', 'keys', 'revoke', 'backup-agent'], tty('ci-deploy'))).code).toBe(1);
    expect(writes()).toEqual([]);
    const r = await h.cli(['storage', 'keys', 'revoke', 'backup-agent'], tty('backup-agent'));
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual([`DELETE /api/v1/storage/access-keys/${SEED_IDS.accessKeys.backup}`]);
    expect((await h.cli(['storage', 'keys', 'get', 'backup-agent'])).stdout).toMatch(/Status:\s+revoked/);
    const again = await h.cli(['storage', 'keys', 'delete', 'backup-agent', '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Access key is already revoked');
  });
});
