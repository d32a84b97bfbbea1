// Fault injection, table-driven: every fault of matrix.ts against every command, in-process
// through a raw node:http fault proxy in front of the simulator. Each run must end with the
// documented exit code, one `error:` line and no stack trace, within a bounded time, without
// repeating a write that may have been applied, and without printing the token.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { instantClock } from '../helpers/clock.js';
import { useSimulator, type Simulator } from '../helpers/sim.js';
import { closedPortUrl, startFaultProxy, type FaultProxy, type Seen } from './fault-proxy.js';
import { COMMANDS, FAULTS, type CommandCase, type FaultCase } from './matrix.js';
import { assertClean } from './support.js';

let sim: Simulator;
let proxy: FaultProxy;
let refusedUrl: string;
const tried = { runs: 0, outcomes: 0 };

useSimulator((s) => (sim = s));
beforeAll(async () => {
  proxy = await startFaultProxy(sim.url);
  refusedUrl = await closedPortUrl();
});
afterAll(async () => {
  await proxy.close();
  console.info(`fault matrix: ${tried.runs} fault x command runs, ${tried.outcomes} outcomes verified`);
});
beforeEach(() => {
  proxy.clear();
});

interface Run {
  r: CliResult;
  elapsed: number;
  hits: Seen[];
  sleeps: number[];
}

async function attack(fault: FaultCase, command: CommandCase, via: FaultProxy, extra: string[] = []): Promise<Run> {
  via.set(command.target, fault.plan);
  const clock = instantClock({ sim });
  const started = Date.now();
  const r = await runCli(['--no-color', ...extra, ...command.argv], {
    env: { INFRA_API_URL: fault.refused ? refusedUrl : via.url, INFRA_TOKEN: sim.tokens.admin, ...fault.env },
    clock,
  });
  return { r, elapsed: Date.now() - started, hits: [...via.hits], sleeps: clock.sleeps };
}

function verify(fault: FaultCase, command: CommandCase, run: Run, maxMs: number): void {
  const { r, elapsed, hits } = run;
  tried.runs++;
  const want = fault.expect(command);
  const context = `${command.name} under "${fault.name}"\nstdout: ${r.stdout}\nstderr: ${r.stderr}`;
  expect(r.code, context).toBe(want.code);
  expect(elapsed, context).toBeLessThan(maxMs);
  assertClean(r, sim.tokens.admin, context);
  if (want.code !== 0) {
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('error:'));
    expect(errors, context).toHaveLength(1);
    if (want.message) expect(errors[0], context).toMatch(want.message);
  } else {
    expect(r.stderr, context).not.toMatch(/^error:/m);
  }
  // How often the most repeated target request (same method, path and query) reached the server.
  const perRequest = new Map<string, number>();
  for (const h of hits) perRequest.set(`${h.method} ${h.path}`, (perRequest.get(`${h.method} ${h.path}`) ?? 0) + 1);
  expect(Math.max(0, ...perRequest.values()), context).toBe(want.hits);
  // A write that may have been applied is never sent twice (only 429 and refused are repeated).
  if (command.replay === 'write') expect(hits.length, context).toBe(want.hits);
  if (command.replay === 'keyed-write') {
    // A repeated restore carries the same Idempotency-Key, so the API returns the same operation.
    const keys = new Set(hits.map((h) => h.headers['idempotency-key']));
    expect(keys.size, context).toBeLessThanOrEqual(1);
    if (hits.length) expect([...keys][0], context).toBeTruthy();
  }
  if (fault.sleeps) expect(fault.sleeps(run.sleeps), context).toBe(true);
  tried.outcomes += 5;
}

const applies = (f: FaultCase) => COMMANDS.filter((c) => !f.only || f.only.includes(c.name));
const fast: [string, string, FaultCase, CommandCase][] = [];
for (const f of FAULTS.filter((x) => !x.slow)) for (const c of applies(f)) fast.push([f.name, c.name, f, c]);

describe('fault x command matrix', () => {
  it.each(fast)('%s / %s', async (_f, _c, fault, command) => {
    verify(fault, command, await attack(fault, command, proxy), 2_000);
  });

  // The same runs traced with --debug: every request line is printed, the token never is
  // (a stack trace is allowed there, by contract).
  it.each(FAULTS.filter((x) => !x.slow).map((f) => [f.name, f] as const))('%s / every command with --debug: same exit code, token never printed', async (_f, fault) => {
    for (const command of applies(fault)) {
      proxy.clear();
      sim.world.reset();
      const { r } = await attack(fault, command, proxy, ['--debug']);
      tried.runs++;
      const context = `${command.name} --debug under "${fault.name}"\nstderr: ${r.stderr}`;
      expect(r.code, context).toBe(fault.expect(command).code);
      expect(r.stdout + r.stderr, context).not.toContain(sim.tokens.admin);
      if (!fault.refused) expect(r.stderr, context).toContain('authorization: Bearer ***');
      tried.outcomes += 2;
    }
  });

  // Timeouts cost wall-clock time (undici's timers have about 1 s resolution): every command
  // gets its own proxy and they run at once. Nothing they do changes the simulator's state.
  it.each(FAULTS.filter((x) => x.slow).map((f) => [f.name, f] as const))('%s / every command, concurrently', async (_f, fault) => {
    const commands = applies(fault);
    const proxies = await Promise.all(commands.map(() => startFaultProxy(sim.url)));
    try {
      const runs = await Promise.all(commands.map((c, i) => attack(fault, c, proxies[i]!)));
      // Per attempt: up to 10 idle timeouts of undici's ~1 s timer ticks, times two reads for diagnose.
      commands.forEach((c, i) => verify(fault, c, runs[i]!, 8_000));
    } finally {
      await Promise.all(proxies.map((p) => p.close()));
    }
  });
});
