import { resourceArg, choice, completedFrom, defineCommand, option } from '../../cli/command.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { resolveResource } from '../resource/resolve.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';
import { describeFigures, figuresMissed, planFor, plansOf, type Figures } from '../kit/plan-match.js';
import { choicesRoute, withStatus } from '../resource/family.js';
import { VPS } from './family.js';
import { gigabytesOption, intOption, nonEmpty } from '../../cli/options.js';
import type { App } from '../../cli/app.js';
import type { Client } from '../../client/index.js';
import type { Resource } from '../../client/resources.js';

/**
 * The plan with the figures asked for, from the service's own list (docs/decisions.md#sizes-choose-a-plan).
 * A plan with a smaller disk than the VPS has is taken only when --storage asked for it: a
 * smaller disk may not hold what is on it, and cores or memory alone never mean that.
 */
async function profileFor(app: App, client: Client, want: Figures, vps: { name: string; storageGb: unknown }): Promise<string> {
  const { raw } = await client.resources.read(VPS.kind, '/plans', { signal: app.ctx.signal });
  const choice = planFor(plansOf(raw), want);
  if ('problem' in choice) throw new UsageError(choice.problem, choice.hint);
  const { key, storageGb } = choice.plan;
  const has = typeof vps.storageGb === 'number' ? vps.storageGb : undefined;
  if (want.storageGb === undefined && storageGb !== undefined && has !== undefined && storageGb < has)
    throw new UsageError(
      `plan ${key} has ${storageGb} GB of storage, less than the ${has} GB ${vps.name} has now; nothing was changed`,
      `to take the smaller disk, say so: --storage ${storageGb}; or keep the disk with --storage ${has} (if a plan has it)`,
    );
  app.info(`${describeFigures(want)}: plan ${key}`);
  return key;
}

export default defineCommand({
  path: ['vps', 'update'],
  description: 'change the resource profile, size or CPU allocation of a VPS (it is recreated); --wait until it runs',
  args: [resourceArg('<id>', 'VPS id or name', VPS.kind)],
  options: {
    profile: completedFrom(option('--profile, --plan <name>', "new resource profile (see 'infra vps plans')", nonEmpty('--profile')), choicesRoute(VPS, 'plans')),
    cores: option('--cores, --cpu-cores <n>', 'the number of vCPUs: picks the plan with it (with --memory, --storage)', intOption('--cores')),
    memory: option('--memory <GB>', 'memory in GB: picks the plan with it', gigabytesOption('--memory')),
    storage: option('--storage <GB>', 'storage in GB: picks the plan with it', gigabytesOption('--storage')),
    cpu: choice('--cpu <allocation>', 'CPU allocation', ['shared', 'dedicated']),
    ...operationWaitOptions('update'),
  },
  examples: ['infra vps update vps-01 --profile medium --wait', 'infra vps update vps-01 --cores 4 --memory 16 --wait', 'infra vps update vps-01 --cpu dedicated'],
  help: "The service sizes a VPS by its plan only, so --cores, --memory and --storage choose the one plan of 'infra vps plans' with exactly those figures (with --cpu: of that allocation) and send it; when no plan or several have them, nothing is changed and the nearest plans are named. With --wait the VPS is read when it runs again, and a size other than the one asked for exits 1.",
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf(opts);
    const sized = opts.cores !== undefined || opts.memory !== undefined || opts.storage !== undefined;
    if (sized && opts.profile) throw new UsageError('--profile names the plan itself: give it or the sizes (--cores, --memory, --storage), not both');
    if (!sized && !opts.profile && !opts.cpu) throw new UsageError('nothing to update', 'give --profile, --cores/--memory/--storage or --cpu');
    const want: Figures = { cores: opts.cores, memoryGb: opts.memory, storageGb: opts.storage, cpu: opts.cpu };
    const { client, id, before, name } = await resolveResource(app, VPS, ref);
    const body: Record<string, unknown> = {};
    const profile = sized ? await profileFor(app, client, want, { name, storageGb: before.storage_size_gb }) : opts.profile;
    if (profile) body.resource_profile = profile;
    if (opts.cpu) body.cpu_allocation_type = opts.cpu;
    const updated = await client.resources.update(VPS.kind, id, body, { signal: app.ctx.signal });
    app.info(`updating ${name} (id ${id})`);
    if (!flags.wait) {
      if (app.json) app.printJson(updated.raw);
      return;
    }
    // The last read of the wait is the machine as it runs now: with sizes asked for, it must have them.
    let last: Resource | undefined;
    const fetch = async (signal: AbortSignal) => {
      last = withStatus(VPS, (await client.resources.get(VPS.kind, id, { signal })).value);
      return last;
    };
    const code = await waitForOperation(app, client, VPS, subjectOf(VPS, 'update', id, name, before), flags, { initial: updated.value, fetch });
    const runsWith = last ?? updated.value;
    const missed = sized && code === ExitCode.OK ? figuresMissed(runsWith as Record<string, unknown>, want) : [];
    if (missed.length > 0) throw new CliError(ExitCode.FAILED, `${name} runs again but not with the size asked for: ${missed.join(', ')}`, `see what it has: infra vps get ${id}`);
    return code;
  },
});
