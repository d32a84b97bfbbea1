// `infra completion <shell>`: the script is generated from a fresh copy of the command tree,
// so it always matches the commands this build has. Names that live in the API (containers,
// databases, projects) are not in it: it asks `infra __complete` for them (complete.ts).
import type { Command } from 'commander';
import { arg, defineCommand } from '../../cli/command.js';
import { completionScript, describeTree, type ArgChoices, type NodeSpec, type Shell } from './scripts.js';
import { CONFIG_KEYS } from '../../cli/config.js';
import { RECOVERY_PRODUCTS } from '../../client/recovery.js';
import { GLOBAL_SOURCES } from './words.js';

/** Positional values commander does not hold as choices, from the constants the commands validate with. */
export const ARG_CHOICES: ArgChoices = { product: RECOVERY_PRODUCTS, key: CONFIG_KEYS };
export const SHELLS = ['bash', 'zsh', 'fish'] as const satisfies readonly Shell[];

/** The tree the scripts are written from. */
export function describeProgram(program: Command): NodeSpec {
  return describeTree(program, ARG_CHOICES, Object.keys(GLOBAL_SOURCES));
}

export default defineCommand({
  path: ['completion'],
  description: 'print a shell completion script (commands, subcommands, flags and their values, names of resources)',
  args: [arg('<shell>', 'bash, zsh or fish', SHELLS)],
  examples: [
    'source <(infra completion bash)   # bash: this shell',
    'infra completion bash > ~/.local/share/bash-completion/completions/infra',
    'infra completion zsh > "${fpath[1]}/_infra"',
    'infra completion fish > ~/.config/fish/completions/infra.fish',
  ],
  run: async (app, { args: [shell] }) => {
    // The tree comes from the context: a command importing the command list would be a cycle.
    const tree = describeProgram(await app.ctx.commandTree!());
    app.ctx.stdout.write(completionScript(shell as Shell, tree));
  },
});
