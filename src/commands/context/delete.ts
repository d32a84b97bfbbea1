// `context delete NAME`: the context and the tokens stored in it are removed; the file's
// current context falls back to `default` when it was this one.
import { arg, defineCommand } from '../../cli/command.js';
import { updateConfig } from '../../cli/config.js';
import { contextsOf, DEFAULT_CONTEXT, isObject } from '../../cli/contexts.js';
import { UsageError } from '../../cli/errors.js';

export default defineCommand({
  path: ['context', 'delete'],
  description: 'remove a context and the tokens stored in it',
  args: [arg('<name>', 'an existing context')],
  examples: ['infra context delete lab'],
  run: async (app, { args: [name] }) => {
    let wasCurrent = false;
    updateConfig(app.ctx.env, (raw) => {
      const known = Object.keys(contextsOf(raw));
      if (!known.includes(name) || !isObject(raw.contexts)) throw new UsageError(`no context named "${name}"; ${known.length ? `contexts: ${known.join(', ')}` : 'no context is defined yet'}`);
      delete raw.contexts[name];
      wasCurrent = raw['current-context'] === name;
      if (wasCurrent) raw['current-context'] = DEFAULT_CONTEXT;
    });
    app.info(`context ${name} deleted, with its stored tokens${wasCurrent ? `; the current context is ${DEFAULT_CONTEXT} now` : ''}`);
  },
});
