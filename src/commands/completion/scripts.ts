// Shell completion scripts generated from the live command tree: whatever a family
// registers (subcommands, aliases, flags, Option.choices / Argument.choices) is completed
// without touching this file. Only values commander does not know as choices come from
// `extraArgChoices`, given by the caller from the constants the commands themselves use.
// Values that live in the API (a family's names and ids, the projects) are not in the script:
// at those places it calls `infra __complete <words...>` (src/commands/completion), which
// prints them one per line from a short-lived cache or one quick request.
import { bashScript, zshScript } from './script-posix.js';
import { fishScript } from './script-fish.js';
import type { NodeSpec, Shell } from './tree.js';

export { allNodes, describeTree, SHELLS, type ArgChoices, type FlagSpec, type NodeSpec, type Shell } from './tree.js';

export function completionScript(shell: Shell, root: NodeSpec): string {
  return shell === 'bash' ? bashScript(root) : shell === 'zsh' ? zshScript(root) : fishScript(root);
}
