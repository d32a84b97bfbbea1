// `registry context`: where this project pushes images (GET /registry/context): the host,
// the namespace and push prefix, the docker commands to use, and the quota.
import { defineCommand } from '../../cli/command.js';
import { RegistryApi } from '../../client/registry.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { quotaText } from './format.js';

export default defineCommand({
  path: ['registry', 'context'],
  description: 'where this project pushes images: registry host, namespace, push prefix, the docker commands to use, and the quota',
  examples: ['infra registry context', 'infra registry context --project staging', 'infra registry context --json | jq -r .push_prefix'],
  run: async (app) => {
    const client = await app.client();
    const { value: c, raw } = await new RegistryApi(client.http).context({ signal: app.ctx.signal });
    if (app.json) {
      app.printJson(raw);
      return ExitCode.OK;
    }
    const prefix = c.push_prefix ?? (c.registry_host && c.namespace ? `${c.registry_host}/${c.namespace}` : undefined);
    const r = c.repositories ?? undefined;
    const s = c.storage ?? undefined;
    app.keyValue([
      ['Registry', c.registry_host ?? undefined],
      ['Namespace', c.namespace ?? undefined],
      ['Push prefix', prefix],
      ['Log in', c.registry_host ? `docker login ${c.registry_host}` : undefined],
      ['Tag', prefix ? `docker tag <local-image> ${prefix}/<repo>:<tag>` : undefined],
      ['Push', prefix ? `docker push ${prefix}/<repo>:<tag>` : undefined],
      ['Repositories', r ? `${quotaText(r.used, r.limit, false)}${r.can_create === false ? ' (no new repository can be created)' : ''}` : undefined],
      ['Storage', s ? `${quotaText(s.used_bytes, s.limit_bytes, true)}${s.can_push === false ? ' (pushes are refused)' : ''}` : undefined],
    ]);
    return ExitCode.OK;
  },
});
