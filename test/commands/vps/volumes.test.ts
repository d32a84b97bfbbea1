// VPS volumes end to end against the simulator, in virtual time: list (per VPS and for the
// project), get, create/resize/delete with the requests they send, their waits to success,
// failure, timeout (exit 6 + the command that resumes) and Ctrl-C, `vps status`, and the VPS
// delete that the API refuses while volumes remain (the hint names the way out).
import { describe, expect, it } from 'vitest';
import { onlyJson, errorText } from '../../helpers/cli.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';
import { SEED_VOLUME } from '../../../src/sim/families/subresources-state.js';

let h: Harness;
useHarness((x) => (h = x));

const VPS1 = SEED_IDS.vps[0]!;
const VOL = SEED_VOLUME.id;
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const sent = (method: string) => h.sim.requests.find((q) => q.method === method)?.body;

describe('reads', () => {
  it('vps volumes list by VPS name: the seeded volume, TSV when piped', async () => {
    const r = await h.cli(['vps', 'volumes', 'list', 'vps-01']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`ID\tNAME\tSIZE\tSTATUS\n${VOL}\tdata-1\t20 GB\tready\n`);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/vps', `GET /api/v1/vps/${VPS1}/volumes`]);
  });

  it('volumes list: every volume of the project with its VPS; --json the items as sent', async () => {
    const r = await h.cli(['volumes', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`${VOL}\tdata-1\t20 GB\tready\tvps-01`);
    const j = await h.cli(['volumes', 'list', '--json']);
    expect(JSON.parse(j.stdout)).toEqual([expect.objectContaining({ id: VOL, vps_instance_id: VPS1, size_gb: 20, pvc_name: expect.any(String) })]);
  });

  it('get by names: status and details; an unknown volume is exit 5', async () => {
    const r = await h.cli(['vps', 'volumes', 'get', 'vps-01', 'data-1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Status:\s+ready/);
    expect(r.stdout).toMatch(/Size:\s+20 GB/);
    expect(r.stdout).toMatch(/VPS:\s+vps-01/);
    expect((await h.cli(['vps', 'volumes', 'get', 'vps-01', 'nope'])).code).toBe(5);
    expect((await h.cli(['vps', 'volumes', 'get', 'vps-02', VOL])).code).toBe(5);
  });

  it('vps status: the legacy status and what it allows', async () => {
    const r = await h.cli(['vps', 'status', 'vps-01']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^status:\s+Running$/m);
    expect(r.stdout).toMatch(/^can do now:\s+stop, reboot, delete$/m);
    expect(requestLines(h.sim).at(-1)).toBe(`GET /api/v1/vps/${VPS1}/status`);
  });
});

describe('create / resize / delete', () => {
  it('create --wait: {name, size_gb} sent, the id on stdout, ready once provisioned', async () => {
    const r = await h.cli(['vps', 'volumes', 'create', 'vps-01', '--name', 'data-2', '--size', '30', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(sent('POST')).toEqual({ name: 'data-2', size_gb: 30 });
    expect(writes()).toEqual([`POST /api/v1/vps/${VPS1}/volumes`]);
    expect(r.stderr).toMatch(/create of data-2 finished: ready/);
  });

  it('create --wait of a volume that fails: exit 1, the error and where to look', async () => {
    const r = await h.cli(['vps', 'volumes', 'create', 'vps-01', '--name', 'bad-fail', '--size', '5', '--wait', '--json']);
    expect(r.code).toBe(1);
    expect(errorText(r.stderr)).toContain('error: create of bad-fail failed: volume.create_failed');
    expect(errorText(r.stderr)).toMatch(/hint: retrying will not help; 'infra vps volumes get \S+ \S+' shows its status/);
    expect(onlyJson(r.stdout)).toMatchObject({ outcome: 'failed' });
  });

  it('create --wait timeout: exit 6 with `vps volumes wait`, which then finishes', async () => {
    const r = await h.cli(['vps', 'volumes', 'create', 'vps-01', '--name', 'big-slow', '--size', '500', '--wait', '--timeout', '2m']);
    expect(r.code).toBe(6);
    const resume = /resume waiting with: (infra vps volumes wait \S+ \S+)/.exec(r.stderr)?.[1];
    expect(resume).toMatch(new RegExp(`^infra vps volumes wait ${VPS1} [0-9a-f-]{36}$`));
    const again = await h.cli([...resume!.split(' ').slice(1), '--timeout', '2h', '--interval', '60s']);
    expect(again.code, again.stderr).toBe(0);
  });

  it('Ctrl-C while waiting for a create: exit 130 with the resume command', async () => {
    const controller = new AbortController();
    const { InterruptedError } = await import('../../../src/cli/errors.js');
    let polls = 0;
    const r = await h.cli(['vps', 'volumes', 'create', 'vps-01', '--name', 'data-3', '--size', '10', '--wait'], {
      signal: controller.signal,
      onIdle: () => {
        if (++polls === 2) controller.abort(new InterruptedError());
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/interrupted while waiting for the create of data-3; it goes on server-side/);
    expect(r.stderr).toMatch(new RegExp(`resume waiting with: infra vps volumes wait ${VPS1} [0-9a-f-]{36}`));
  });

  it('bad input refused before any request (exit 2); the API refuses a shrink (exit 2, field printed)', async () => {
    expect((await h.cli(['vps', 'volumes', 'create', 'vps-01', '--name', 'x', '--size', '0'])).code).toBe(2);
    expect((await h.cli(['vps', 'volumes', 'create', 'vps-01', '--size', '5'])).code).toBe(2);
    expect(writes()).toEqual([]);
    const r = await h.cli(['vps', 'volumes', 'resize', 'vps-01', 'data-1', '--size', '10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('size_gb');
  });

  it('resize --wait: {size_gb} sent, ready when the resize is done', async () => {
    const r = await h.cli(['vps', 'volumes', 'resize', 'vps-01', 'data-1', '--size', '40', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual([`PUT /api/v1/vps/${VPS1}/volumes/${VOL}`]);
    expect(sent('PUT')).toEqual({ size_gb: 40 });
    expect(r.stderr).toMatch(/resize of data-1 finished: ready/);
  });

  it('delete: --yes needed without a terminal; --wait until the 404', async () => {
    expect((await h.cli(['vps', 'volumes', 'delete', 'vps-01', 'data-1'])).code).toBe(2);
    expect(writes()).toEqual([]);
    const r = await h.cli(['vps', 'volumes', 'delete', 'vps-01', 'data-1', '--yes', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual([`DELETE /api/v1/vps/${VPS1}/volumes/${VOL}`]);
    expect(r.stderr).toMatch(/data-1 is deleted/);
    const after = await h.cli(['vps', 'volumes', 'list', 'vps-01']);
    expect(after.stdout).toBe('');
    expect(after.stderr).toContain('no volumes on vps-01');
  });

  it('delete on a terminal: the typed name must match', async () => {
    const wrong = await h.cli(['vps', 'volumes', 'delete', 'vps-01', 'data-1'], { stdinTTY: true, prompter: { text: async () => 'data-2', secret: async () => '' } });
    expect(wrong.code).toBe(1);
    expect(writes()).toEqual([]);
  });

  it('delete --wait timeout: exit 6 and the resume waits for the deletion', async () => {
    await h.cli(['vps', 'volumes', 'create', 'vps-02', '--name', 'tmp-slow', '--size', '5']);
    h.api.advance(30 * 60);
    const r = await h.cli(['vps', 'volumes', 'delete', 'vps-02', 'tmp-slow', '--yes', '--wait', '--timeout', '1m']);
    expect(r.code).toBe(6);
    const resume = /resume waiting with: (infra vps volumes wait .+)\n/.exec(r.stderr)?.[1];
    expect(resume).toContain('--deleted');
    const again = await h.cli([...resume!.split(' ').slice(1), '--timeout', '2h', '--interval', '60s']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/tmp-slow is deleted/);
  });
});

describe('vps delete while volumes remain', () => {
  it("the API's 422 {error} (no status): exit 1, nothing deleted, the hint lists the volumes and the commands", async () => {
    const r = await h.cli(['vps', 'delete', 'vps-01', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: .*\(nothing was deleted\)$/m);
    expect(r.stderr).toContain("hint: its volume data-1 must go first (their data goes with them): 'infra vps volumes delete vps-01 data-1 --wait', then delete the VPS again");
    const gone = await h.cli(['vps', 'volumes', 'delete', 'vps-01', 'data-1', '--yes', '--wait']);
    expect(gone.code, gone.stderr).toBe(0);
    expect((await h.cli(['vps', 'delete', 'vps-01', '--yes'])).code).toBe(0);
  });
});
