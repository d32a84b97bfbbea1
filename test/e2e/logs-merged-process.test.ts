// `infra logs a b c --follow` through bin/infra: three containers' lines, seeded with known
// timestamps, come out of one real process interleaved in timestamp order, each with its
// source; Ctrl-C ends it with 130 and no half line.
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { ok, SEED_IDS, simApi, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

interface Line {
  source: string;
  timestamp: string;
}

describe('infra logs --follow of three containers', () => {
  it('interleaves by timestamp, names each source, and stops cleanly on Ctrl-C', async () => {
    const api = simApi(sim);
    for (const [id, count] of [
      [SEED_IDS.web, 20],
      [SEED_IDS.api, 30],
      [SEED_IDS.edge, 40],
    ] as const)
      await ok(await api.control('/_sim/logs', { container_id: id, count }));
    let stopped = false;
    const r = await spawnCli(['logs', 'web', 'api', 'edge', '--since', '30m', '--follow', '--json'], {
      env: simEnv(sim),
      timeoutMs: 30_000,
      onStdout: (text, child) => {
        // Whole lines only: a chunk may end inside one.
        const whole = text.slice(0, text.lastIndexOf('\n') + 1);
        const sources = new Set(
          whole
            .split('\n')
            .filter(Boolean)
            .map((l) => (JSON.parse(l) as Line).source),
        );
        // Once every source has shown lines, the merge has read them all: stop as a person would.
        if (!stopped && sources.size === 3) {
          stopped = true;
          child.kill('SIGINT');
        }
      },
    });
    expect(r.code, r.stderr).toBe(130);
    expect(r.stdout.endsWith('\n')).toBe(true);
    const lines = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);
    expect(new Set(lines.map((l) => l.source))).toEqual(new Set(['web', 'api', 'edge']));
    const times = lines.map((l) => Date.parse(l.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const switches = lines.filter((l, i) => i > 0 && lines[i - 1]!.source !== l.source).length;
    expect(switches).toBeGreaterThan(10);
  });
});
