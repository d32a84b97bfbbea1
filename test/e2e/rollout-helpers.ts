// Rollouts end to end, in virtual time: the CLI runs in-process against a simulator whose
// clock is frozen, and the CLI's own clock IS the simulator's clock. A sleep of the CLI is a
// timer on that clock; the harness moves the clock to the next timer only when the CLI is
// idle (no HTTP request in flight, nothing left to run). So a 15-minute wait takes a few
// milliseconds, every run is the same, and a test can act (send a change, delete the
// container, press Ctrl-C) at an exact point between two reads.
import { http, HttpResponse } from 'msw';
import { Agent, type Dispatcher } from 'undici';
import type { Clock } from '../../src/client/clock.js';
import { startSimulator, type RecordedRequest, type Simulator } from '../../src/sim/server.js';
import { settle } from '../../src/sim/state/containers.js';
import { containerJson, containerUrl, monthlyCostCents } from '../../src/sim/state/container-views.js';
import type { StatusAt } from '../../src/sim/state/status.js';
import { runCli, type CliResult, type InProcessOptions } from '../helpers/cli.js';

export const REG = 'registry.sim.local/acme';

/** The two kinds of server every wait is proven against (contract 6, rule 8). */
export const SERVER_KINDS = [
  { kind: 'with generations', generations: true },
  { kind: 'without generations', generations: false },
] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

interface Timer {
  at: number;
  seq: number;
  fire: () => void;
}

/** The CLI's clock on the simulator's time: `sleep` queues a timer that only the harness fires. */
class SimTime implements Clock {
  private timers: Timer[] = [];
  private seq = 0;
  constructor(private readonly sim: Simulator) {}

  now(): number {
    return this.sim.world.now();
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const timer: Timer = {
        at: this.now() + Math.max(0, ms),
        seq: this.seq++,
        fire: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.timers = this.timers.filter((t) => t !== timer);
        reject(signal?.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.timers.push(timer);
    });
  }

  get pending(): number {
    return this.timers.length;
  }

  /** Moves the simulator's clock to the earliest timer and fires it; false when none is left. */
  fireNext(): boolean {
    this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
    const next = this.timers.shift();
    if (!next) return false;
    const now = this.now();
    if (next.at > now) this.sim.world.clock.advance((next.at - now) / 1000);
    next.fire();
    return true;
  }
}

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

  destroy(): Promise<void> {
    return this.agent.destroy();
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
  clock: SimTime;
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
  /** A request to the API as a script would send it (recorded like any other). */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Recorded requests as `METHOD /path`. */
  lines(): string[];
  close(): Promise<void>;
}

export async function harness(kind: ServerKind = SERVER_KINDS[0]): Promise<Harness> {
  const sim = await startSimulator({ speed: 0, generations: kind.generations });
  const env = { INFRA_API_URL: sim.url, INFRA_TOKEN: sim.tokens.admin };
  const clock = new SimTime(sim);
  const dispatcher = new CountingDispatcher();
  const seen: Seen[] = [];
  const lagging = new Map<string, { status: StatusAt; at: number; left: number }>();

  sim.use(
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
        return HttpResponse.json({ container, metrics: [], url: containerUrl(c, team), monthly_cost: (monthlyCostCents(c) / 100).toFixed(2) });
      }
      return undefined; // the simulator's own handler answers
    }),
  );

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

  const start = (argv: string[], opts: InProcessOptions = {}) =>
    runCli(argv, { clock, random: () => 0.5, dispatcher: dispatcher as unknown as Dispatcher, ...opts, env: { ...env, ...opts.env } });

  return {
    sim,
    kind,
    env,
    clock,
    seen,
    start,
    drive,
    idle,
    cli: (argv, opts = {}) => {
      const { onIdle, ...rest } = opts;
      return drive(start(argv, rest), { onIdle });
    },
    lag(id, reads) {
      const c = sim.world.containers.findAnyTeam(id);
      if (!c) throw new Error(`no container ${id}`);
      const at = sim.world.now();
      lagging.set(id, { status: sim.world.status(settle(c, at)), at, left: reads });
    },
    async api(method, path, body) {
      const res = await fetch(`${sim.url}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${sim.tokens.admin}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
    lines: () => sim.requests.map((q: RecordedRequest) => `${q.method} ${q.path}`),
    async close() {
      await dispatcher.close();
      await sim.close();
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

/** The one JSON object a command printed; fails when stdout holds anything else. */
export function onlyJson(stdout: string): Record<string, unknown> {
  const text = stdout.trim();
  if (!text.startsWith('{') || !text.endsWith('}')) throw new Error(`stdout is not one JSON object: ${stdout}`);
  return JSON.parse(text) as Record<string, unknown>;
}
