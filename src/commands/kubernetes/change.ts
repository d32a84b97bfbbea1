// The one change path of a cluster (scale, pools add, pools remove): resolve it, send the
// change, say what was accepted, and with --wait follow it on the one wait engine. The API
// refuses a change while the cluster is busy or failed (409 `{message}`); that refusal is
// explained from the cluster's state, read once after it (never from the message's words),
// with the command that gets out of it.
import type { App } from '../../cli/app.js';
import { CliError } from '../../cli/errors.js';
import type { Client } from '../../client/index.js';
import { ConflictError } from '../../client/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import type { WaitFlags } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';
import { withStatus } from '../resource/family.js';
import { resolveResource } from '../resource/resolve.js';
import { KUBERNETES, poolsOf } from './family.js';

export interface ClusterChange {
  /** The verb in the wait's words: `scale`, `pool add`. */
  verb: string;
  /** What was asked, for the messages: `scale of prod-k8s to 5 nodes`. */
  what(name: string): string;
  send(client: Client, id: string, signal: AbortSignal): Promise<Record<string, unknown>>;
}

/** Why a change was refused, and the way out, from the cluster's state now. */
async function refusal(client: Client, id: string, name: string, what: string, err: ConflictError, signal: AbortSignal): Promise<CliError> {
  const said = [`the API said: ${err.message}`];
  const refused = (state: string, hint: string) => new CliError(ExitCode.FAILED, `${what} refused (409 on ${err.endpoint}): the cluster is ${state}`, hint, said);
  const now = await client.resources.get(KUBERNETES.kind, id, { signal }).catch(() => undefined);
  if (!now) return new CliError(ExitCode.FAILED, `${what} refused (409 on ${err.endpoint})`, `'infra kubernetes get ${name}' shows the cluster's state`, said);
  const read = withStatus(KUBERNETES, now.value);
  const status = read.status ?? read.status_details?.summary ?? 'in an unknown state';
  if (read.status_details?.operation?.terminal === false) return refused(status, `wait until it settles with 'infra kubernetes wait ${name}', then run this again`);
  if (read.status_details?.summary === 'failed') {
    const failed = (poolsOf(now.raw) ?? []).find((p) => p.status === 'error' || p.status === 'failed');
    const pool = typeof failed?.name === 'string' ? failed.name : undefined;
    return refused(
      `in error${pool ? ` (pool ${pool} failed)` : ''}`,
      pool ? `remove the failed pool with 'infra kubernetes pools remove ${name} ${pool}', then run this again` : `'infra kubernetes get ${name}' shows what failed`,
    );
  }
  return refused(status, `'infra kubernetes get ${name}' shows the cluster and its pools`);
}

export async function changeCluster(app: App, ref: string, change: ClusterChange, flags: WaitFlags): Promise<number | void> {
  const { client, id, before, name } = await resolveResource(app, KUBERNETES, ref);
  const signal = app.ctx.signal;
  let answer: Record<string, unknown>;
  try {
    answer = await change.send(client, id, signal);
  } catch (err) {
    if (err instanceof ConflictError && err.status === 409) throw await refusal(client, id, name, change.what(name), err, signal);
    throw err;
  }
  app.info(`${change.what(name)} accepted${flags.wait ? '' : `; follow it with: infra kubernetes wait ${name}`}`);
  if (!flags.wait) {
    if (app.json) app.printJson(answer);
    return;
  }
  return waitForOperation(app, client, KUBERNETES, subjectOf(KUBERNETES, change.verb, id, name, before), flags);
}
