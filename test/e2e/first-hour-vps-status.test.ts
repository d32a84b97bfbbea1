// `infra vps status` through bin/infra: the legacy status answer is a row of flags
// (can_be_started, status_color...). People get the state in words and what they can do now,
// not a key dump; --json stays the answer as sent.
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

describe('vps status', () => {
  it('a running VPS: its state, what it allows now and what not; no raw keys', async () => {
    const env = simEnv(sim);
    const [r, json] = await Promise.all([spawnCli(['vps', 'status', 'vps-01'], { env }), spawnCli(['vps', 'status', 'vps-01', '--json'], { env })]);
    expect(r.code, r.stderr).toBe(0);
    const answer = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(answer).toMatchObject({ status: 'running', can_be_stopped: true, can_be_started: false });
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^status: +Running$/);
    expect(r.stdout).toMatch(/^changing: +no$/m);
    expect(r.stdout).toMatch(/^can do now: +stop, reboot, delete$/m);
    expect(r.stdout).toMatch(/^not now: +start$/m);
    expect(r.stdout).toMatch(new RegExp(`^updated: +${String(answer.updated_at).replace(/[.+]/g, '\\$&')}$`, 'm'));
    expect(r.stdout).not.toMatch(/can_be_|status_color|status_label|is_transitional/);
  });

  it('a VPS being stopped: changing, and start is not offered', async () => {
    const env = simEnv(sim);
    const stop = await spawnCli(['vps', 'stop', 'vps-01'], { env });
    expect(stop.code, stop.stderr).toBe(0);
    const r = await spawnCli(['vps', 'status', 'vps-01'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^status: +Stopping$/m);
    expect(r.stdout).toMatch(/^changing: +yes: an operation is in progress$/m);
    expect(r.stdout).toMatch(/^can do now: +nothing$/m);
  });
});
