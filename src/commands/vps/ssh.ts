// `infra vps ssh <ref> [--user U] [-i KEY] [-- cmd...]`: ssh to the VPS's public address as
// its image's default user (root when the API does not say), passing ssh's exit code through.
import { defineCommand, option, resourceArg } from '../../cli/command.js';
import { CliError } from '../../cli/errors.js';
import { pathValue } from '../../cli/options.js';
import { VPS_KIND } from '../../client/families.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { runTool } from '../kit/spawn-tool.js';
import { sshTarget } from './ssh-target.js';

export default defineCommand({
  path: ['vps', 'ssh'],
  description: "open an ssh session on a running VPS (its public address, its image's default user), or run a command there",
  args: [resourceArg('<id>', 'VPS id or name', VPS_KIND), { name: '[command...]', description: 'a command to run there instead of a shell (after --)' }],
  options: {
    user: option('--user <user>', "log in as this user (default: the image's default user, else root)"),
    identity: option('-i, --identity <key>', 'the private key file to log in with (passed to ssh -i)', pathValue('--identity')),
  },
  examples: ['infra vps ssh vps-01', 'infra vps ssh vps-01 --user ubuntu -i ~/.ssh/id_ed25519', 'infra vps ssh vps-01 -- uptime', 'infra vps ssh-config vps-01 | tee -a ~/.ssh/config'],
  help: "Runs the ssh of your PATH with an argument vector (no shell). The exit code is the remote command's, as ssh passes it through; 255 is ssh's own failure (no connection, refused key). A VPS that is not running, or has no public address, is refused with exit 1 and what to do.",
  run: async (app, { args: [ref, command], opts }) => {
    const target = await sshTarget(app, ref, opts.user);
    if (opts.identity?.startsWith('-')) throw new CliError(ExitCode.USAGE, `-i: '${opts.identity}' is not a key file`);
    if (app.settings.debug)
      app.debug(`ssh to ${target.user}@${target.host} (user: ${target.userFrom === 'image' ? "the image's default" : target.userFrom === 'flag' ? '--user' : 'root, the default'})`);
    const args = [...(opts.identity ? ['-i', opts.identity] : []), '--', `${target.user}@${target.host}`, ...((command as string[] | undefined) ?? [])];
    const { code } = await runTool('ssh', args, {
      env: app.ctx.env,
      install: 'install an OpenSSH client (ssh) and try again',
      // `vps ssh vps-01 -- long-job`: Ctrl-C is for the remote command, which ssh passes on.
      ...(app.ctx.holdInterrupts ? { holdInterrupts: app.ctx.holdInterrupts } : {}),
      signal: app.ctx.signal,
    });
    return code as ExitCode;
  },
});
