// Switching a check or an alert on or off. The API's routes flip (`PATCH .../toggle`) or set
// (`PATCH .../enabled {enabled}`); either way the command says what it wants, reads the
// current state first and sends nothing when it is already so, so `pause` never resumes.
import { resourceArg, defineCommand, type CommandDef } from '../../cli/command.js';
import { CliError } from '../../cli/errors.js';
import { MonitoringApi } from '../../client/monitoring.js';
import { ExitCode } from '../../shared/exit-codes.js';
import type { FamilySpec } from './family.js';
import type { SwitchSpec } from './verb-specs.js';

export function switchCommand(spec: FamilySpec, s: SwitchSpec): CommandDef {
  return defineCommand({
    path: [...spec.command.split(' '), s.verb],
    description: s.description,
    args: [resourceArg('<id>', `${spec.label} id or name`, spec.kind)],
    examples: s.examples,
    run: async (app, { args: [ref] }) => {
      const client = await app.client();
      const id = (await client.resources.resolve(spec.kind, ref, { signal: app.ctx.signal })).id;
      const current = await client.resources.get(spec.kind, id, { signal: app.ctx.signal });
      const name = current.value.name ?? ref;
      if (current.raw.enabled === s.enabled) {
        app.info(`${name} (id ${id}) is already ${s.done}; nothing was sent`);
        if (app.json) app.printJson(current.answer);
        return;
      }
      const answer = await new MonitoringApi(client.http).patch(spec.kind, id, s.route, s.route === 'enabled' ? { enabled: s.enabled } : undefined, app.ctx.signal);
      if (app.json) app.printJson(answer.raw);
      const after = (answer.raw[spec.kind.wrapper] ?? {}) as Record<string, unknown>;
      // A flip that raced another one leaves the opposite state: say so rather than claim success.
      if (typeof after.enabled === 'boolean' && after.enabled !== s.enabled)
        throw new CliError(
          ExitCode.FAILED,
          `${name} was switched by someone else meanwhile: it is now ${after.enabled ? 'on' : 'off'}`,
          `run the command again: infra ${spec.command} ${s.verb} ${id}`,
        );
      app.info(`${s.done} ${name} (id ${id})`);
    },
  });
}
