// Shared set-up of the diagnostics e2e tests: a frozen simulator, the CLI's clock tied to it,
// and direct reads of the API to compare what the CLI printed with what the API holds.
import type { Simulator } from '../../src/sim/server.js';
import { runCli, type InProcessOptions } from '../helpers/cli.js';
import type { Clock } from '../../src/client/clock.js';

/** The CLI sees the simulator's time; sleeps (backoff, follow polls) return at once, optionally moving sim time. */
export function simClock(sim: Simulator, onSleep?: (ms: number) => void): Clock {
  return {
    now: () => sim.world.now(),
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      onSleep?.(ms);
      if (signal?.aborted) throw signal.reason;
    },
  };
}

export function cli(sim: Simulator, argv: string[], opts: InProcessOptions & { token?: string } = {}) {
  const { token, env, ...rest } = opts;
  return runCli(argv, { env: { INFRA_API_URL: sim.url, INFRA_TOKEN: token ?? sim.tokens.admin, ...env }, clock: simClock(sim), ...rest });
}

export async function control(sim: Simulator, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${sim.url}/_sim/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST /_sim/${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

export interface RawLogEntry {
  timestamp: string;
  message: string;
  level: string;
  pod: string | null;
  container: string | null;
  stream: string;
}

export interface RawLogsPage {
  data: { available: boolean; entries: RawLogEntry[] };
  meta: { next_cursor: string | null; truncated: boolean; retention_days?: number };
}

/** A direct GET of the API that leaves no trace in `sim.requests` (those are the CLI's). */
export async function rawGet<T = unknown>(sim: Simulator, path: string, token = sim.tokens.admin): Promise<T> {
  const before = sim.requests.length;
  const res = await fetch(`${sim.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  const body = (await res.json()) as T;
  sim.requests.splice(before);
  return body;
}

export function rawLogs(sim: Simulator, id: string, query: Record<string, string>): Promise<RawLogsPage> {
  return rawGet<RawLogsPage>(sim, `/serverless/${id}/logs?${new URLSearchParams(query)}`);
}

export function apiRequests(sim: Simulator, suffix: string) {
  return sim.requests.filter((r) => r.path.startsWith('/api/') && r.path.endsWith(suffix));
}

/** `METHOD path` of every API request the CLI sent, in order. */
export function requestLines(sim: Simulator): string[] {
  return sim.requests.filter((r) => r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`);
}
