// The guard of `serverless apply` (docs/behaviour.md#guarded-deploys): after the waits of every
// changed container, each updated one that ended degraded or failed, or failed --verify, is
// rolled back on its own (a created one has no good deployment to go back to). The exit code:
// 1 when a rollback failed or a check failed without --rollback-on-failure, else 8 when one
// was rolled back.
import type { App } from '../../cli/app.js';
import { CliError } from '../../cli/errors.js';
import type { Client } from '../../client/index.js';
import { ExitCode } from '../../shared/exit-codes.js';
import type { WaitFlags } from '../kit/wait/flags.js';
import { failureOf, type Guard, rollBackOne, verifyFinished } from './guard.js';
import type { Finished } from '../kit/wait/container-flow.js';

export interface Guarded {
  /** Members added to a container's --json object (verify, rollback). */
  json: Map<string, Record<string, unknown>>;
  error?: CliError;
}

export async function guardFinished(app: App, client: Client, guard: Guard, finished: readonly Finished[], updated: readonly string[], flags: WaitFlags): Promise<Guarded> {
  const json = new Map<string, Record<string, unknown>>();
  const ends: { code: ExitCode; message: string }[] = [];
  for (const f of finished) {
    const checked = await verifyFinished(app, guard, f);
    if (checked) json.set(f.subject.id, { verify: checked });
    const failed = failureOf(f, checked, f.subject.name);
    if (!failed) continue;
    if (!guard.rollback || !updated.includes(f.subject.id)) {
      // A rollout's own bad verdict is already said by the wait; a failed check is said here.
      if (f.result.outcome === 'ready') {
        app.warn(failed);
        ends.push({ code: ExitCode.FAILED, message: failed });
      }
      continue;
    }
    const end = await rollBackOne(app, client, { change: { id: f.subject.id, name: f.subject.name, ref: f.subject.name }, first: f, failed, flags });
    json.set(f.subject.id, { ...json.get(f.subject.id), rollback: end.rollback });
    if (end.code === ExitCode.ROLLED_BACK) app.info(end.message);
    else app.warn(end.message);
    ends.push(end);
  }
  if (ends.length === 0) return { json };
  const worst = ends.find((e) => e.code !== ExitCode.ROLLED_BACK) ?? ends[0]!;
  const n = ends.filter((e) => e.code === ExitCode.ROLLED_BACK).length;
  const message = ends.length === 1 ? worst.message : worst.code === ExitCode.ROLLED_BACK ? `${n} containers rolled back to their last good deployment` : worst.message;
  return { json, error: new CliError(worst.code, message) };
}
