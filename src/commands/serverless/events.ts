// `infra serverless events <id>`: the platform events of the container's service,
// revisions and pods. Events are garbage-collected, so the command always says that their
// absence proves nothing (spec 4.2 rule 4); revision conditions are the durable signal.
import type { CommandRun } from '../../cli/app.js';
import type { PlatformEvent } from '../../client/schemas.js';

export const EPHEMERAL_NOTE =
  "note: events are ephemeral (garbage-collected after a while): missing events prove nothing; revision conditions ('infra serverless revisions') are the durable signal";

export const run: CommandRun = async (app, { args }) => {
  const client = await app.client();
  const id = await client.serverless.resolveId(String(args[0]));
  const answer = await client.diagnostics.events(id, { signal: app.ctx.signal });
  const events = answer.data.events;
  // Always, even with --json or -q: reading this list without the caveat misleads.
  app.ctx.stderr.write(EPHEMERAL_NOTE + '\n');
  if (app.json) {
    app.printJson(events);
    return;
  }
  if (events.length === 0) {
    app.ctx.stderr.write('no events are kept for this container right now\n');
    return;
  }
  const table = app.table<PlatformEvent>([
    { header: 'LAST SEEN', value: (e) => e.last_seen ?? e.first_seen ?? '' },
    { header: 'TYPE', value: (e) => e.type ?? '', color: (v) => (v === 'Warning' ? app.style.yellow(v) : v) },
    { header: 'REASON', value: (e) => e.reason ?? '' },
    { header: 'OBJECT', value: (e) => (e.object ? `${e.object.kind ?? '?'}/${e.object.name ?? '?'}` : '') },
    { header: 'COUNT', value: (e) => (e.count === undefined || e.count === null ? '' : String(e.count)) },
    { header: 'MESSAGE', value: (e) => e.message ?? '' },
  ]);
  table.add(events);
  await table.end();
};
