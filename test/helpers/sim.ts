// The one way tests start and talk to the simulator (src/sim). Every simulator of the suite
// starts here: on a free loopback port, frozen in time (speed 0: only the test moves the
// clock) unless a test needs real time, with or without generations.
//
//   useSimulator(bind, opts)   one simulator for the file or describe block it is called in,
//                              back to the seeded world before each test
//   startSim(opts)             a simulator of one's own (close it when done)
//   simEnv(sim)                the CLI's environment for it (URL and admin token)
//   simApi(sim)                requests as a script sends them: the API with a token, the
//                              control routes (/_sim/...) without; body(), parsed(), peek()
//   requestLines(sim)          what the server received, as `METHOD /path` lines
//   cli(sim, argv)             the CLI in-process on the simulator's frozen time
//   useHarness / harness       the CLI in-process in virtual time: the simulator's clock moves
//                              to the CLI's next timer whenever the CLI is idle
import { http, HttpResponse } from 'msw';
import { Agent, type Dispatcher } from 'undici';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type * as z from 'zod';
import { startSimulator, type RecordedRequest, type Simulator, type SimulatorOptions } from '../../src/sim/server.js';
import { settle } from '../../src/sim/state/containers.js';
import { containerJson, containerUrl, monthlyCostCents } from '../../src/sim/state/container-views.js';
import type { StatusAt } from '../../src/sim/state/status.js';
import { runCli, type CliResult, type InProcessOptions } from './cli.js';
import { instantClock, simTimeClock, type FakeClock } from './clock.js';

export { SEED_IDS } from '../../src/sim/state/seed.js';
export type { RecordedRequest, Simulator } from '../../src/sim/server.js';

/** The seed's image registry. */
export const REG = 'registry.sim.local/acme';
export const IMG = `${REG}/app`;

/** The two kinds of server every wait is proven against (contract 6, rule 8). */
export const SERVER_KINDS = [
  { kind: 'with generations', generations: true, operations: true },
  // A server that predates both generations and GET /operations/{id} (contract 6.8a-b alone).
  { kind: 'without generations', generations: false, operations: false },
] as const;
/** A kind of server: with or without generations, with or without GET /operations/{id}. */
export interface ServerKind {
  kind?: string;
  generations: boolean;
  operations?: boolean;
}

// --- starting, resetting ------------------------------------------------------------------

/** A simulator on a free loopback port, frozen in time unless `speed` says otherwise. */
export function startSim(opts: SimulatorOptions = {}): Promise<Simulator> {
  return startSimulator({ port: 0, speed: 0, ...opts });
}

/** Back to the seeded world: state, faults (to the start-up baseline), per-test handlers and recorded requests. */
export function resetSim(sim: Simulator): void {
  sim.resetHandlers();
  sim.world.reset();
  sim.requests.length = 0;
}

export interface UseOptions {
  /** false: a server that predates spec_generation / observed_generation (default true). */
  generations?: boolean;
  /** Sim seconds per real second (default 0: frozen). Real time only for real processes. */
  speed?: number;
  /** false: keep the world between tests (default: reset before each). */
  reset?: boolean;
}

/**
 * One simulator for the enclosing file or describe block. `bind` hands it and the CLI's
 * environment to the file's own variables, so tests keep using plain `sim` and `env`.
 */
export function useSimulator(bind: (sim: Simulator, env: Record<string, string>) => void, opts: UseOptions = {}): void {
  let sim: Simulator | undefined;
  beforeAll(async () => {
    sim = await startSim({ generations: opts.generations ?? true, ...(opts.speed === undefined ? {} : { speed: opts.speed }) });
    bind(sim, simEnv(sim));
  });
  afterAll(() => sim?.close());
  if (opts.reset !== false) beforeEach(() => resetSim(sim!));
}

/** The CLI's environment for this simulator: its URL and a token (the admin's by default). */
export function simEnv(sim: Simulator, token = sim.tokens.admin): Record<string, string> {
  return { INFRA_API_URL: sim.url, INFRA_TOKEN: token };
}

