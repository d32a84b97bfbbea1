// `infra <family> logs <id>`: the resource's log stream, with the same window, paging,
// retention and exit-code rules as `serverless logs` (docs/behaviour.md#logs).
import { resourceArg, defineCommand, type CommandDef } from '../../cli/command.js';
import { logOptions, planLogs, streamLogs } from '../kit/logs-stream.js';
import type { FamilySpec } from './family.js';

export function logsCommand(spec: FamilySpec): CommandDef {
  return defineCommand({
    path: [...spec.command.split(' '), 'logs'],
    description: `logs of a ${spec.label}, page by page as they arrive (NDJSON with --json)`,
    args: [resourceArg('<id>', `${spec.label} id or name`, spec.kind)],
    options: logOptions(),
    examples: [`infra ${spec.command} logs ${spec.example.name} --since 2h`, `infra ${spec.command} logs ${spec.example.name} --level error --json`],
    run: async (app, { args: [ref], opts }) => {
      const plan = planLogs(app, opts);
      const client = await app.client();
      const id = (await client.resources.resolve(spec.kind, ref, { signal: app.ctx.signal })).id;
      return streamLogs(app, client, { path: `${spec.kind.path}/${encodeURIComponent(id)}`, permission: `${spec.kind.permission}:read`, noun: spec.label }, plan);
    },
  });
}
