// `infra sim`: serve the simulator until the signal aborts (docs/behaviour.md#simulator).
import { startSimulator } from './server.js';

export interface SimServeOptions {
  port: number;
  speed: number;
  json: boolean;
  /** false: the simulator answers as a server that predates generations (`--no-generations`). */
  generations?: boolean;
}

export interface SimIo {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
}

export async function serveSimulator(opts: SimServeOptions, io: SimIo, signal: AbortSignal): Promise<number> {
  const sim = await startSimulator({ port: opts.port, speed: opts.speed, generations: opts.generations ?? true });
  const { admin, default: def, no_diagnostics } = sim.tokens;
  if (opts.json) {
    io.stdout.write(`${JSON.stringify({ url: sim.url, tokens: { admin, default: def, no_diagnostics } })}\n`);
  } else {
    io.stdout.write(
      [
        `Infrastructure API simulator listening on ${sim.url} (clock speed ${opts.speed}x)`,
        '',
        'Tokens:',
        `  admin           ${admin}   (all permissions, all projects)`,
        `  default         ${def}   (default permissions, team 1 only)`,
        `  no_diagnostics  ${no_diagnostics}   (serverless:read+write, no serverless:diagnostics)`,
        `  other_project   ${sim.tokens.other_project ?? ''}   (all permissions, team 2 only)`,
        '',
        `Teams (X-Team-Id): 1 main (default), 2 staging. Generations: ${opts.generations === false ? 'off (an older server)' : 'on'}. Docs: ${sim.url}/docs/api`,
        'Control API: POST /_sim/faults, /_sim/clock, /_sim/reset, /_sim/logs, /_sim/gates; GET /_sim/requests',
        `Containers answer at ${sim.url}/containers/<slug>-<team> (their url; a cold start after 90 s idle when min_scale is 0)`,
        'Registry: registry.sim.local/acme holds the seeded tags and whatever is pushed or built; any other tag does not exist (:arm64, :private fail preflight); other registries cannot tell',
        '',
        `export INFRA_API_URL=${sim.url} INFRA_TOKEN=${admin}`,
        '',
      ].join('\n'),
    );
    io.stderr.write('Press Ctrl-C to stop.\n');
  }
  if (!signal.aborted) {
    await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
  }
  await sim.close();
  return 0;
}
