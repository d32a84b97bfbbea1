// Registers the diagnostic verbs of `infra serverless`: revisions, events, logs, diagnose.
// Only commander is loaded here; each verb's module is imported when it runs.
import { Option, type Command } from 'commander';
import { examples, intOption, type ActionFactory } from '../../cli/program.js';

export function registerDiagnostics(serverless: Command, action: ActionFactory): void {
  examples(
    serverless
      .command('revisions')
      .description('every revision with its conditions (True satisfied, False settled failure, Unknown in progress), and Service and Route readiness')
      .argument('<id>', 'container id, name or slug')
      .action(action(() => import('./revisions.js'))),
    ['infra serverless revisions web', 'infra serverless revisions edge --json | jq ".route.traffic"'],
  );

  examples(
    serverless
      .command('events')
      .description('platform events of the container (ephemeral: their absence proves nothing); needs serverless:diagnostics')
      .argument('<id>', 'container id, name or slug')
      .action(action(() => import('./events.js'))),
    ['infra serverless events api', 'infra serverless events api --json | jq ".[] | select(.type == \\"Warning\\")"'],
  );

  examples(
    serverless
      .command('logs')
      .description('container logs, page by page as they arrive (NDJSON with --json); needs serverless:diagnostics')
      .argument('<id>', 'container id, name or slug')
      .option('--since <D|TS>', 'start of the window: a duration back from now (90s, 15m, 2h, 3d) or an ISO 8601 timestamp with offset; at most 10 days back (default: 1h)')
      .option('--until <TS>', 'end of the window: an ISO 8601 timestamp with offset (default: now)')
      .addOption(
        new Option('--level <level>', 'only lines whose text mentions this level; a text match, not a guarantee (lines without a level word are not matched)').choices(['debug', 'info', 'warn', 'error']),
      )
      .addOption(
        new Option('--container <name>', 'user-container (the process), queue-proxy (the request sidecar) or all').choices(['user-container', 'queue-proxy', 'all']).default('user-container'),
      )
      .option('--limit <n>', 'page size asked of the API (not a total: every page is read)', intOption('--limit'))
      .option('--cursor <cursor>', 'continue from a meta.next_cursor of an earlier page')
      .option('-f, --follow', 'after the window, keep polling for new lines until Ctrl-C')
      .action(action(() => import('./logs.js'))),
    [
      'infra serverless logs web',
      'infra serverless logs web --since 15m --level error',
      'infra serverless logs web --since 2025-01-31T14:00:00Z --until 2025-01-31T15:00:00Z --json | jq -r .message',
      'infra serverless logs web --container queue-proxy --follow',
    ],
  );

  examples(
    serverless
      .command('diagnose')
      .description('ranked findings about what is wrong with a container, from the API or correlated locally')
      .argument('<id>', 'container id, name or slug')
      .option('--local', "correlate status, latest revision, route and recent logs here instead of asking the API's diagnose endpoint")
      .option('--exit-status', 'exit 1 when a finding is fatal (findings are data: exit 0 otherwise)')
      .action(action(() => import('./diagnose.js'))),
    ['infra serverless diagnose worker', 'infra serverless diagnose worker --local', 'infra serverless diagnose api --json | jq ".data.findings[0].code"', 'infra serverless diagnose web --exit-status || echo "web is down"'],
  );
}
