import { resourceArg, defineCommand, flag, option, type CommandDef } from '../../cli/command.js';
import { durationOption, timestampOption } from '../../cli/options.js';
import { lookOf, withStatus, type FamilySpec } from './family.js';
import { progressOption, waitFlagsOf } from '../kit/wait/flags.js';
import { waitForOperation } from '../kit/wait/operation.js';

/** `infra <family> wait <id>`: resumes a --wait that timed out or was interrupted. */
export function waitCommand(spec: FamilySpec): CommandDef {
  return defineCommand({
    path: [...spec.command.split(' '), 'wait'],
    description: `wait for the operation in flight on a ${spec.label} to finish (resumes a --wait)`,
    args: [resourceArg('<id>', `${spec.label} id or name`, spec.kind)],
    options: {
      observedAfter: option('--observed-after <timestamp>', 'the observed_at of the read before the operation (printed when a --wait stops early)', timestampOption('--observed-after')),
      deleted: flag('--deleted', 'wait until the resource is gone (a deletion)'),
      timeout: option('--timeout <duration>', 'give up waiting after this long (default 15m)', durationOption('--timeout', { min: 1_000 })),
      interval: option('--interval <duration>', 'longest pause between status checks (default 5s)', durationOption('--interval', { min: 100 })),
      progress: progressOption(),
    },
    examples: [`infra ${spec.command} wait ${spec.example.name}`, `infra ${spec.command} wait ${spec.example.id} --timeout 30m --json`],
    run: async (app, { args: [ref], opts }) => {
      const flags = waitFlagsOf(opts, true);
      const client = await app.client();
      const id = (await client.resources.resolve(spec.kind, ref, { signal: app.ctx.signal })).id;
      const value = withStatus(spec, (await client.resources.get(spec.kind, id, { signal: app.ctx.signal })).value);
      const target = opts.observedAfter ? { baseline: { observed_at: opts.observedAfter, observedAfter: true } } : {};
      const subject = { command: spec.command, noun: spec.label, id, name: value.name ?? ref, verb: opts.deleted ? 'delete' : 'operation', target, ...lookOf(spec, id) };
      return waitForOperation(app, client, spec, subject, flags, { initial: value, untilGone: opts.deleted });
    },
  });
}
