// `context current`: the context this run uses. `--short` prints only its name, for a shell
// prompt: no request, and nothing loaded but the config file (run.ts reads it anyway).
import { defineCommand, flag } from '../../cli/command.js';
import { readRawConfig } from '../../cli/config.js';
import { contextsOf } from '../../cli/contexts.js';
import { contextRow } from './rows.js';

const FROM = { flag: '--context', env: 'INFRA_CONTEXT', config: 'the config file', default: 'the default' } as const;

export default defineCommand({
  path: ['context', 'current'],
  description: 'print the context in use and where that choice comes from (--short: the name only)',
  options: { short: flag('--short', 'print only the name (for a shell prompt)') },
  examples: ['infra context current', 'infra context current --short', 'infra --context staging context current'],
  run: async (app, { opts }) => {
    const s = app.settings;
    if (opts.short) return app.print(s.context);
    const entry = contextsOf(readRawConfig(app.ctx.env))[s.context];
    const row = entry ? contextRow(s.context, entry, s.context) : undefined;
    if (app.json)
      return app.printJson({ name: s.context, source: s.contextSource, exists: row !== undefined, api_url: row?.api_url ?? null, project: row?.project ?? null, token: row?.token ?? 'none' });
    app.keyValue([
      ['Context', `${s.context} (from ${FROM[s.contextSource]})`],
      ['API URL', row?.api_url ?? 'not stored'],
      ['Project', row?.project ?? 'account default'],
      ['Token', row?.token ?? 'none'],
    ]);
    if (s.contextProblem) app.warn(s.contextProblem.message);
  },
});
