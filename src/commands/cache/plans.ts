import { choice, defineCommand } from '../../cli/command.js';
import { flatten } from '../resource/read.js';
import { printChoices } from '../kit/plans-table.js';

export default defineCommand({
  path: ['cache', 'plans'],
  description: "the resource profiles (plans) of caches, for 'cache create --profile'; --provider narrows them to one engine",
  options: { provider: choice('--provider <provider>', 'only the plans of this engine', ['redis', 'valkey', 'dragonfly']) },
  examples: ['infra cache plans', 'infra cache plans --provider valkey --json'],
  run: async (app, { opts }) => {
    const client = await app.client();
    const { raw } = await client.datastores.plans('cache', opts.provider, { signal: app.ctx.signal });
    if (app.json) return app.printJson(raw);
    if (!(await printChoices(app, raw))) app.keyValue(flatten(raw));
  },
});
