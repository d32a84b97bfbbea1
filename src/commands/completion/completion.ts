// `infra completion <shell>`: the script is generated from a fresh copy of the command tree,
// so it always matches the commands this build has.
import type { CommandRun } from '../../cli/app.js';
import { completionScript, describeTree, type ArgChoices, type Shell } from '../../cli/completion.js';
import { CONFIG_KEYS } from '../../cli/config.js';
import { loadProgram } from '../../cli/main.js';
import { RECOVERY_PRODUCTS } from '../../client/recovery.js';

/** Positional values commander does not hold as choices, from the constants the commands validate with. */
export const ARG_CHOICES: ArgChoices = { product: RECOVERY_PRODUCTS, key: CONFIG_KEYS };

export const run: CommandRun = async (app, { args }) => {
  const tree = describeTree(await loadProgram(), ARG_CHOICES);
  app.ctx.stdout.write(completionScript(args[0] as Shell, tree));
};
