// `force-stop` of databases and caches: POST <kind>/{id}/force-stop → 200 `{message, status:
// "stopped"}` at once, skipping the graceful shutdown (writes in flight may be lost), so it is
// confirmed by name. Its refusals are 422 `{error, status}`: the state is named with the way on.
import { CliError } from '../../cli/errors.js';
import type { CommandDef } from '../../cli/command.js';
import { ConflictError } from '../../client/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { actionCommand } from './action.js';
import type { FamilySpec } from './family.js';

/** The `status` of a 422 `{error, status}` refusal, when it is one. */
export function refusedIn(err: unknown): string | undefined {
  if (!(err instanceof ConflictError) || err.status !== 422) return undefined;
  const body = err.body as Record<string, unknown> | undefined;
  return body && typeof body === 'object' && typeof body.status === 'string' ? body.status : undefined;
}

export function forceStopCommand(spec: FamilySpec): CommandDef {
  const generic = actionCommand(spec, {
    verb: 'force-stop',
    description: `stop a ${spec.label} at once, without a graceful shutdown (writes in flight may be lost); asks to type its name`,
    destructive: `Force-stop ${spec.label} {name} now? Writes in flight may be lost; 'infra ${spec.command} stop' shuts down gracefully.`,
    examples: [`infra ${spec.command} force-stop ${spec.example.name}`, `infra ${spec.command} force-stop ${spec.example.id} --yes --wait`],
  });
  return {
    ...generic,
    run: async (app, input) => {
      try {
        return await generic.run(app, input);
      } catch (err) {
        const status = refusedIn(err);
        if (status === undefined) throw err;
        const ref = String(input.args[0]);
        throw new CliError(
          ExitCode.FAILED,
          `${(err as Error).message} (state: ${status}; nothing was stopped)`,
          `wait until the ${spec.label} settles ('infra ${spec.command} wait ${ref}'), then try again; 'infra ${spec.command} get ${ref}' shows its state`,
        );
      }
    },
  };
}
