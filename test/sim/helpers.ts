// Shared helpers of the simulator tests: a started simulator, authenticated fetch, parsing.
import { expect } from 'vitest';
import type * as z from 'zod';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../src/sim/server.js';

export { SEED_IDS } from '../../src/sim/state/seed.js';

type Opts = { token?: string; team?: string | number; headers?: Record<string, string> };

export interface Api {
  sim: Simulator;
  get(path: string, opts?: Opts): Promise<Response>;
  send(method: string, path: string, body?: unknown, opts?: Opts): Promise<Response>;
  control(path: string, body?: unknown): Promise<Response>;
  advance(seconds: number): void;
}

export async function startApi(opts: SimulatorOptions = {}): Promise<Api> {
  // Frozen clock: only advance() moves time, so timings are exact.
  const sim = await startSimulator({ port: 0, speed: 0, ...opts });
  const headers = (o?: Opts) => {
    const h: Record<string, string> = { authorization: `Bearer ${o?.token ?? sim.tokens.admin}`, ...(o?.headers ?? {}) };
    if (o?.team !== undefined) h['x-team-id'] = String(o.team);
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

/** Parses a response with a strict schema; a failure names the fields. */
export async function parsed<T extends z.ZodType>(res: Response, schema: T, status = 200): Promise<z.infer<T>> {
  const text = await res.text();
  expect(res.status, `${res.url}: ${text.slice(0, 300)}`).toBe(status);
  const result = schema.safeParse(JSON.parse(text));
  expect(result.success, `${res.url}: ${JSON.stringify(result.error?.issues ?? []).slice(0, 1500)}`).toBe(true);
  return result.data as z.infer<T>;
}

export const IMG = 'registry.sim.local/acme/app';

/** A complete create body of the real dialect. */
export function createBody(name: string, tag: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name, slug: name, deployment_type: 'docker_image', image: IMG, image_tag: tag, port: 8080,
    resource_profile: 'small', min_scale: 0, max_scale: 3, environment_variables: {}, ...extra,
  };
}
