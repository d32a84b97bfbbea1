// A few checks that only a real process shows: exit codes through bin/infra, NDJSON on a
// real pipe, and Ctrl-C (SIGINT) ending `logs --follow` with 130. Needs `npm run build`.
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import { spawnCli, errorText } from '../helpers/cli.js';
import { SEED_IDS } from '../../src/sim/state/seed.js';
import { apiRequests, ok, peek, simApi, simEnv, useSimulator } from '../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

const env = () => simEnv(sim);
const WEB = SEED_IDS.web;
/** The entries the API holds for a window (no trace in sim.requests). */
const rawLogs = (query: Record<string, string>) => peek<{ data: { entries: unknown[] } }>(sim, `/api/v1/serverless/${WEB}/logs?${new URLSearchParams(query)}`);

describe('serverless logs as a process', () => {
  it('NDJSON on a pipe; an empty window says so on stderr with exit 0', async () => {
    const full = await spawnCli(['serverless', 'logs', WEB, '--since', '10m', '--limit', '7', '--json'], { env: env() });
    expect(full.code, full.stderr).toBe(0);
    const lines = full.stdout.trimEnd().split('\n');
    // The process's clock is the real one, the simulator's is frozen: compare with the window it sent.
    const reqs = apiRequests(sim, '/logs');
    const direct = await rawLogs({ since: reqs[0]!.query.since!, limit: '1000' });
    expect(lines.length).toBe(direct.data.entries.length);
    expect(lines.length).toBeGreaterThanOrEqual(39);
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual(direct.data.entries);
    expect(reqs.length).toBe(Math.ceil(lines.length / 7));

    const empty = await spawnCli(['serverless', 'logs', 'worker'], { env: env() });
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe('');
    expect(errorText(empty.stderr)).toMatch(/^the container printed nothing between \S+Z and \S+Z\n$/);
  });

  it('log store down: exit 7 with the message, after retrying', async () => {
    await ok(await simApi(sim).control('/_sim/faults', { logs_unavailable: true }));
    const r = await spawnCli(['serverless', 'logs', WEB], { env: { ...env(), INFRA_MAX_RETRIES: '1' } });
    expect(r.code).toBe(7);
    expect(errorText(r.stderr)).toMatch(/^error: the log store did not answer; this says nothing about the container$/m);
    expect(apiRequests(sim, '/logs').length).toBe(2);
  });

  it('--follow stops on SIGINT with exit 130', async () => {
    const r = await spawnCli(['serverless', 'logs', WEB, '--since', '2m', '--follow', '--json'], {
      env: env(),
      onSpawn: (child) => {
        // Interrupt once the backlog was written and the first poll is waiting.
        child.stdout?.once('data', () => setTimeout(() => child.kill('SIGINT'), 100));
      },
    });
    expect(r.code).toBe(130);
    const direct = await rawLogs({ since: apiRequests(sim, '/logs')[0]!.query.since!, limit: '1000' });
    expect(r.stdout.trimEnd().split('\n').length).toBe(direct.data.entries.length);
    expect(errorText(r.stderr)).toMatch(/error: interrupted/);
  });
});
