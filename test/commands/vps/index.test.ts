// The VPS family end to end against the simulator, in virtual time: every command, the
// requests it sends, its exit codes, stdout and stderr; each asynchronous action with --wait
// to success and failure, and the operation-wait paths (an action, a create, a delete waiting
// for the 404) to timeout and Ctrl-C.
import { describe, expect, it } from 'vitest';
import { onlyJson, errorText } from '../../helpers/cli.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const VPS1 = SEED_IDS.vps[0]!;
const body = (i: number) => h.sim.requests[i]?.body as Record<string, unknown>;
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));

describe('vps list / get / reads', () => {
  it('list: columns from the real fields, TSV when piped', async () => {
    const r = await h.cli(['vps', 'list', '--per-page', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('ID\tNAME\tSTATUS\tDATACENTER\tPROFILE\tPUBLIC IP');
    expect(r.stdout).toContain(`${VPS1}\tvps-01\tready\tnbg1\tsmall_shared\t203.0.113.1`);
  });

  it('get by name: one list request, then the resource; details from the instance and connection_info', async () => {
    const r = await h.cli(['vps', 'get', 'vps-01']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/vps', `GET /api/v1/vps/${VPS1}`]);
    expect(r.stdout).toMatch(/Status:\s+ready/);
    expect(r.stdout).toMatch(/Private IP:\s+10\.0\.0\.\d+/);
  });

  it('get by id: no lookup; --json is the instance as sent', async () => {
    const r = await h.cli(['vps', 'get', VPS1, '--json']);
    expect(requestLines(h.sim)).toEqual([`GET /api/v1/vps/${VPS1}`]);
    expect(onlyJson(r.stdout)).toMatchObject({ id: VPS1, name: 'vps-01', datacenter: 'nbg1', status_label: 'Running' });
  });

  it('plans, images, metrics: aligned lines for people, the answer as sent with --json', async () => {
    expect((await h.cli(['vps', 'plans'])).stdout).toMatch(/^nano_shared\t/m);
    expect(JSON.parse((await h.cli(['vps', 'images', '--json'])).stdout)).toMatchObject({ images: expect.arrayContaining([expect.objectContaining({ id: 'debian-12' })]) });
    expect((await h.cli(['vps', 'metrics', 'vps-01'])).stdout).toMatch(/cpu\.usage_percent:\s+12\.5/);
  });

  it('password: masked unless --show-secrets; an SSH-key VPS has none (422 {error}: exit 1)', async () => {
    const created = await h.cli(['vps', 'create', '--name', 'pw-1', '--image', 'debian-12', '--profile', 'nano_shared', '--cpu-platform', 'amd', '--password-stdin'], { stdin: 'S3cret-root\n' });
    expect(created.code, created.stderr).toBe(0);
    expect((await h.cli(['vps', 'password', 'pw-1'])).stdout).toMatch(/password:\s+\*{8}/);
    expect((await h.cli(['vps', 'password', 'pw-1', '--show-secrets'])).stdout).toMatch(/password:\s+S3cret-root/);
    const none = await h.cli(['vps', 'password', 'vps-01']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('SSH key authentication');
  });
});

describe('vps create / update', () => {
  it('create --wait: the request the API takes, the new id on stdout, ready when provisioned', async () => {
    const r = await h.cli(['vps', 'create', '--name', 'web-1', '--image', 'debian-12', '--plan', 'small_shared', '--cpu-platform', 'amd', '--password-stdin', '--wait'], { stdin: 'pw\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(body(0)).toEqual({
      name: 'web-1',
      image: 'debian-12',
      resource_profile: 'small_shared',
      cpu_platform: 'amd',
      datacenter: 'fsn1',
      auth_method: 'password',
      password: 'pw',
      password_confirmation: 'pw',
    });
    expect(r.stderr).toMatch(/create of web-1 finished: ready/);
  });

  it('the CPU platform is required (v1.7.0) and chosen by the user; the network tier is sent only when given', async () => {
    const missing = await h.cli(['vps', 'create', '--name', 'web-2', '--image', 'debian-12', '--plan', 'small_shared', '--password-stdin'], { stdin: 'pw\n' });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--cpu-platform/);
    expect(missing.stdout).toBe('');
    expect(requestLines(h.sim)).toEqual([]);
    const r = await h.cli(['vps', 'create', '--name', 'web-2', '--image', 'debian-12', '--plan', 'small_shared', '--cpu-platform', 'intel', '--network-tier', '10g', '--password-stdin'], {
      stdin: 'pw\n',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(body(0)).toMatchObject({ cpu_platform: 'intel', network_tier: '10g' });
    const shown = await h.cli(['vps', 'get', 'web-2']);
    expect(shown.stdout).toMatch(/CPU:.*intel/);
    expect(shown.stdout).toMatch(/Network tier:\s+10g/);
  });

  it('create --wait of a VPS that fails to provision: exit 1 with the error and a hint', async () => {
    const r = await h.cli(['vps', 'create', '--name', 'web-fail', '--image', 'debian-12', '--plan', 'small_shared', '--cpu-platform', 'amd', '--password-stdin', '--wait', '--json'], { stdin: 'pw' });
    expect(r.code).toBe(1);
    expect(errorText(r.stderr)).toContain('error: create of web-fail failed: vps.create_failed');
    expect(errorText(r.stderr)).toMatch(/hint: retrying will not help/);
    expect(onlyJson(r.stdout)).toMatchObject({ outcome: 'failed', evidence: 'fresh_observation' });
  });

  it('bad input is refused before any request (exit 2)', async () => {
    expect((await h.cli(['vps', 'create', '--name', 'x', '--image', 'debian-12', '--plan', 'nano_shared', '--cpu-platform', 'amd'])).code).toBe(2);
    expect((await h.cli(['vps', 'create', '--name', 'x', '--image', 'debian-12'])).code).toBe(2);
    expect((await h.cli(['vps', 'update', 'vps-01'])).code).toBe(2);
    expect((await h.cli(['vps', 'reinstall', 'vps-01', '--yes'])).code).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
  });

  it("the API's field errors: exit 2, printed field by field", async () => {
    const r = await h.cli(['vps', 'create', '--name', 'x', '--image', 'windows-95', '--plan', 'nano_shared', '--cpu-platform', 'amd', '--password-stdin'], { stdin: 'pw' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('  image: The selected image is invalid.');
  });

  it('update --wait: PUT with the new profile, recreated, ready', async () => {
    const r = await h.cli(['vps', 'update', 'vps-01', '--profile', 'medium', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toContain(`PUT /api/v1/vps/${VPS1}`);
    expect(h.sim.requests.find((q) => q.method === 'PUT')?.body).toEqual({ resource_profile: 'medium' });
    expect((await h.cli(['vps', 'get', VPS1, '--json'])).stdout).toContain('"resource_profile": "medium"');
  });
});

describe('vps lifecycle actions', () => {
  it('stop --wait then start --wait: each POST once, exit 0 when the operation is done', async () => {
    const stop = await h.cli(['vps', 'stop', 'vps-01', '--wait']);
    expect(stop.code, stop.stderr).toBe(0);
    expect(stop.stderr).toMatch(/stop of vps-01 finished: stopped/);
    const start = await h.cli(['vps', 'start', 'vps-01', '--wait', '--json']);
    expect(start.code, start.stderr).toBe(0);
    expect(onlyJson(start.stdout)).toMatchObject({ id: VPS1, outcome: 'ready', evidence: 'fresh_observation' });
    expect(writes()).toEqual([`POST /api/v1/vps/${VPS1}/stop`, `POST /api/v1/vps/${VPS1}/start`]);
  });

  it('an action the state does not allow: 422 {error} is a refusal (exit 1), not a validation error', async () => {
    const r = await h.cli(['vps', 'start', 'vps-01']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('VPS cannot be started in its current state');
  });

  it('reboot without --wait: accepted, then `vps wait` follows it to the end', async () => {
    const r = await h.cli(['vps', 'reboot', 'vps-01']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('reboot of vps-01');
    const w = await h.cli(['vps', 'wait', 'vps-01']);
    expect(w.code, w.stderr).toBe(0);
  });

  it('reinstall is destructive: --yes without a terminal; with it the image is sent', async () => {
    const refused = await h.cli(['vps', 'reinstall', 'vps-01', '--image', 'debian-12']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --yes');
    const r = await h.cli(['vps', 'reinstall', 'vps-01', '--image', 'debian-12', '--yes', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(h.sim.requests.find((q) => q.path.endsWith('/reinstall'))?.body).toEqual({ image: 'debian-12' });
  });

  it('timeout: exit 6 with the command that resumes, which then finishes', async () => {
    const r = await h.cli(['vps', 'create', '--name', 'big-slow', '--image', 'debian-12', '--plan', 'large', '--cpu-platform', 'amd', '--password-stdin', '--wait', '--timeout', '2m'], {
      stdin: 'pw',
    });
    expect(r.code).toBe(6);
    const resume = /resume waiting with: (infra vps wait \S+)/.exec(r.stderr)?.[1];
    expect(resume).toMatch(/^infra vps wait [0-9a-f-]{36}$/);
    const again = await h.cli([...resume!.split(' ').slice(1), '--timeout', '2h', '--interval', '60s']);
    expect(again.code, again.stderr).toBe(0);
  });

  it('Ctrl-C while waiting: exit 130 with the resume command', async () => {
    const controller = new AbortController();
    const { InterruptedError } = await import('../../../src/cli/errors.js');
    let polls = 0;
    const r = await h.cli(['vps', 'stop', 'vps-01', '--wait'], {
      signal: controller.signal,
      onIdle: () => {
        if (++polls === 2) controller.abort(new InterruptedError());
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/interrupted while waiting for the stop of vps-01; it goes on server-side/);
    // The stop was seen in flight: from here any read describes it, so no baseline is needed.
    expect(r.stderr).toContain(`resume waiting with: infra vps wait ${VPS1}\n`);
  });
});

describe('vps delete', () => {
  it('--wait waits for the 404: exit 0, and the VPS is gone', async () => {
    const r = await h.cli(['vps', 'delete', 'vps-02', '--yes', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/vps-02 is deleted/);
    expect((await h.cli(['vps', 'get', SEED_IDS.vps[1]!])).code).toBe(5);
  });

  it('without --yes and without a terminal, or with CI set: exit 2, nothing sent', async () => {
    expect((await h.cli(['vps', 'delete', 'vps-02'])).code).toBe(2);
    const ci = await h.cli(['vps', 'delete', 'vps-02'], { stdinTTY: true, prompter: { text: async () => 'vps-02', secret: async () => '' }, env: { CI: 'true' } });
    expect(ci.code).toBe(2);
    expect(ci.stderr).toContain('CI is set');
    expect(writes()).toEqual([]);
  });

  it('on a terminal: the typed name must match', async () => {
    const wrong = await h.cli(['vps', 'delete', 'vps-02'], { stdinTTY: true, prompter: { text: async () => 'vps-03', secret: async () => '' } });
    expect(wrong.code).toBe(1);
    expect(writes()).toEqual([]);
    const right = await h.cli(['vps', 'delete', 'vps-02'], { stdinTTY: true, prompter: { text: async () => 'vps-02', secret: async () => '' } });
    expect(right.code, right.stderr).toBe(0);
    expect(writes()).toEqual([`DELETE /api/v1/vps/${SEED_IDS.vps[1]}`]);
  });
});

describe('vps diagnose / events', () => {
  it('a failed VPS: a fatal finding; --exit-status exits 1', async () => {
    await h.cli(['vps', 'create', '--name', 'db-fail', '--image', 'debian-12', '--plan', 'nano_shared', '--cpu-platform', 'amd', '--password-stdin', '--wait'], { stdin: 'pw' });
    const d = await h.cli(['vps', 'diagnose', 'db-fail']);
    expect(d.code).toBe(0);
    expect(d.stdout).toMatch(/FATAL\s+vps\.create_failed/);
    expect((await h.cli(['vps', 'diagnose', 'db-fail', '--exit-status'])).code).toBe(1);
    const e = await h.cli(['vps', 'events', 'db-fail']);
    expect(e.stdout).toMatch(/Warning\tOperationFailed\tVpsInstance\/db-fail/);
    expect(e.stderr).toContain('ephemeral');
  });
});
