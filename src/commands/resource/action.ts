// A lifecycle action (`start`, `stop`, `reboot`...): POST <path>/{id}/<verb>, then --wait for
// the operation like any other.
import { resourceArg, defineCommand, flag, type CommandDef, type OptionSpec } from '../../cli/command.js';
import type { App } from '../../cli/app.js';
import { confirmByName, needConfirmation } from './confirm.js';
import type { FamilySpec } from './family.js';
import { resolveResource } from './resolve.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';

export interface ActionSpec<O extends Record<string, OptionSpec<unknown>>> {
  verb: string;
  description: string;
  examples?: string[];
  /** Destructive actions (reinstall) are confirmed like a delete. */
  destructive?: string;
  options?: O;
  /** The request body from the options (checked before any request). */
  body?: (opts: { [K in keyof O]: O[K] extends OptionSpec<infer T> ? T : never }, app: App) => Record<string, unknown> | undefined;
}

export function actionCommand<const O extends Record<string, OptionSpec<unknown>> = Record<never, never>>(spec: FamilySpec, action: ActionSpec<O>): CommandDef {
  return defineCommand({
    path: [...spec.command.split(' '), action.verb],
    description: action.description,
    args: [resourceArg('<id>', `${spec.label} id or name`, spec.kind)],
    options: { ...(action.options ?? ({} as O)), ...(action.destructive ? { yes: flag('-y, --yes', `${action.verb} without asking`) } : {}), ...operationWaitOptions(action.verb) },
    examples: action.examples ?? [`infra ${spec.command} ${action.verb} ${spec.example.name}`, `infra ${spec.command} ${action.verb} ${spec.example.name} --wait`],
    run: async (app, { args: [ref], opts }) => {
      // The options of a generic action are known by name only here.
      const all = opts as Record<string, unknown>;
      const flags = waitFlagsOf({
        wait: all.wait === true,
        timeout: all.timeout as number | undefined,
        interval: all.interval as number | undefined,
        progress: all.progress === 'json' || all.progress === 'text' ? all.progress : undefined,
      });
      const yes = all.yes === true;
      const body = action.body?.(opts as never, app);
      if (action.destructive) needConfirmation(app, `${action.verb} ${ref}`, yes);
      const { client, id, before, name } = await resolveResource(app, spec, ref);
      if (action.destructive) await confirmByName(app, `${action.destructive.replace('{name}', name)}`, name, yes);
      const accepted = await client.resources.action(spec.kind, id, action.verb, body, { signal: app.ctx.signal });
      app.info(`${action.verb} of ${name} (id ${id}) accepted${accepted.status ? `: ${accepted.status}` : ''}`);
      if (!flags.wait) {
        if (app.json) app.printJson(accepted.raw);
        return;
      }
      return waitForOperation(app, client, spec, subjectOf(spec, action.verb, id, name, before), flags);
    },
  });
}
