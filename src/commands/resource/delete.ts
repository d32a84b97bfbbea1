import { resourceArg, defineCommand, flag, type CommandDef } from '../../cli/command.js';
import { confirmByName, needConfirmation } from './confirm.js';
import type { FamilySpec } from './family.js';
import { resolveResource } from './resolve.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';

export function deleteCommand(spec: FamilySpec): CommandDef {
  return defineCommand({
    path: [...spec.command.split(' '), 'delete'],
    description: `delete a ${spec.label} (asks to type its name on a terminal; --yes otherwise); --wait until it is gone`,
    args: [resourceArg('<id>', `${spec.label} id or name`, spec.kind)],
    options: { yes: flag('-y, --yes', 'delete without asking'), ...operationWaitOptions('deletion') },
    examples: [`infra ${spec.command} delete ${spec.example.name}`, `infra ${spec.command} delete ${spec.example.id} --yes --wait`],
    run: async (app, { args: [ref], opts }) => {
      const flags = waitFlagsOf(opts);
      needConfirmation(app, `delete ${ref}`, opts.yes);
      const { client, id, before, name } = await resolveResource(app, spec, ref);
      await confirmByName(app, `Delete ${spec.label} ${name} (id ${id})? This cannot be undone.`, name, opts.yes);
      const accepted = await client.resources.delete(spec.kind, id, { signal: app.ctx.signal });
      app.info(`deleting ${name} (id ${id})${accepted.status ? `: ${accepted.status}` : ''}`);
      if (!flags.wait) {
        if (app.json) app.printJson({ id, name, deleted: true, ...accepted.raw });
        return;
      }
      return waitForOperation(app, client, spec, subjectOf(spec, 'delete', id, name, before), flags, { untilGone: true });
    },
  });
}
