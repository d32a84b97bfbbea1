// `apply -f FILE --wait` in virtual time against the simulator: every container, database, cache
// and queue the file created or updated is waited for at once, each as its own command's --wait
// does; the exit code is the worst outcome, --json carries each wait's final object, and what
// rolls nothing out (an uptime check) is not waited for.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REG, requestLines, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const dir = mkdtempSync(join(tmpdir(), 'infra-apply-wait-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const doc = (containers: string, caches = '') => `apiVersion: infra/v1\nkind: Project\ncontainers:\n${containers}${caches ? `caches:\n${caches}` : ''}`;
const web = (tag: string) => `  - name: web\n    image: "${REG}/web:${tag}"\n`;
const redis = (profile: string) => `  - name: sessions-redis\n    engine: redis\n    resource_profile: ${profile}\n`;
const newCache = '  - name: hot-keys\n    engine: valkey\n    resource_profile: small\n';

describe('apply --wait', () => {
  it('a container update, a cache update and a new cache: all waited for at once, exit 0, --json with each wait', async () => {
    const path = file('three.yaml', doc(web('1.3.0'), redis('medium') + newCache));
    const r = await h.cli(['apply', '-f', path, '--wait', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { dry_run: boolean; resources: { name: string; action: string; wait: { outcome: string } | null }[] };
    expect(out.dry_run).toBe(false);
    expect(out.resources.map((x) => [x.name, x.action, x.wait?.outcome ?? null])).toEqual([
      ['sessions-redis', 'updated', 'ready'],
      ['hot-keys', 'created', 'ready'],
      ['web', 'updated', 'ready'],
    ]);
    // Each wait read its own resource after the write: the change was seen, never an earlier state.
    const lines = requestLines(h.sim);
    expect(lines.filter((l) => /^(PUT|POST) /.test(l))).toHaveLength(3);
    expect(lines.some((l) => /^GET \/api\/v1\/cache\/[0-9a-f-]+$/.test(l))).toBe(true);
    expect(lines.some((l) => /^GET \/api\/v1\/serverless\/[0-9a-f-]+$/.test(l))).toBe(true);
  });

  it('a rollout that degrades: exit 3 (the worst outcome), the others still waited for, and the line names it', async () => {
    const path = file('crash.yaml', doc(web('crash'), redis('medium')));
    const r = await h.cli(['apply', '-f', path, '--wait']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/error: web: rollout of generation \d+ of web degraded/);
    expect(r.stderr).toMatch(/sessions-redis: update of sessions-redis finished: ready/);
  });

  it('nothing changed: no wait, exit 0, said', async () => {
    const path = file('same.yaml', doc(web('1.2.0')));
    const r = await h.cli(['apply', '-f', path, '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('container web: unchanged');
    expect(r.stderr).toContain('nothing that was changed rolls out: nothing to wait for');
  });

  it('--wait with --check or --dry-run, or --timeout without --wait: exit 2 before any request', async () => {
    const path = file('x.yaml', doc(web('1.3.0')));
    for (const argv of [
      ['--check', '--wait'],
      ['--dry-run', '--wait'],
      ['--timeout', '5m'],
    ]) {
      const r = await h.cli(['apply', '-f', path, ...argv]);
      expect(r.code, argv.join(' ')).toBe(2);
    }
    expect(requestLines(h.sim)).toEqual([]);
  });

  it('the time limit: exit 6 naming what goes on', async () => {
    const path = file('slow.yaml', doc(web('1.2.0'), redis('medium')));
    const r = await h.cli(['apply', '-f', path, '--wait', '--timeout', '2s']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/sessions-redis: .*timed out|timeout/i);
  });
});
