// `infra vps ssh-config <ref>`: a `Host` block for ~/.ssh/config, so plain `ssh <name>` (and
// scp, rsync, an editor's remote mode) reaches the VPS without infra.
import { defineCommand, option, resourceArg } from '../../cli/command.js';
import { pathValue } from '../../cli/options.js';
import { VPS_KIND } from '../../client/families.js';
import { sshConfigName, sshTarget } from './ssh-target.js';

export default defineCommand({
  path: ['vps', 'ssh-config'],
  description: 'print a Host block for ~/.ssh/config (HostName, User, Port, IdentityFile)',
  args: [resourceArg('<id>', 'VPS id or name', VPS_KIND)],
  options: {
    user: option('--user <user>', "the User line (default: the image's default user, else root)"),
    identity: option('-i, --identity <key>', 'an IdentityFile line with this private key file', pathValue('--identity')),
  },
  examples: ['infra vps ssh-config vps-01', 'infra vps ssh-config vps-01 -i ~/.ssh/id_ed25519 | tee -a ~/.ssh/config'],
  run: async (app, { args: [ref], opts }) => {
    const target = await sshTarget(app, ref, opts.user);
    const block = { host: sshConfigName(target.name), hostname: target.host, user: target.user, port: 22, ...(opts.identity ? { identity_file: opts.identity } : {}) };
    if (app.json) return app.printJson(block);
    // A path with spaces is quoted, as ssh_config reads it; a quote or a line break cannot be held.
    const identity = opts.identity && !/["\n\r]/.test(opts.identity) ? (/\s/.test(opts.identity) ? `"${opts.identity}"` : opts.identity) : undefined;
    app.print([`Host ${block.host}`, `  HostName ${block.hostname}`, `  User ${block.user}`, '  Port 22', ...(identity ? [`  IdentityFile ${identity}`] : [])].join('\n'));
  },
});
