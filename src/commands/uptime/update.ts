// `infra uptime update`: the API's PUT requires name and url every time, so the current ones
// are read and sent with the flags' changes.
import { resourceArg, defineCommand } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { checkFields, checkOptions } from './flags.js';
import { UPTIME } from './family.js';

export default defineCommand({
  path: ['uptime', 'update'],
  description: 'change a check: URL, interval, expected status, keyword, notifications...',
  args: [resourceArg('<id>', 'uptime check id or name', UPTIME.kind)],
  options: checkOptions(false),
  examples: ['infra uptime update api-health --url https://api.acme.example/v2/healthz', 'infra uptime update homepage --interval 60 --notify mail', 'infra uptime update homepage --clear-keyword'],
  run: async (app, { args: [ref], opts }) => {
    if (opts.keyword !== undefined && opts.clearKeyword) throw new UsageError('give --keyword or --clear-keyword, not both');
    const changes = checkFields(opts);
    if (Object.keys(changes).length === 0) throw new UsageError('nothing to update', 'give --name, --url, --interval or another setting (see --help)');
    const client = await app.client();
    const id = (await client.resources.resolve(UPTIME.kind, ref, { signal: app.ctx.signal })).id;
    const current = await client.resources.get(UPTIME.kind, id, { signal: app.ctx.signal });
    const body = { name: current.raw.name, url: current.raw.url, ...changes };
    const updated = await client.resources.update(UPTIME.kind, id, body, { signal: app.ctx.signal });
    if (app.json) app.printJson(updated.raw);
    app.info(`updated ${updated.value.name ?? ref} (id ${id}): ${Object.keys(changes).join(', ')}`);
  },
});
