// `context use NAME`: the context every later command uses, unless --context or INFRA_CONTEXT says otherwise.
import { arg, defineCommand } from '../../cli/command.js';
import { updateConfig } from '../../cli/config.js';
import { contextsOf } from '../../cli/contexts.js';
import { UsageError } from '../../cli/errors.js';

export default defineCommand({
  path: ['context', 'use'],
  description: 'make a context the current one (--context and INFRA_CONTEXT still win for one command or shell)',
  args: [arg('<name>', 'an existing context')],
  examples: ['infra context use work', 'infra context use default'],
  run: async (app, { args: [name] }) => {
    updateConfig(app.ctx.env, (raw) => {
      const known = Object.keys(contextsOf(raw));
      if (!known.includes(name))
        throw new UsageError(`no context named "${name}"; ${known.length ? `contexts: ${known.join(', ')}` : 'no context is defined yet'}`, `run 'infra context create ${name}' first`);
      raw['current-context'] = name;
    });
    app.info(`now using context ${name}`);
    if (app.settings.contextSource === 'env' && app.settings.context !== name) app.warn(`INFRA_CONTEXT=${app.settings.context} is set in this shell and still wins here`);
  },
});
