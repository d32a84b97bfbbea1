// `infra serverless logs <id>`: the container's log stream (shared/logs-stream.ts) with the
// container filter of docs/behaviour.md#api-logs.
import { resourceArg, choice, defineCommand } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { containerPath, DIAGNOSTICS_PERMISSION } from '../../client/diagnostics.js';
import { logOptions, planLogs, streamLogs } from '../kit/logs-stream.js';
import { onServerClock } from '../kit/logs-window.js';

export default defineCommand({
  path: ['serverless', 'logs'],
  description: 'container logs, page by page as they arrive (NDJSON with --json); needs serverless:diagnostics',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: (() => {
    const { since, until, level, limit, cursor, follow } = logOptions();
    const container = choice('--container <name>', 'user-container (the process), queue-proxy (the request sidecar) or all', ['user-container', 'queue-proxy', 'all'], 'user-container');
    return { since, until, level, container, limit, cursor, follow };
  })(),
  examples: [
    'infra serverless logs web',
    'infra serverless logs web --since 15m --level error',
    'infra serverless logs web --since 2025-01-31T14:00:00Z --until 2025-01-31T15:00:00Z --json | jq -r .message',
    'infra serverless logs web --container queue-proxy --follow',
  ],
  run: async (app, { args: [ref], opts }) => {
    // Checked on the local clock before any request (usage errors cost nothing)...
    const local = planLogs(app, opts);
    const client = await app.client();
    const id = await client.serverless.resolveId(ref, { signal: app.ctx.signal });
    // ...then, once the server has said its time (the name's lookup), measured on its clock.
    const plan = client.http.serverClock.known ? onServerClock(local, opts, app.serverNow()) : local;
    return streamLogs(app, client, { path: containerPath(id), permission: DIAGNOSTICS_PERMISSION, noun: 'container' }, plan);
  },
});
