// `infra vps delete`: the generic delete, plus the way out of its one refusal that is not about
// the VPS's state. A 422 `{error}` without `status` means the VPS still has volumes (they are
// billed separately and never deleted with it): the hint lists them and the commands that
// delete them. A 422 `{error, status}` is the usual "not in this state" refusal.
import type { App } from '../../cli/app.js';
import { CliError } from '../../cli/errors.js';
import { ConflictError } from '../../client/errors.js';
import type { CommandDef } from '../../cli/command.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { deleteCommand } from '../resource/delete.js';
import { VPS } from './family.js';
import { vpsVolumes } from './volumes-family.js';

const generic = deleteCommand(VPS);

/** Whether a refusal is the volumes' one: 422 whose body has no `status` (the state refusal has one). */
export function volumesFirst(err: unknown): err is ConflictError {
  if (!(err instanceof ConflictError) || err.status !== 422) return false;
  const body = err.body as Record<string, unknown> | undefined;
  return !!body && typeof body === 'object' && typeof body.error === 'string' && !('status' in body);
}

async function wayOut(app: App, ref: string): Promise<string> {
  const fallback = `list them with 'infra vps volumes list ${ref}', delete each with 'infra vps volumes delete ${ref} <volume> --wait', then delete the VPS again`;
  try {
    const { client, spec } = await vpsVolumes(app, ref);
    const names: string[] = [];
    for await (const page of client.resources.pages(spec.kind, { all: true })) names.push(...page.items.map((v) => v.name ?? v.id));
    if (!names.length) return fallback;
    const cmds = names.map((n) => `'infra vps volumes delete ${ref} ${n} --wait'`).join(', ');
    return `its volume${names.length > 1 ? 's' : ''} ${names.join(', ')} must go first (their data goes with them): ${cmds}, then delete the VPS again`;
  } catch {
    return fallback;
  }
}

const command: CommandDef = {
  ...generic,
  run: async (app, input) => {
    try {
      return await generic.run(app, input);
    } catch (err) {
      if (!volumesFirst(err)) throw err;
      throw new CliError(ExitCode.FAILED, `${err.message} (nothing was deleted)`, await wayOut(app, String(input.args[0])));
    }
  },
};

export default command;
