import { completedFrom, defineCommand, flag, option, required } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';
import { readStdin } from '../kit/stdin.js';
import { SSH_KEY_KIND } from '../../client/families.js';
import { choicesRoute } from '../resource/family.js';
import { VPS } from './family.js';
import { nonEmpty } from '../../cli/options.js';
import { cpuPlatformOption, networkTierOption } from '../kit/placement.js';

export default defineCommand({
  path: ['vps', 'create'],
  description: 'create a VPS from an image; log in with an SSH key (--ssh-key) or a password (--password-stdin)',
  options: {
    name: required('--name <name>', 'name of the VPS', nonEmpty('--name')),
    image: completedFrom(required('--image <image>', "operating system image (see 'infra vps images')", nonEmpty('--image')), choicesRoute(VPS, 'images')),
    profile: completedFrom(required('--profile, --plan <name>', "resource profile (see 'infra vps plans')", nonEmpty('--profile')), choicesRoute(VPS, 'plans')),
    cpuPlatform: cpuPlatformOption(),
    networkTier: networkTierOption(),
    datacenter: option('--datacenter <dc>', 'datacenter (default fsn1)', nonEmpty('--datacenter')),
    sshKey: completedFrom(option('--ssh-key <id|name>', "SSH key to install for root (see 'infra ssh-keys list')", nonEmpty('--ssh-key')), SSH_KEY_KIND),
    passwordStdin: flag('--password-stdin', 'read the root password from standard input instead'),
    ...operationWaitOptions('creation'),
  },
  examples: [
    'infra vps create --name web-1 --image debian-12 --profile nano_shared --cpu-platform amd --ssh-key laptop --wait',
    'printf \'%s\' "$ROOT_PASSWORD" | infra vps create --name db-1 --image ubuntu-24.04 --plan medium --cpu-platform intel --network-tier 10g --password-stdin',
  ],
  run: async (app, { opts }) => {
    const flags = waitFlagsOf(opts);
    if (!!opts.sshKey === opts.passwordStdin) throw new UsageError('give exactly one of --ssh-key and --password-stdin', 'root logs in with an SSH key or a password');
    const client = await app.client();
    const body: Record<string, unknown> = { name: opts.name, image: opts.image, resource_profile: opts.profile, cpu_platform: opts.cpuPlatform, datacenter: opts.datacenter ?? 'fsn1' };
    if (opts.networkTier) body.network_tier = opts.networkTier;
    if (opts.sshKey) {
      const key = await client.resources.resolve(SSH_KEY_KIND, opts.sshKey, { signal: app.ctx.signal });
      Object.assign(body, { auth_method: 'ssh_key', ssh_key_id: Number(key.id) });
    } else {
      const password = await readStdin(app, 'the password');
      if (!password) throw new UsageError('the password from standard input is empty');
      Object.assign(body, { auth_method: 'password', password, password_confirmation: password });
    }
    const created = await client.resources.create(VPS.kind, body, { signal: app.ctx.signal });
    const v = created.value;
    if (!app.json) app.print(v.id);
    app.info(`created ${v.name ?? opts.name} (id ${v.id})`);
    if (!flags.wait) {
      if (app.json) app.printJson(created.raw);
      return;
    }
    return waitForOperation(app, client, VPS, subjectOf(VPS, 'create', v.id, v.name ?? opts.name, null), flags, { initial: v });
  },
});
