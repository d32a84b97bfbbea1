// `infra ssh-keys add`: the public key from a file or standard input (as `gh ssh-key add`).
// It is checked here first: a private key, several keys or a damaged line never leave the
// machine (exit 2); the name defaults to the key's comment.
import { arg, defineCommand, flag, option } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { fingerprint, parsePublicKey } from '../../shared/ssh-key.js';
import { readInput } from '../kit/input.js';
import { SSH_KEYS } from './family.js';
import { textOption } from '../../cli/options.js';

export default defineCommand({
  path: ['ssh-keys', 'add'],
  description: 'add an SSH public key from a file or standard input',
  args: [arg('[key-file]', 'the public key file (.pub); standard input when omitted or -')],
  options: {
    name: option('--name <name>', "name of the key (default: the key's comment)", textOption('--name')),
    default: flag('--default', 'make it the default key of new servers'),
  },
  examples: ['infra ssh-keys add ~/.ssh/id_ed25519.pub --name desktop', 'cat ~/.ssh/id_ed25519.pub | infra ssh-keys add --name ci-runner-2'],
  run: async (app, { args: [file], opts }) => {
    // A public key is one line: a file far larger is not one (a private key's directory, an image).
    const { text, label } = await readInput(app, file ?? '-', { what: 'the public key', maxBytes: 64 * 1024 });
    const key = parsePublicKey(text);
    if ('error' in key) throw new UsageError(`${label}: ${key.error}`, 'an SSH public key is one line: ssh-ed25519 AAAA... comment');
    const name = opts.name ?? (key.comment || undefined);
    if (!name) throw new UsageError('give the key a name with --name (it has no comment to take one from)');
    const client = await app.client();
    const created = await client.resources.create(SSH_KEYS.kind, { name, public_key: key.line, ...(opts.default ? { is_default: true } : {}) }, { signal: app.ctx.signal });
    if (app.json) app.printJson(created.raw);
    else app.print(created.value.id);
    app.info(`added SSH key ${created.value.name ?? name} (id ${created.value.id}, ${typeof created.raw.fingerprint === 'string' ? created.raw.fingerprint : fingerprint(key.blob)})`);
  },
});
