// `infra <family> events <id>`: the platform events of the resource (ephemeral: their absence
// proves nothing), as `serverless events` shows them.
import type { App } from '../../cli/app.js';
import type { Client } from '../../client/index.js';
import { resourceArg, defineCommand, type CommandDef } from '../../cli/command.js';
import { wideOption } from '../../cli/options.js';
import { printEvents } from './events-view.js';
import type { FamilySpec } from './family.js';

export function eventsCommand(spec: FamilySpec): CommandDef {
  return defineCommand({
    path: [...spec.command.split(' '), 'events'],
    description: `platform events of a ${spec.label} (ephemeral: their absence proves nothing)`,
    args: [resourceArg('<id>', `${spec.label} id or name`, spec.kind)],
    options: wideOption(),
    examples: [`infra ${spec.command} events ${spec.example.name}`, `infra ${spec.command} events ${spec.example.name} --json`],
    run: async (app, { args: [ref] }) => {
      const client = await app.client();
      const id = (await client.resources.resolve(spec.kind, ref, { signal: app.ctx.signal })).id;
      await showEvents(app, client, spec, `${spec.kind.path}/${encodeURIComponent(id)}`);
    },
  });
}

/** The events of the resource at `path` (its API path without /api/v1), printed. */
export async function showEvents(app: App, client: Client, spec: FamilySpec, path: string): Promise<void> {
  const answer = await client.diagnostics.events(path, { signal: app.ctx.signal, permission: `${spec.kind.permission}:read` });
  app.ctx.stderr.write('note: events are ephemeral (garbage-collected after a while): missing events prove nothing\n');
  if (answer.data.available === false) app.warn('the platform did not give its events this time (available: false)');
  await printEvents(app, answer, spec.label);
}
