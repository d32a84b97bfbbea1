import { Argument, type Command } from 'commander';
import { examples, type ActionFactory } from '../../cli/program.js';

export function registerCompletion(program: Command, action: ActionFactory): void {
  examples(
    program
      .command('completion')
      .description('print a shell completion script (commands, subcommands, flags and their values)')
      .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(['bash', 'zsh', 'fish']))
      .action(action(() => import('./completion.js'))),
    [
      'source <(infra completion bash)   # bash: this shell',
      'infra completion bash > ~/.local/share/bash-completion/completions/infra',
      'infra completion zsh > "${fpath[1]}/_infra"',
      'infra completion fish > ~/.config/fish/completions/infra.fish',
    ],
  );
}
