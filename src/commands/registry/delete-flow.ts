// The deletes of the registry (a repository, a tag): confirmed like every destructive command
// (type the name on a terminal; --yes otherwise; never a prompt when CI is set), sent, and a
// 409 image_in_use turned into the containers that run the image and the command to force it.
// `--force` sends the force flag (`?force=true`) and needs the same confirmation.
import type { App } from '../../cli/app.js';
import { flag } from '../../cli/command.js';
import { inUseOf } from '../../client/registry.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { confirmByName, needConfirmation } from '../resource/confirm.js';
import { inUseError } from './format.js';

export function deleteOptions() {
  return {
    force: flag('--force', 'delete even while containers run the image (their running revisions keep it; a new rollout from it fails)'),
    yes: flag('--yes', 'do not ask for confirmation (required without a terminal, and when CI is set)'),
  };
}

export interface RegistryDelete {
  /** `web:1.3.0` or `web`: what the user types to confirm, and the word in messages. */
  name: string;
  /** `tag`, `repository`. */
  noun: string;
  /** The same command with --force --yes (printed when it is in use). */
  forceCommand: string;
  send(force: boolean): Promise<{ raw: unknown }>;
}

export async function runDelete(app: App, d: RegistryDelete, opts: { force: boolean; yes: boolean }): Promise<number> {
  const what = `${opts.force ? 'force-delete' : 'delete'} the ${d.noun} ${d.name}`;
  needConfirmation(app, what, opts.yes);
  await confirmByName(app, `This will ${what}${opts.force ? ', even if containers run it' : ''}.`, d.name, opts.yes);
  try {
    const { raw } = await d.send(opts.force);
    if (app.json) app.printJson(raw);
    app.info(`deleted the ${d.noun} ${d.name}`);
    return ExitCode.OK;
  } catch (err) {
    const inUse = inUseOf(err);
    if (inUse) throw inUseError(`the ${d.noun} ${d.name}`, inUse, d.forceCommand);
    throw err;
  }
}
