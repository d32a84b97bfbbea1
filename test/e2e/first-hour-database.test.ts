// A database's first hour through bin/infra: the wait on its create says what is happening in
// words a person reads ("creating … (provisioning)", not "pending (running)"), and the NDJSON
// progress of a stop names the action (`stopping`), not a rollout. The simulator's clock stands
// still, so each wait times out after its first reads (exit 6) with the in-flight state shown,
// unless a test moves it. The application user (what an app connects as) shows in human
// output, masked unless --show-secrets, not only in --json.
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

const QUICK = ['--timeout', '1s', '--interval', '200ms'];

describe('database waits speak of the action', () => {
  it('create --wait: "creating <name> (provisioning)", never "pending (running)"', async () => {
    const r = await spawnCli(['database', 'create', '--name', 'first-pg', '--engine', 'postgresql', '--profile', 'small', '--wait', ...QUICK], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/^\S+ creating first-pg \(provisioning\)$/m);
    expect(r.stderr).not.toMatch(/pending|\(running\)/);
  });

  it('stop --wait --progress json: the phase is "stopping", the final event is unchanged', async () => {
    const r = await spawnCli(['database', 'stop', 'orders-pg', '--wait', '--progress', 'json', ...QUICK], { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(6);
    const events = r.stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { phase: string; name: string; outcome?: string; operation: string | null });
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events[0]).toMatchObject({ name: 'orders-pg', phase: 'stopping', operation: 'running' });
    expect(events.map((e) => e.phase)).not.toContain('rolling_out');
    expect(events.at(-1)).toMatchObject({ phase: 'done', outcome: 'timeout' });
  });
});

describe("the application user's credentials in human output", () => {
  it('database credentials: the application user and its password, masked unless --show-secrets', async () => {
    const env = simEnv(sim);
    const [masked, shown] = await Promise.all([spawnCli(['database', 'credentials', 'orders-pg'], { env }), spawnCli(['database', 'credentials', 'orders-pg', '--show-secrets'], { env })]);
    expect(masked.code, masked.stderr).toBe(0);
    const appPassword = `app-${SEED_IDS.postgres.slice(0, 8)}`;
    expect(masked.stdout).toMatch(/^application user: +app$/m);
    expect(masked.stdout).toMatch(/^application password: +\*{8}$/m);
    expect(masked.stdout).not.toContain(appPassword);
    expect(shown.stdout).toMatch(new RegExp(`^application password: +${appPassword}$`, 'm'));
  });

  it('database create --wait: once ready, names the application user once on stderr (masked); stdout stays the id', async () => {
    const argv = ['database', 'create', '--name', 'app-pg', '--engine', 'postgresql', '--profile', 'small', '--wait', '--timeout', '10s', '--interval', '200ms'];
    // The create takes 90 simulated seconds: the clock moves past it once the wait has begun.
    const onSpawn = (child: ChildProcess) => {
      let err = '';
      child.stderr?.on('data', (d: Buffer) => {
        err += d.toString();
        if (err.includes('creating app-pg') && !err.includes('moved')) {
          err += 'moved';
          sim.world.clock.advance(120);
        }
      });
    };
    const r = await spawnCli(argv, { env: simEnv(sim), onSpawn });
    expect(r.code, r.stderr).toBe(0);
    const id = r.stdout.trim();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.stderr).toContain('application user: app, password ********\n');
    expect(r.stderr).toContain("hint: 'infra database credentials app-pg --show-secrets' shows the password and the URL\n");
    expect(r.stderr).not.toContain(`app-${id.slice(0, 8)}`);
    const shown = await spawnCli([...argv.map((a) => (a === 'app-pg' ? 'app-pg-2' : a)), '--show-secrets'], {
      env: simEnv(sim),
      onSpawn: (child) => child.stderr?.once('data', () => sim.world.clock.advance(120)),
    });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stderr).toContain(`application user: app, password app-${shown.stdout.trim().slice(0, 8)}\n`);
  });
});