// --- requests -------------------------------------------------------------------------------

export interface RequestOptions {
  /** The bearer token (default: the admin's); null sends none. */
  token?: string | null;
  /** Sent as X-Team-Id. */
  team?: string | number;
  headers?: Record<string, string>;
  /** false: leave no trace in `sim.requests` (those are then only the CLI's). */
  record?: boolean;
}

/** Requests to one simulator; paths are from the server's root (`/api/v1/...`, `/_sim/...`). */
export interface SimApi {
  sim: Simulator;
  get(path: string, opts?: RequestOptions): Promise<Response>;
  send(method: string, path: string, body?: unknown, opts?: RequestOptions): Promise<Response>;
  /** POST to a control route (no token). */
  control(path: string, body?: unknown): Promise<Response>;
  /** Moves the simulator's clock forward. */
  advance(seconds: number): void;
}

export function simApi(sim: Simulator): SimApi {
  const request = async (method: string, path: string, body: unknown, o: RequestOptions = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...(o.headers ?? {}) };
    const token = o.token === undefined ? sim.tokens.admin : o.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (o.team !== undefined) headers['x-team-id'] = String(o.team);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const before = sim.requests.length;
    const res = await fetch(`${sim.url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (o.record === false) sim.requests.splice(before);
    return res;
  };
  return {
    sim,
    get: (path, o) => request('GET', path, undefined, o),
    send: (method, path, body, o) => request(method, path, body, o),
    control: (path, body) => fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) }),
    advance: (s) => sim.world.clock.advance(s),
  };
}

/** The JSON body of an answer. */
export async function body<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** The JSON body of a 2xx answer; fails naming the status and the body otherwise. */
export async function ok<T = Record<string, unknown>>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Parses an answer with a strict schema; a failure names the fields. */
export async function parsed<T extends z.ZodType>(res: Response, schema: T, status = 200): Promise<z.infer<T>> {
  const text = await res.text();
  expect(res.status, `${res.url}: ${text.slice(0, 300)}`).toBe(status);
  const result = schema.safeParse(JSON.parse(text));
  expect(result.success, `${res.url}: ${JSON.stringify(result.error?.issues ?? []).slice(0, 1500)}`).toBe(true);
  return result.data as z.infer<T>;
}

/** What the API holds: a GET's JSON body, leaving no trace in `sim.requests`. */
export async function peek<T = Record<string, unknown>>(sim: Simulator, path: string, token = sim.tokens.admin): Promise<T> {
  return body<T>(await simApi(sim).get(path, { token, record: false }));
}

/** Every request the server received, in order, as `METHOD /path`. */
export function requestLines(sim: Simulator): string[] {
  return sim.requests.map((r) => `${r.method} ${r.path}`);
}

/** The recorded requests whose path ends with `suffix`. */
export function apiRequests(sim: Simulator, suffix: string): RecordedRequest[] {
  return sim.requests.filter((r) => r.path.endsWith(suffix));
}

/** A complete create body of the real dialect. */
export function createBody(name: string, tag: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    slug: name,
    deployment_type: 'docker_image',
    image: IMG,
    image_tag: tag,
    port: 8080,
    resource_profile: 'small',
    min_scale: 0,
    max_scale: 3,
    environment_variables: {},
    ...extra,
  };
}

// --- the CLI on the simulator's time ----------------------------------------------------------

/**
 * Runs the CLI in-process against the simulator. Its clock is the simulator's, frozen: ages
 * do not drift with real time, and sleeps (backoff, follow polls) return at once.
 */
export function cli(sim: Simulator, argv: string[], opts: InProcessOptions & { token?: string } = {}): Promise<CliResult> {
  const { token, env, ...rest } = opts;
  return runCli(argv, { env: { ...simEnv(sim, token), ...env }, clock: instantClock({ sim, frozen: true }), ...rest });
}

// --- the CLI in virtual time ----------------------------------------------------------------
// The CLI's clock IS the simulator's clock (simTimeClock): a sleep of the CLI is a timer on
// it, and the driver moves the clock to the next timer only when the CLI is idle (no HTTP
// request in flight, nothing left to run). So a 15-minute wait takes a few milliseconds,
// every run is the same, and a test can act (send a change, delete the container, press
// Ctrl-C) at an exact point between two reads.

/** An undici agent that counts requests from dispatch until their response has been read. */
class CountingDispatcher {
  inFlight = 0;
  private readonly agent = new Agent({ keepAliveTimeout: 1_000 });

  dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    this.inFlight++;
    let open = true;
    const end = () => {
      if (open) {
        open = false;
        this.inFlight--;
      }
    };
    const ends = new Set<PropertyKey>(['onComplete', 'onError', 'onResponseEnd', 'onResponseError']);
    const wrapped = new Proxy(handler, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        const fn = value as (...a: unknown[]) => unknown;
        if (!ends.has(key)) return fn.bind(target);
        return (...args: unknown[]) => {
          try {
            return fn.apply(target, args);
          } finally {
            end();
          }
        };
      },
    });
    return this.agent.dispatch(opts, wrapped);
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** One GET of a container as the simulator held it when the request arrived. */
export interface Seen {
  id: string;
  /** Sim time of the read. */
  at: number;
  /** The sim's own generation bookkeeping (kept whether or not the server sends it). */
  specGeneration: number;
  observedGeneration: number;
  terminal: boolean;
  state: string;
  summary: string;
  stale: boolean;
  /** Answered with an earlier answer (the lagging server of `lag`). */
  lagged: boolean;
}

export interface DriveOptions {
  /** Called whenever the CLI is idle, before the clock moves; may act on the world. */
  onIdle?: () => void | Promise<void>;
}

export interface Harness {
  sim: Simulator;
  kind: ServerKind;
  env: Record<string, string>;
  /** The CLI's clock: timers on the simulator's time. */
  clock: FakeClock;
  /** Requests as a script would send them (recorded like any other). */
  api: SimApi;
  /** Every GET of one container, in order, with the state the sim held. */
  seen: Seen[];
  /** Runs the CLI in-process on virtual time until it exits. */
  cli(argv: string[], opts?: InProcessOptions & DriveOptions): Promise<CliResult>;
  /** Starts the CLI without moving time (pair with `drive` to run several at once). */
  start(argv: string[], opts?: InProcessOptions): Promise<CliResult>;
  /** Moves virtual time until `p` settles. */
  drive<T>(p: Promise<T>, opts?: DriveOptions): Promise<T>;
  /** Waits (real time) until the CLI has nothing to do but wait for the clock. */
  idle(): Promise<void>;
  /**
   * A server whose status lags behind a write: the next `reads` GETs of container `id` carry
   * the spec as written but the status (status_details, observed_generation, observed_at,
   * current_revision, deployment_count) as it is now, before the change (real-api: "right
   * after a write, the status still describes the previous operation").
   */
  lag(id: string, reads: number): void;
  /** Back to the seeded world, with no timer, read or lag left from before. */
  reset(): void;
  close(): Promise<void>;
}

/** A virtual-time driver on a simulator of its own (close it when done). */
export async function harness(kind: ServerKind = SERVER_KINDS[0]): Promise<Harness> {
  const sim = await startSim({ generations: kind.generations });
  const env = simEnv(sim);
  const clock = simTimeClock(sim);
  const dispatcher = new CountingDispatcher();
  const seen: Seen[] = [];
  const lagging = new Map<string, { status: StatusAt; at: number; left: number }>();

  const watch = () =>
    sim.use(
      // A server without the operations route answers 404 there (contract 6.8d: fall back).
      ...(kind.operations === false ? [http.get('*/api/v1/operations/:id', () => HttpResponse.json({ message: 'Not Found' }, { status: 404 }))] : []),
      http.get('*/api/v1/serverless/:id', ({ params }) => {
        const id = String(params.id);
        const c = sim.world.containers.findAnyTeam(id);
        const lag = lagging.get(id);
        const lagged = lag !== undefined && lag.left > 0;
        if (c) {
          settle(c, sim.world.now());
          const s = sim.world.status(c);
          seen.push({
            id,
            at: sim.world.now(),
            specGeneration: c.specGeneration,
            observedGeneration: s.observedGeneration,
            terminal: s.details.operation.terminal,
            state: s.details.operation.state,
            summary: s.details.summary,
            stale: s.details.stale,
            lagged,
          });
        }
        if (c && lag && lagged) {
          lag.left--;
          // The spec (and spec_generation) as written, the status as the platform last observed it.
          const team = sim.world.auth.teams.find((t) => t.id === c.teamId)!;
          const container = containerJson(c, lag.status, { team, now: lag.at, generations: sim.world.faults.generations });
          return HttpResponse.json({ container, metrics: [], url: containerUrl(c, team), monthly_cost: monthlyCostCents(c) / 100 });
        }
        return undefined; // the simulator's own handler answers
      }),
    );
  watch();

  const flush = async () => {
    for (let i = 0; i < 4; i++) {
      await new Promise<void>((r) => setImmediate(r));
      await new Promise<void>((r) => setTimeout(r, 0));
    }
  };
  /** Idle: no request in flight, and nothing changed over a whole flush. */
  const idle = async () => {
    for (let spins = 0; spins < 20_000; spins++) {
      const before = `${dispatcher.inFlight}/${sim.requests.length}/${clock.pending}`;
      await flush();
      if (dispatcher.inFlight === 0 && before === `${dispatcher.inFlight}/${sim.requests.length}/${clock.pending}`) return;
    }
    throw new Error('the CLI never became idle');
  };

  async function drive<T>(p: Promise<T>, opts: DriveOptions = {}): Promise<T> {
    let done = false;
    p.then(
      () => (done = true),
      () => (done = true),
    );
    for (let steps = 0; steps < 10_000; steps++) {
      await idle();
      if (done) return p;
      await opts.onIdle?.();
      await idle();
      if (done) return p;
      if (!clock.fireNext()) {
        // Nothing scheduled and nothing in flight: the CLI is loading code or finishing up.
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    throw new Error('the CLI did not finish in 10000 steps of virtual time');
  }

  const start = (argv: string[], opts: InProcessOptions = {}) => runCli(argv, { clock, random: () => 0.5, dispatcher: dispatcher as unknown as Dispatcher, ...opts, env: { ...env, ...opts.env } });

  return {
    sim,
    kind,
    env,
    clock,
    api: simApi(sim),
    seen,
    start,
    drive,
    idle,
    cli: (argv, opts = {}) => {
      const { onIdle, ...rest } = opts;
      return drive(start(argv, rest), onIdle ? { onIdle } : {});
    },
    lag(id, reads) {
      const c = sim.world.containers.findAnyTeam(id);
      if (!c) throw new Error(`no container ${id}`);
      const at = sim.world.now();
      lagging.set(id, { status: sim.world.status(settle(c, at)), at, left: reads });
    },
    reset() {
      resetSim(sim);
      clock.clear();
      seen.length = 0;
      lagging.clear();
      watch();
    },
    async close() {
      await dispatcher.close();
      await sim.close();
    },
  };
}

/** A virtual-time driver for the enclosing file or describe block, reset before each test. */
export function useHarness(bind: (h: Harness) => void, kind: ServerKind = SERVER_KINDS[0]): void {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await harness(kind);
    bind(h);
  });
  afterAll(() => h?.close());
  beforeEach(() => h!.reset());
}

/** Waits (real time, bounded) until `cond` holds. */
export async function until(cond: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 2));
  }
}
