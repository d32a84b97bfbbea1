// Every command issue 21 added, through the real bin/infra against the simulator: the bundle
// loads each command's chunk, parses its flags and reads the simulator's real-shaped answers.
// Reads run side by side on a frozen simulator; the waits run on one whose clock runs 200x.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

const READS: string[][] = [
  ['vps', 'status', 'vps-01'],
  ['vps', 'volumes', 'list', 'vps-01'],
  ['vps', 'volumes', 'get', 'vps-01', 'data-1'],
  ['volumes', 'list'],
  ['database', 'load', 'orders-pg', '--hours', '1'],
  ['database', 'queries', 'orders-pg'],
  ['database', 'credentials', 'wait', 'orders-pg'],
  ['storage', 'buckets', 'policy', 'get', 'acme-assets'],
  ['storage', 'buckets', 'metrics', 'trend', 'acme-assets'],
  ['storage', 'buckets', 'metrics', 'top-objects', 'acme-assets'],
  ['storage', 'buckets', 'metrics', 'health', 'acme-assets'],
  ['serverless', 'usage', 'web'],
  ['serverless', 'metrics', 'web', '--hours', '2'],
];

describe('issue 21 reads through bin/infra', () => {
  let sim: Simulator;
  useSimulator((s) => (sim = s));

  it('each: exit 0, JSON on stdout with --json, nothing unexpected on stderr', async () => {
    // Three at a time: the machine's two cores are shared with other suites.
    const results = [];
    for (let i = 0; i < READS.length; i += 3) results.push(...(await Promise.all(READS.slice(i, i + 3).map((argv) => spawnCli([...argv, '--json'], { env: simEnv(sim), timeoutMs: 60_000 })))));
    results.forEach((r, i) => {
      const what = READS[i]!.join(' ');
      expect(r.code, `${what}: ${r.stderr}`).toBe(0);
      expect(() => JSON.parse(r.stdout), what).not.toThrow();
      expect(r.stderr, what).not.toMatch(/unexpected error|^error:/m);
    });
  }, 180_000);

  it('changes without waiting: high availability, force-stop, policy set and grant, volume resize', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'infra-e2e-policy-'));
    writeFileSync(join(dir, 'p.json'), '[]');
    const env = simEnv(sim);
    const ha = await spawnCli(['database', 'high-availability', 'orders-pg', '--enable'], { env });
    expect([ha.code, ha.stdout], ha.stderr).toEqual([0, 'enabled\n']);
    expect(sim.requests.find((q) => q.path.endsWith('/high-availability'))?.body).toEqual({ enabled: true });
    const fs1 = await spawnCli(['database', 'force-stop', 'shop-mysql', '--yes'], { env });
    expect(fs1.code, fs1.stderr).toBe(0);
    const refused = await spawnCli(['database', 'force-stop', 'shop-mysql', '--yes'], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('(state: stopped; nothing was stopped)');
    const fs2 = await spawnCli(['cache', 'force-stop', 'queue-valkey'], { env });
    expect(fs2.code).toBe(2); // no terminal, no --yes: nothing sent
    const set = await spawnCli(['storage', 'buckets', 'policy', 'set', 'acme-logs', '--file', join(dir, 'p.json')], { env });
    expect(set.code, set.stderr).toBe(0);
    const grant = await spawnCli(['storage', 'buckets', 'policy', 'grant', 'acme-assets', '--key', 'ci-deploy', '--folder', 'uploads/'], { env });
    expect(grant.code, grant.stderr).toBe(0);
    expect(sim.requests.find((q) => q.path.endsWith('/folder-grants'))?.body).toEqual({ key_id: SEED_IDS.accessKeys.ci, folder: 'uploads/', level: 'read' });
    const resize = await spawnCli(['vps', 'volumes', 'resize', 'vps-01', 'data-1', '--size', '25'], { env });
    expect(resize.code, resize.stderr).toBe(0);
    const del = await spawnCli(['vps', 'delete', 'vps-01', '--yes'], { env });
    expect(del.code).toBe(1);
    expect(del.stderr).toContain("'infra vps volumes delete vps-01 data-1 --wait'");
  }, 180_000);
});

describe('issue 21 waits through bin/infra', () => {
  let sim: Simulator;
  useSimulator((s) => (sim = s), { speed: 200 });

  it('volume create --wait, rotate --wait (the new password on stdout), volume delete --wait, vps volumes wait', async () => {
    const env = simEnv(sim);
    const created = await spawnCli(['vps', 'volumes', 'create', 'vps-02', '--name', 'e2e-vol', '--size', '5', '--wait', '--interval', '1s'], { env, timeoutMs: 30_000 });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    const rotated = await spawnCli(['database', 'credentials', 'rotate', 'orders-pg', '--role', 'superuser', '--yes', '--wait', '--interval', '1s'], { env, timeoutMs: 30_000 });
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/^rotated-\S+\n$/);
    const deleted = await spawnCli(['vps', 'volumes', 'delete', 'vps-02', 'e2e-vol', '--yes'], { env });
    expect(deleted.code, deleted.stderr).toBe(0);
    const waited = await spawnCli(['vps', 'volumes', 'wait', 'vps-02', created.stdout.trim(), '--deleted', '--interval', '1s'], { env, timeoutMs: 30_000 });
    expect(waited.code, waited.stderr).toBe(0);
    expect(waited.stderr).toMatch(/is deleted/);
  }, 180_000);
});
