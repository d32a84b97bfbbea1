// The VPS options of the provider's CLI through bin/infra against the simulator: reinstall's
// --cloud-init (the file's text sent as custom_cloud_init; bad files refused with exit 2 and
// nothing sent) and a volume's own events and diagnose.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

const dir = mkdtempSync(join(tmpdir(), 'infra-cloud-init-'));
const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const SCRIPT = '#cloud-config\npackages:\n  - nginx\nruncmd:\n  - echo "hi & bye" > /etc/motd\n';

describe('vps options through bin/infra', () => {
  let sim: Simulator;
  useSimulator((s) => (sim = s));

  it('reinstall --cloud-init sends the file as custom_cloud_init', async () => {
    const r = await spawnCli(['vps', 'reinstall', 'vps-01', '--image', 'debian-12', '--cloud-init', file('user-data.yaml', SCRIPT), '--yes'], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(0);
    expect(sim.requests.find((q) => q.method === 'POST' && q.path.endsWith('/reinstall'))?.body).toEqual({ image: 'debian-12', custom_cloud_init: SCRIPT });
  });

  it('bad --cloud-init files: exit 2 naming the flag, nothing sent', async () => {
    const bad: [string, RegExp][] = [
      [join(dir, 'missing.yaml'), /--cloud-init: cannot read .*: no such file/],
      [file('big.yaml', 'a'.repeat(64 * 1024 + 1)), /big\.yaml is 65537 bytes, more than the 65536 bytes it may hold/],
      [file('binary.bin', Buffer.from([0xff, 0xfe, 0x00, 0x41])), /not UTF-8 text/],
      [file('empty.yaml', '  \n'), /is empty/],
      [dir, /cannot read .*: it is a directory/],
    ];
    const results = await Promise.all(bad.map(([path]) => spawnCli(['vps', 'reinstall', 'vps-01', '--image', 'debian-12', '--cloud-init', path, '--yes'], { env: simEnv(sim) })));
    results.forEach((r, i) => {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(bad[i]![1]);
    });
    expect(sim.requests).toEqual([]);
  }, 60_000);

  it("vps volumes events and diagnose read the volume's own routes", async () => {
    const [events, diagnose] = await Promise.all([
      spawnCli(['vps', 'volumes', 'events', 'vps-01', 'data-1', '--json'], { env: simEnv(sim) }),
      spawnCli(['vps', 'volumes', 'diagnose', 'vps-01', 'data-1'], { env: simEnv(sim) }),
    ]);
    expect(events.code, events.stderr).toBe(0);
    expect(diagnose.code, diagnose.stderr).toBe(0);
    expect(diagnose.stdout).toMatch(/verdict: healthy/);
    const paths = sim.requests.map((q) => q.path);
    expect(paths.some((p) => /\/vps\/[^/]+\/volumes\/[^/]+\/events$/.test(p))).toBe(true);
    expect(paths.some((p) => /\/vps\/[^/]+\/volumes\/[^/]+\/diagnose$/.test(p))).toBe(true);
  });
});
