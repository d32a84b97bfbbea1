// Every family through the real bin/infra, and an upload: the multipart form is built from the bundled undici's
// own FormData (the in-process tests run src, where the module shape differs from the bundle).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

describe('static-sites deploy through bin/infra', () => {
  let sim: Simulator;
  useSimulator((s) => (sim = s));

  it('packs a directory and sends it as multipart/form-data (exit 0)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'infra-site-'));
    writeFileSync(join(dir, 'index.html'), '<h1>hello</h1>');
    const r = await spawnCli(['static-sites', 'deploy', 'docs', dir], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/uploading 1 file .* to docs/);
    const upload = sim.requests.find((q) => q.method === 'POST' && /\/static-sites\/[^/]+\/deploy/.test(q.path));
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });
});

// One read per family through the real binary: each family's command chunk loads from the
// bundle and reads the simulator's real-shaped answer (the family suites run src in-process).
const READS: string[][] = [
  ['vps', 'list'],
  ['database', 'list'],
  ['cache', 'list'],
  ['queue', 'list'],
  ['parameter-groups', 'list'],
  ['storage', 'buckets', 'list'],
  ['storage', 'keys', 'list'],
  ['firewalls', 'list'],
  ['ssh-keys', 'list'],
  ['static-sites', 'list'],
  ['webhooks', 'config', 'get'],
  ['projects', 'list'],
  ['snapshots', 'list', 'database'],
  ['serverless', 'list'],
];

describe('every family through bin/infra', () => {
  let sim: Simulator;
  useSimulator((s) => (sim = s));

  it('a read of each family: exit 0, JSON on stdout, nothing unexpected on stderr', async () => {
    const results = await Promise.all(READS.map((argv) => spawnCli([...argv, '--json'], { env: simEnv(sim) })));
    results.forEach((r, i) => {
      const what = READS[i]!.join(' ');
      expect(r.code, `${what}: ${r.stderr}`).toBe(0);
      expect(() => JSON.parse(r.stdout), what).not.toThrow();
      expect(r.stderr, what).not.toMatch(/unexpected error|^error:/m);
    });
  });
});
