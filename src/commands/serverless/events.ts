// `infra serverless events <id>`: the platform events of the container's service,
// revisions and pods. Events are garbage-collected, so the command always says that their
// absence proves nothing (docs/behaviour.md#api-diagnose); revision conditions are the durable signal.
import { containerPath, DIAGNOSTICS_PERMISSION } from '../../client/diagnostics.js';
import { resourceArg, defineCommand } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { wideOption } from '../../cli/options.js';
import { printEvents } from '../resource/events-view.js';

export const EPHEMERAL_NOTE =
  "note: events are ephemeral (garbage-collected after a while): missing events prove nothing; revision conditions ('infra serverless revisions <container>') are the durable signal";

export default defineCommand({
  path: ['serverless', 'events'],
  description: 'platform events of the container (ephemeral: their absence proves nothing); needs serverless:diagnostics',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: wideOption(),
  examples: ['infra serverless events api', 'infra serverless events api --json | jq ".[] | select(.type == \\"Warning\\")"'],
  run: async (app, { args }) => {
    const client = await app.client();
    const id = await client.serverless.resolveId(args[0], { signal: app.ctx.signal });
    const answer = await client.diagnostics.events(containerPath(id), { signal: app.ctx.signal, permission: DIAGNOSTICS_PERMISSION });
    // Always, even with --json or -q: reading this list without the caveat misleads.
    app.ctx.stderr.write(EPHEMERAL_NOTE + '\n');
    if (answer.data.available === false) app.warn('the platform did not give its events this time (available: false); revision conditions are the durable signal');
    await printEvents(app, answer, 'container');
  },
});
