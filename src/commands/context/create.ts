// `context create NAME`: a new context, from the --api-url and --project of this command line
// only (INFRA_API_URL and INFRA_PROJECT belong to the shell, not to the context being made).
// Its token is stored by `infra --context NAME auth login`, verified as any login is.
import { arg, defineCommand, flag } from '../../cli/command.js';
import { updateConfig } from '../../cli/config.js';
import { contextNameProblem, contextsOf, isObject } from '../../cli/contexts.js';
import { UsageError } from '../../cli/errors.js';

export default defineCommand({
  path: ['context', 'create'],
  description: 'make a context: an API URL, its own tokens and a default project (--api-url and --project of this line)',
  args: [arg('<name>', 'the new context: letters, digits, ".", "_", "-"')],
  options: { use: flag('--use', 'use it from now on (as infra context use NAME)') },
  examples: ['infra context create work --api-url https://danubedata.ro --project 42', 'infra context create lab --api-url http://127.0.0.1:8080 --use', 'infra --context work auth login'],
  help: "The token is not part of this command: store it with 'infra --context NAME auth login', which checks it first.",
  run: async (app, { args: [name], opts }) => {
    const problem = contextNameProblem(name);
    if (problem) throw new UsageError(problem);
    const s = app.settings;
    const entry: Record<string, unknown> = {};
    if (s.apiUrlSource === 'flag' && s.apiUrl) entry['api-url'] = app.requireApiUrl();
    if (s.projectSource === 'flag' && s.project) entry.project = s.project;
    updateConfig(app.ctx.env, (raw) => {
      if (contextsOf(raw)[name] !== undefined) throw new UsageError(`a context named "${name}" exists already`, `'infra context delete ${name}' first, or pick another name`);
      const contexts = isObject(raw.contexts) ? raw.contexts : {};
      contexts[name] = entry;
      raw.contexts = contexts;
      if (opts.use || raw['current-context'] === undefined) raw['current-context'] = opts.use ? name : 'default';
    });
    app.info(`context ${name} created${opts.use ? ' and in use' : ''}; store its token with 'infra --context ${name} auth login'`);
  },
});
