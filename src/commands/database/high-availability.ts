// `infra database high-availability <id> --enable|--disable`: POST .../high-availability
// `{enabled}` → `{message, ha_enabled}`. Two standbys join or leave the group; the answer
// says which state was asked for, and `infra database wait` follows the instance.
import { resourceArg, defineCommand, flag } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { DATABASE } from './family.js';

export default defineCommand({
  path: ['database', 'high-availability'],
  description: 'turn high availability on (two standby servers join) or off (they leave)',
  args: [resourceArg('<id>', 'database instance id or name', DATABASE.kind)],
  options: { enable: flag('--enable', 'turn high availability on'), disable: flag('--disable', 'turn high availability off') },
  examples: ['infra database high-availability orders-pg --enable', 'infra database high-availability orders-pg --disable --json'],
  run: async (app, { args: [ref], opts }) => {
    if (opts.enable === opts.disable) throw new UsageError('give exactly one of --enable and --disable');
    const client = await app.client();
    const found = await client.resources.resolve(DATABASE.kind, ref, { signal: app.ctx.signal });
    const [id, name] = [found.id, found.item?.name ?? ref];
    const { raw } = await client.databases.highAvailability(id, opts.enable, { signal: app.ctx.signal });
    if (app.json) return app.printJson(raw);
    const answer = (raw ?? {}) as Record<string, unknown>;
    const on = typeof answer.ha_enabled === 'boolean' ? answer.ha_enabled : opts.enable;
    app.print(on ? 'enabled' : 'disabled');
    app.info(`high availability of ${name} is being turned ${on ? 'on' : 'off'}; 'infra database wait ${name}' follows the instance`);
  },
});
