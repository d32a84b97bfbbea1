// `infra serverless diagnose <id> [--local] [--exit-status]` (docs/behaviour.md#diagnose): the API's
// ranked findings, or a local correlation when that endpoint is unavailable or --local is
// given. The output has the API's envelope whichever path produced it; findings are data, so
// diagnose exits 0, unless --exit-status asks for 1 on a fatal finding (as `gh` does for checks).
import type { App } from '../../cli/app.js';
import { CliError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { containerPath } from '../../client/diagnostics.js';
import { ApiError, NotFoundError, ResponseShapeError, UnavailableError } from '../../client/errors.js';
import type { Client } from '../../client/index.js';
import { diagnoseLocally } from '../../diagnose/local.js';
import { renderFindings, type FindingLike } from '../../output/findings.js';
import { verdictOf } from '../../diagnose/rules.js';
import { resourceArg, defineCommand, flag } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';

interface Outcome {
  data: { verdict?: string | null; findings: FindingLike[] } & Record<string, unknown>;
  meta: Record<string, unknown> & { source: 'api' | 'local' };
  /** Human line naming the path (and why the fallback was taken). */
  sourceLine: string;
}

export default defineCommand({
  path: ['serverless', 'diagnose'],
  description: 'ranked findings about what is wrong with a container, from the API or correlated locally',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: {
    local: flag('--local', "correlate status, latest revision, route and recent logs here instead of asking the API's diagnose endpoint"),
    exitStatus: flag('--exit-status', 'exit 1 when a finding is fatal (findings are data: exit 0 otherwise)'),
  },
  examples: [
    'infra serverless diagnose worker',
    'infra serverless diagnose worker --local',
    'infra serverless diagnose api --json | jq ".data.findings[0].code"',
    'infra serverless diagnose web --exit-status || echo "web is down"',
  ],
  run: async (app, { args, opts }) => {
    const ref = args[0];
    const client = await app.client();
    const id = await client.serverless.resolveId(ref, { signal: app.ctx.signal });
    let outcome: Outcome;
    if (opts.local) {
      outcome = await local(app, client, id, '--local was given');
    } else {
      const api = await fromApi(app, client, id);
      outcome = 'fallback' in api ? await local(app, client, id, api.fallback) : api;
    }
    if (app.json) {
      app.printJson({ success: true, data: outcome.data, error: null, meta: outcome.meta });
    } else {
      const verdict = outcome.data.verdict ? `  verdict: ${outcome.data.verdict}` : '';
      app.print(`${app.style.bold(`Diagnosis of ${ref === id ? `container ${id}` : `${ref} (${id})`}`)}${verdict}  ${app.style.dim(outcome.sourceLine)}`);
      app.ctx.stdout.write(renderFindings(outcome.data.findings, app.style, ref));
    }
    const fatal = outcome.data.findings.filter((f) => f.severity === 'fatal');
    if (opts.exitStatus && fatal.length > 0) throw new CliError(ExitCode.FAILED, `${fatal.length} fatal finding${fatal.length > 1 ? 's' : ''}: ${fatal.map((f) => f.code).join(', ')}`);
  },
});

/** The API's answer, or why to fall back: 404/405/501 on the route, 5xx or network failure after retries. */
async function fromApi(app: App, client: Client, id: string): Promise<Outcome | { fallback: string }> {
  try {
    const env = await client.diagnostics.diagnose(containerPath(id), { signal: app.ctx.signal, permission: 'serverless:read' });
    // The data as the API sent it (additive fields kept), with the findings it ranked.
    const data = { ...((env.raw as { data?: Record<string, unknown> })?.data ?? {}), findings: env.data.findings } as Outcome['data'];
    return { data, meta: { ...env.meta, source: 'api' }, sourceLine: "source: the API's diagnose endpoint" };
  } catch (err) {
    if (app.ctx.signal.aborted) throw err;
    // A 404 here may mean "no such container": the local path reads the container first and reports that (exit 5).
    if (err instanceof NotFoundError) return { fallback: 'the diagnose endpoint answered 404' };
    if (err instanceof ApiError && (err.status === 405 || err.status === 501)) return { fallback: `the diagnose endpoint answered ${err.status}` };
    if (err instanceof UnavailableError) return { fallback: `the diagnose endpoint did not answer (${err.message})` };
    if (err instanceof ResponseShapeError) return { fallback: `the diagnose endpoint answered something this client cannot read (${err.message})` };
    throw err;
  }
}

async function local(app: App, client: Client, id: string, reason: string): Promise<Outcome> {
  if (!app.json && reason !== '--local was given') app.info(`correlating locally: ${reason}`);
  const result = await diagnoseLocally(client, id, app.ctx.clock.now(), app.ctx.signal);
  const status = result.container.status_details ?? undefined;
  return {
    data: { verdict: verdictOf(result.findings, status), status: status ?? null, findings: result.findings },
    meta: { source: 'local', reason, container: { id: result.container.id, name: result.container.name ?? null } },
    sourceLine: `source: local correlation (${reason})`,
  };
}
