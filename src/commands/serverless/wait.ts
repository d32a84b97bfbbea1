import { UsageError } from '../../cli/errors.js';
import type { Client } from '../../client/index.js';
import type { Target } from '../../wait/decide.js';
import { timingOptions, waitFlags } from './flags.js';
import { manyError, waitAndReport, waitMany, type WaitItem } from '../kit/wait/container-flow.js';
import { resourceArg, defineCommand, option } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { intOption, timestampOption } from '../../cli/options.js';
import type { App } from '../../cli/app.js';
import { ExitCode } from '../../shared/exit-codes.js';
import type { Container } from '../../client/schemas.js';
import { pickByRef } from '../../client/resolve.js';
import { canOnlyWait } from '../../wait/shared-reads.js';
import { listedContainers } from '../kit/wait/container-list.js';

export default defineCommand({
  path: ['serverless', 'wait'],
  description: 'wait for rollouts to finish, of one container or several at once (resumes a --wait that timed out or was interrupted)',
  args: [resourceArg('<id...>', 'container ids, names or slugs', CONTAINERS)],
  options: {
    generation: option('--generation <n>', "the change to wait for (default: the container's latest spec_generation; one container only)", intOption('--generation')),
    observedAfter: option(
      '--observed-after <timestamp>',
      'servers without generations: the observed_at of the read before the change (printed by update and redeploy; one container only)',
      timestampOption('--observed-after'),
    ),
    deploymentsBefore: option(
      '--deployments-before <n>',
      'servers without generations: the deployment_count of the read before the change (printed by the resume hint; one container only)',
      intOption('--deployments-before', 0),
    ),
    ...timingOptions(),
  },
  examples: [
    'infra serverless wait web',
    'infra serverless wait web --generation 3 --timeout 30m',
    'infra serverless wait web api edge --timeout 10m',
    'infra serverless wait web api --json | jq -r \'.[] | "\\(.id) \\(.outcome)"\'',
    'infra serverless wait web --progress json 2> events.ndjson',
  ],
  help: 'With several containers the waits run at once; each container gets one line as it finishes, and the exit code is the worst outcome: failed 1, then degraded 3, then timeout 6, else 0 (Ctrl-C: 130). --json prints one object for one container, an array of them for several.',
  run: async (app, { args: [refs], opts }) => {
    const flags = waitFlags(opts, true);
    const many = refs.length > 1;
    if (many && (opts.generation !== undefined || opts.observedAfter !== undefined || opts.deploymentsBefore !== undefined))
      throw new UsageError(
        `--${opts.generation !== undefined ? 'generation' : opts.observedAfter !== undefined ? 'observed-after' : 'deployments-before'} applies to one container; ${refs.length} were given`,
        'wait for each change with its own command, or leave the option out to wait for the latest change of each',
      );
    if (new Set(refs).size !== refs.length) throw new UsageError('a container is named twice', 'name each container once');
    const client = await app.client();
    if (!many) {
      const item = await itemOf(app, client, refs[0]!, opts.generation, opts.observedAfter, opts.deploymentsBefore);
      return waitAndReport(app, client, item.subject, item.start, flags);
    }
    // One list read names them all and serves as each one's first read, where it is short enough to pay.
    // Any failure of it only means each container is looked up and read on its own, as before.
    const listed = await listedContainers(client, refs.length, app.ctx.signal).catch((err: unknown) => {
      if (app.ctx.signal.aborted) throw err;
      return undefined;
    });
    const items = await Promise.all(refs.map((ref) => itemOf(app, client, ref, undefined, undefined, undefined, listed)));
    const ids = items.map((i) => i.subject.id);
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice) throw new UsageError(`two of the references name the same container (${twice})`, 'name each container once');
    const finished = await waitMany(app, client, items, flags);
    if (app.json) app.printJson(finished.map((f) => f.json));
    const err = manyError(finished);
    if (err) throw err;
    return ExitCode.OK;
  },
});

async function itemOf(
  app: App,
  client: Client,
  ref: string,
  given: number | undefined,
  observedAfter: string | undefined,
  deploymentsBefore?: number,
  listed?: readonly Container[],
): Promise<WaitItem> {
  const { id, c } = await firstRead(app, client, ref, listed);
  const name = c.name ?? id;
  const latest = c.spec_generation ?? undefined;
  if (given !== undefined && latest !== undefined && given > latest) throw new UsageError(`generation ${given} of ${name} does not exist: its latest change is generation ${latest}`);
  const generation = given ?? latest;
  const target: Target = {
    ...(generation !== undefined ? { generation } : {}),
    ...baselineOfFlags(observedAfter, deploymentsBefore),
  };
  return { subject: { id, name, target, ref }, start: { initial: c } };
}

/**
 * The container's first read: its list item when that can only keep the wait going (what
 * could end it is read on its own, as the later reads are: docs/behaviour.md#waits-shared).
 * A reference the list does not name is resolved as by every command (its not-found error).
 */
async function firstRead(app: App, client: Client, ref: string, listed: readonly Container[] | undefined): Promise<{ id: string; c: Container }> {
  const hit = listed ? pickByRef(listed, ref, CONTAINERS) : undefined;
  const generation = hit?.spec_generation ?? undefined;
  if (hit && canOnlyWait(hit, generation !== undefined ? { generation } : {})) return { id: hit.id, c: hit };
  const id = hit?.id ?? (await client.serverless.resolveId(ref, { signal: app.ctx.signal }));
  return { id, c: (await client.serverless.get(id, { signal: app.ctx.signal })).container };
}

/**
 * The read before the change, as the resume hint printed it. With only --deployments-before
 * the change was sent while another rollout ran: only a new deployment proves it began.
 */
function baselineOfFlags(observedAfter: string | undefined, deploymentsBefore: number | undefined): Pick<Target, 'baseline'> {
  if (observedAfter === undefined && deploymentsBefore === undefined) return {};
  const count = deploymentsBefore !== undefined ? { deployment_count: deploymentsBefore } : {};
  return { baseline: observedAfter !== undefined ? { observed_at: observedAfter, observedAfter: true, ...count } : { ...count, settled: false } };
}
