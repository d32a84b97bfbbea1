// A simulator whose clock the test moves: frozen (speed 0) until `tick()` starts advancing
// it a sim second every few real milliseconds, so rollouts take milliseconds and tests can
// send changes while nothing moves.
import { http } from 'msw';
import { startSimulator, type Simulator } from '../../src/sim/server.js';
import { settle } from '../../src/sim/state/containers.js';
import { runCli, type InProcessOptions } from '../helpers/cli.js';

export interface Harness {
  sim: Simulator;
  env: Record<string, string>;
  /** Starts moving the sim clock (1 sim-s per `everyMs`); returns a stop function. */
  tick(everyMs?: number, simSeconds?: number): () => void;
  cli(argv: string[], opts?: InProcessOptions): ReturnType<typeof runCli>;
  /** GETs of one container with the status the sim held when each arrived. */
  seen: { path: string; terminal: boolean; observed: number; stale: boolean }[];
  stopAll(): void;
}

export async function harness(): Promise<Harness> {
  const sim = await startSimulator({ speed: 0 });
  const env = { INFRA_API_URL: sim.url, INFRA_TOKEN: sim.tokens.admin };
  const timers = new Set<ReturnType<typeof setInterval>>();
  const seen: Harness['seen'] = [];
  const spy = () =>
    http.get('*/api/v1/serverless/:id', ({ params }) => {
      const c = sim.world.containers.findAnyProject(Number(params.id));
      if (c) {
        settle(c, sim.world.now());
        const s = sim.world.status(c);
        seen.push({ path: `/api/v1/serverless/${String(params.id)}`, terminal: s.details.operation.terminal, observed: s.observedGeneration, stale: s.details.stale });
      }
      return undefined; // fall through to the simulator's own handler
    });
  sim.use(spy());
  return {
    sim,
    env,
    seen,
    tick(everyMs = 5, simSeconds = 1) {
      const t = setInterval(() => sim.world.clock.advance(simSeconds), everyMs);
      timers.add(t);
      return () => {
        clearInterval(t);
        timers.delete(t);
      };
    },
    cli: (argv, opts = {}) => runCli(argv, { ...opts, env: { ...env, ...opts.env } }),
    stopAll() {
      for (const t of timers) clearInterval(t);
      timers.clear();
    },
  };
}

/** Waits (real time, bounded) until `cond` holds. */
export async function until(cond: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 2));
  }
}

export const REG = 'registry.sim.local/acme';
