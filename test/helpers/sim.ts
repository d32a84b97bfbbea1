// One simulator per test file (or describe block), frozen in time, back to the seeded world
// before each test. `bind` hands the simulator and a ready CLI environment to the file's own
// variables, so tests keep using plain `sim` and `env`.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/server.js';

export function useSimulator(bind: (sim: Simulator, env: Record<string, string>) => void, opts: { reset?: boolean; generations?: boolean } = {}): void {
  let sim: Simulator | undefined;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, speed: 0, generations: opts.generations ?? true });
    bind(sim, { INFRA_API_URL: sim.url, INFRA_TOKEN: sim.tokens.admin });
  });
  afterAll(() => sim?.close());
  if (opts.reset !== false) {
    beforeEach(async () => {
      sim!.resetHandlers();
      await fetch(`${sim!.url}/_sim/reset`, { method: 'POST' });
    });
  }
}
