// `infra completion <shell>`: the script is generated from a fresh copy of the command tree,
// so it always matches the commands this build has.
import { arg, defineCommand } from '../../cli/command.js';
import { completionScript, describeTree, type ArgChoices, type Shell } from '../../cli/completion.js';
import { CONFIG_KEYS } from '../../cli/config.js';
import { RECOVERY_PRODUCTS } from '../../client/recovery.js';

/** Positional values commander does not hold as choices, from the constants the commands validate with. */
export const ARG_CHOICES: ArgChoices = { product: RECOVERY_PRODUCTS, key: CONFIG_KEYS };
export const SHELLS = ['bash', 'zsh', 'fish'] as const satisfies readonly Shell[];

export default defineCommand({
  path: ['completion'],
  description: 'print a shell completion script (commands, subcommands, flags and their values)',
  args: [arg('<shell>', 'bash, zsh or fish', SHELLS)],
  examples: [
    'source <(infra completion bash)   # bash: this shell',
    'infra completion bash > ~/.local/share/bash-completion/completions/infra',
    'infra completion zsh > "${fpath[1]}/_infra"',
    'infra completion fish > ~/.config/fish/completions/infra.fish',
  ],
  run: async (app, { args: [shell] }) => {
    // The tree comes from the context: a command importing the command list would be a cycle.
    const tree = describeTree(await app.ctx.commandTree!(), ARG_CHOICES);
    app.ctx.stdout.write(completionScript(shell as Shell, tree));
  },
});
