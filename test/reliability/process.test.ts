// What only real processes show: Ctrl-C (SIGINT) ends a wait, a follow and a slow paginated
// list promptly with 130 and the resume hint; a process killed with SIGKILL mid-write never
// leaves a config file that does not parse; concurrent writers do not corrupt it.
// Needs `npm run build` (npm test builds first).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { spawnCli, tempConfigDir } from '../helpers/cli.js';
import { SEED_IDS, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { assertClean } from './support.js';

let sim: Simulator;
// Real time: a rollout lasts ~12 s, so a wait is still running when Ctrl-C comes.
useSimulator((s) => (sim = s), { speed: 1 });

const env = (extra: Record<string, string> = {}) => ({ ...simEnv(sim), ...extra });

/** Sends SIGINT once `ready` matches stderr; resolves the milliseconds from the signal to the exit. */
function interruptWhen(ready: RegExp, timing: { signalAt?: number; exitAt?: number }) {
  return (child: ChildProcess) => {
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
      if (timing.signalAt === undefined && ready.test(err)) {
        timing.signalAt = Date.now();
        child.kill('SIGINT');
      }
    });
    child.on('exit', () => (timing.exitAt = Date.now()));
  };
}

describe('Ctrl-C', () => {
  it('during serverless update --wait: 130 within 2 s, with the resume command', async () => {
    const t: { signalAt?: number; exitAt?: number } = {};
    const r = await spawnCli(['serverless', 'update', 'web', '--image', 'registry.sim.local/acme/web:2.0.0', '--wait'], { env: env(), onSpawn: interruptWhen(/waiting for generation \d+/, t) });
    expect(r.code, r.stderr).toBe(130);
    expect(t.exitAt! - t.signalAt!).toBeLessThan(2_000);
    // The hint names the container as typed (web), so it reads as the command the user gave.
    expect(r.stderr).toMatch(new RegExp(`^hint: resume waiting with: infra serverless wait web --generation \\d+$`, 'm'));
    assertClean(r, sim.tokens.admin, r.stderr);
  });

  it('during a wait on a server without generations: 130 within 2 s, with a resume command that needs no generation', async () => {
    sim.world.setFaults({ generations: false });
    const t: { signalAt?: number; exitAt?: number } = {};
    const r = await spawnCli(['serverless', 'update', SEED_IDS.web, '--image', 'registry.sim.local/acme/web:2.0.0', '--wait'], {
      env: env(),
      onSpawn: interruptWhen(/waiting for the change to web/, t),
    });
    expect(r.code, r.stderr).toBe(130);
    expect(t.exitAt! - t.signalAt!).toBeLessThan(2_000);
    expect(r.stderr).toMatch(/^error: interrupted while waiting for the change to web; the rollout goes on server-side$/m);
    // The read before the change (--observed-after, --deployments-before), or nothing once a read showed the change in flight.
    // Typed as an id: the hint keeps the id.
    expect(r.stderr).toMatch(new RegExp(`^hint: resume waiting with: infra serverless wait ${SEED_IDS.web}( --observed-after \\S+ --deployments-before \\d+)?$`, 'm'));
    expect(r.stderr).not.toContain('--generation');
    assertClean(r, sim.tokens.admin, r.stderr);
  });

  it('during serverless logs --follow: 130 within 2 s', async () => {
    const t: { signalAt?: number; exitAt?: number } = {};
    const r = await spawnCli(['serverless', 'logs', SEED_IDS.web, '--since', '2m', '--follow'], {
      env: env(),
      onSpawn: (child) => {
        child.stdout?.once('data', () =>
          setTimeout(() => {
            t.signalAt = Date.now();
            child.kill('SIGINT');
          }, 150),
        );
        child.on('exit', () => (t.exitAt = Date.now()));
      },
    });
    expect(r.code, r.stderr).toBe(130);
    expect(t.exitAt! - t.signalAt!).toBeLessThan(2_000);
    assertClean(r, sim.tokens.admin, r.stderr);
  });

  it('during a paginated list against a slow server: 130 within 2 s', async () => {
    sim.world.setFaults({ latency_ms: 5_000 });
    const t: { signalAt?: number; exitAt?: number } = {};
    const r = await spawnCli(['vps', 'list', '--all'], {
      env: env(),
      onSpawn: (child) => {
        // Once the first page is asked for (the server holds it 5 s): a fixed delay could fire
        // before a loaded machine has even started the process.
        const timer = setInterval(() => {
          if (!sim.requests.some((q) => q.path === '/api/v1/vps')) return;
          clearInterval(timer);
          t.signalAt = Date.now();
          child.kill('SIGINT');
        }, 10);
        child.on('exit', () => {
          clearInterval(timer);
          t.exitAt = Date.now();
        });
      },
    });
    expect(r.code, r.stderr).toBe(130);
    expect(t.exitAt! - t.signalAt!).toBeLessThan(2_000);
    expect(r.stderr).toMatch(/^error: interrupted$/m);
  });
});

describe('the config file', () => {
  it('SIGKILL at random moments of `config set`: the file always parses', async () => {
    const dir = tempConfigDir();
    const file = join(dir, 'config.json');
    await spawnCli(['config', 'set', 'api-url', 'https://keep.test'], { env: { INFRA_CONFIG_DIR: dir } });
    const kills = [40, 70, 90, 110, 130, 150, 170, 190, 210, 240, 270, 300];
    let killed = 0;
    // A reader all along: an in-place (non-atomic) write would show it a truncated file.
    let reads = 0;
    const unreadable: string[] = [];
    const readNow = () => {
      try {
        const text = readFileSync(file, 'utf8');
        reads++;
        JSON.parse(text);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') unreadable.push(String(err));
      }
    };
    const watcher = setInterval(readNow, 1);
    // Also one read as each writer dies: on a loaded machine the interval may fire rarely.
    await Promise.all(
      kills.map((ms, i) =>
        spawnCli(['config', 'set', 'project', String(100 + i)], {
          env: { INFRA_CONFIG_DIR: dir },
          onSpawn: (child) => setTimeout(() => child.kill('SIGKILL') && killed++, ms),
        }).then(readNow),
      ),
    );
    clearInterval(watcher);
    expect(unreadable).toEqual([]);
    expect(reads).toBeGreaterThanOrEqual(kills.length);
    expect(killed).toBeGreaterThan(0);
    expect(existsSync(file)).toBe(true);
    // Settings of a file without contexts live in the context `default` (src/cli/contexts.ts).
    const config = (JSON.parse(readFileSync(file, 'utf8')) as { contexts: Record<string, Record<string, string>> }).contexts.default!;
    expect(config['api-url']).toBe('https://keep.test');
    if (config.project !== undefined) expect(config.project).toMatch(/^1\d\d$/);
  });

  it('pairs of concurrent writers: the file parses and holds one of the values', async () => {
    for (let round = 0; round < 4; round++) {
      const dir = tempConfigDir();
      const pairs = await Promise.all(['1', '2', 'staging', 'main'].map((v) => spawnCli(['config', 'set', 'project', v], { env: { INFRA_CONFIG_DIR: dir } })));
      for (const p of pairs) expect(p.code, p.stderr).toBe(0);
      const config = (JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { contexts: Record<string, Record<string, string>> }).contexts.default!;
      expect(['1', '2', 'staging', 'main']).toContain(config.project);
    }
  });
});
