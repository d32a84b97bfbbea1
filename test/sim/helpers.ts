// Shared helpers of the simulator tests: a started simulator and authenticated fetch.
import { startSimulator, type Simulator, type SimulatorOptions } from '../../src/sim/server.js';

export interface Api {
  sim: Simulator;
  get(path: string, opts?: { token?: string; team?: string; headers?: Record<string, string> }): Promise<Response>;
  send(method: string, path: string, body?: unknown, opts?: { token?: string; team?: string; headers?: Record<string, string> }): Promise<Response>;
  control(path: string, body?: unknown): Promise<Response>;
  advance(seconds: number): void;
}

export async function startApi(opts: SimulatorOptions = {}): Promise<Api> {
  // Frozen clock: only advance() moves time, so timings are exact.
  const sim = await startSimulator({ port: 0, speed: 0, ...opts });
  const headers = (o?: { token?: string; team?: string; headers?: Record<string, string> }) => {
    const h: Record<string, string> = { authorization: `Bearer ${o?.token ?? sim.tokens.admin}`, ...(o?.headers ?? {}) };
    if (o?.team) h['x-team-id'] = o.team;
    return h;
  };
  return {
    sim,
    get: (path, o) => fetch(`${sim.url}${path}`, { headers: headers(o) }),
    send: (method, path, body, o) =>
      fetch(`${sim.url}${path}`, {
        method,
        headers: { ...headers(o), 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    control: (path, body) =>
      fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) }),
    advance: (s) => sim.world.clock.advance(s),
  };
}

export async function body<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
