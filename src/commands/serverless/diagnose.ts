// `infra serverless diagnose <id> [--local]` (contract section 8): the API's ranked findings,
// or a local correlation when that endpoint is unavailable or --local is given. The output
// has one shape whichever path produced it; findings are data, so diagnose exits 0.
import type { App, CommandRun } from '../../cli/app.js';
import { ApiError, NotFoundError, ResponseShapeError, UnavailableError } from '../../client/errors.js';
import type { Client } from '../../client/index.js';
import { diagnoseLocally } from '../../diagnose/local.js';
import { renderFindings, type FindingLike } from '../../diagnose/render.js';

interface Outcome {
  data: { findings: FindingLike[] } & Record<string, unknown>;
  meta: Record<string, unknown> & { source: 'api' | 'local' };
  /** Human line naming the path (and why the fallback was taken). */
  sourceLine: string;
}

export const run: CommandRun = async (app, { args, opts }) => {
  const ref = String(args[0]);
  const client = await app.client();
  const id = await client.serverless.resolveId(ref);
  let outcome: Outcome;
  if (opts.local === true) {
    outcome = await local(app, client, id, '--local was given');
  } else {
    const api = await fromApi(app, client, id);
    outcome = 'fallback' in api ? await local(app, client, id, api.fallback) : api;
  }
  if (app.json) {
    app.printJson({ success: true, data: outcome.data, error: null, meta: outcome.meta });
    return;
  }
  app.print(`${app.style.bold(`Diagnosis of ${ref === id ? `container ${id}` : `${ref} (${id})`}`)}  ${app.style.dim(outcome.sourceLine)}`);
  app.ctx.stdout.write(renderFindings(outcome.data.findings, app.style, ref));
};

/** The API's answer, or why to fall back: 404/405/501 on the route, 5xx or network failure after retries. */
async function fromApi(app: App, client: Client, id: string): Promise<Outcome | { fallback: string }> {
  try {
    const env = await client.diagnostics.diagnose(id, { signal: app.ctx.signal });
    return { data: env.data, meta: { ...(env.meta ?? {}), source: 'api' }, sourceLine: "source: the API's diagnose endpoint" };
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
  return {
    data: { findings: result.findings },
    meta: { source: 'local', reason, container: { id: result.container.id, name: result.container.name }, summary: result.container.status_details.summary },
    sourceLine: `source: local correlation (${reason})`,
  };
}
