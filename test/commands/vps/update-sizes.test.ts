// `vps update --cores/--memory/--storage`: the API sizes a VPS by its plan only, so the figures
// choose the one plan of GET /vps/plans that has them, and only `resource_profile` is sent; no
// plan or several: exit 2 before any change. With --wait, a machine that runs again with other
// figures than asked is a failure (exit 1), never a success.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { onlyJson } from '../../helpers/cli.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const VPS1 = SEED_IDS.vps[0]!;
const puts = () => h.sim.requests.filter((q) => q.method === 'PUT');

describe('vps update by size', () => {
  it('--cores 4 --memory 16 --wait: the one plan with them is sent, and the VPS runs with them', async () => {
    const r = await h.cli(['vps', 'update', 'vps-01', '--cores', '4', '--memory', '16GB', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toContain('GET /api/v1/vps/plans');
    expect(puts().map((q) => q.body)).toEqual([{ resource_profile: 'medium' }]);
    expect(r.stderr).toContain('4 vCPU, 16 GB memory: plan medium');
    const after = onlyJson((await h.cli(['vps', 'get', VPS1, '--json'])).stdout);
    expect(after).toMatchObject({ resource_profile: 'medium', cpu_cores: 4, memory_size_gb: 16, storage_size_gb: 160 });
  });

  it('--cpu narrows the plans and is sent too', async () => {
    const r = await h.cli(['vps', 'update', 'vps-01', '--cores', '4', '--cpu', 'shared']);
    expect(r.code, r.stderr).toBe(0);
    expect(puts().map((q) => q.body)).toEqual([{ resource_profile: 'medium_shared', cpu_allocation_type: 'shared' }]);
  });

  it('several plans with the figures: exit 2, each named, nothing changed', async () => {
    const r = await h.cli(['vps', 'update', 'vps-01', '--cores', '4']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('2 plans have 4 vCPU: medium_shared (4 vCPU, 8 GB memory, 80 GB storage, shared CPU); medium (4 vCPU, 16 GB memory');
    expect(r.stderr).toContain('hint: add a figure');
    expect(puts()).toEqual([]);
  });

  it('no plan with the figures: exit 2, the nearest plans named, nothing changed', async () => {
    const r = await h.cli(['vps', 'update', 'vps-01', '--cores', '3', '--memory', '16', '--json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const err = JSON.parse(r.stderr.trim()).error;
    expect(err).toMatchObject({ code: 'usage', exit_code: 2, message: 'no plan has 3 vCPU, 16 GB memory' });
    expect(err.hint).toMatch(/nearest: large_shared .*; medium /);
    expect(puts()).toEqual([]);
  });

  it('no plan shares a figure asked for: the nearest are the relatively closest (2 or 4 vCPU for 3)', async () => {
    const r = await h.cli(['vps', 'update', 'vps-01', '--cores', '3']);
    expect(r.code).toBe(2);
    const hint = r.stderr.split('\n').find((l) => l.startsWith('hint: plans that come nearest:'))!;
    const named = [...hint.matchAll(/(\w+) \((\d+) vCPU/g)].map((m) => [m[1], Number(m[2])]);
    expect(named.length).toBeGreaterThan(1);
    for (const [, cores] of named) expect([2, 4]).toContain(cores);
    expect(puts()).toEqual([]);
  });

  it('a plan with a smaller disk than the VPS has: refused unless --storage asks for it', async () => {
    // vps-02 is a medium: 160 GB.
    const r = await h.cli(['vps', 'update', 'vps-02', '--cores', '2', '--memory', '4', '--cpu', 'shared']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('plan small_shared has 40 GB of storage, less than the 160 GB vps-02 has now; nothing was changed');
    expect(r.stderr).toContain('hint: to take the smaller disk, say so: --storage 40');
    expect(puts()).toEqual([]);
    const asked = await h.cli(['vps', 'update', 'vps-02', '--cores', '2', '--memory', '4', '--storage', '40']);
    expect(asked.code, asked.stderr).toBe(0);
    expect(puts().map((q) => q.body)).toEqual([{ resource_profile: 'small_shared' }]);
  });

  it('bad sizes and --profile with sizes: exit 2 before any request', async () => {
    for (const argv of [
      ['--memory', '0'],
      ['--memory', '1.5'],
      ['--storage', '10TB'],
      ['--cores', 'four'],
      ['--cores', '4', '--profile', 'medium'],
    ]) {
      const r = await h.cli(['vps', 'update', 'vps-01', ...argv]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')[0]).toMatch(/^error: /);
    }
    expect(requestLines(h.sim)).toEqual([]);
  });

  it('a plans list whose figures the machine does not get: --wait exits 1 naming what it runs with', async () => {
    // The list says small_shared has 4 vCPU and 16 GB; the machine it makes has 2 and 4.
    h.sim.use(
      http.get('*/api/v1/vps/plans', () =>
        HttpResponse.json({ plans: [{ slug: 'small_shared', display_name: 'Small', type: 'shared', cpu_cores: 4, memory_gb: 16, storage_gb: 160, monthly_cost: 8.99 }] }),
      ),
    );
    const r = await h.cli(['vps', 'update', 'vps-03', '--cores', '4', '--memory', '16', '--wait']);
    expect(r.code).toBe(1);
    expect(puts().map((q) => q.body)).toEqual([{ resource_profile: 'small_shared' }]);
    expect(r.stderr).toContain('runs again but not with the size asked for: cores 2 (asked 4), memory 4 GB (asked 16 GB)');
  });

  it('plans in an unknown shape: exit 2 with a way out, nothing changed', async () => {
    h.sim.use(http.get('*/api/v1/vps/plans', () => HttpResponse.json({ plans: ['\u001b]0;pwned\u0007medium'] })));
    const r = await h.cli(['vps', 'update', 'vps-01', '--memory', '16']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the service lists no plans to match the sizes against');
    expect(r.stderr).not.toContain('\u001b');
    expect(puts()).toEqual([]);
  });
});
