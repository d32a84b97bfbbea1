// serverless list/get/create/update/redeploy/wait/delete. Registration only: flag parsers
// come from flags.ts (commander only), the verb modules load when they run.
import type { Command } from 'commander';
import { examples, intOption, pageOptions, type ActionFactory } from '../../cli/program.js';
import { durationOption } from '../../cli/options.js';
import { envKey, envPair, nonEmpty, profileOption, rangeInt, slugOption } from './flags.js';
import { timestampOption } from '../../cli/options.js';

const MIN_INTERVAL_MS = 100;

function waitOptions(cmd: Command, withWait = true): Command {
  if (withWait) cmd.option('--wait', 'wait until the rollout of this change finishes (exit 0 ready, 3 degraded, 1 failed/cancelled, 6 timeout)');
  return cmd
    .option('--timeout <duration>', 'give up waiting after this long, e.g. 90s, 15m, 2h (default 15m; the rollout goes on)', durationOption('--timeout', { min: 1_000 }))
    .option('--interval <duration>', 'longest pause between status checks; checks start at 1s and back off to it (default 5s)', durationOption('--interval', { min: MIN_INTERVAL_MS }));
}

function specOptions(cmd: Command): Command {
  return cmd
    .option('--port <port>', 'port the container listens on (1-65535)', rangeInt('--port', 1, 65535))
    .option('--env <KEY=VALUE>', 'set an environment variable (repeatable)', envPair)
    .option('--min <n>', 'minimum instances (0 scales to zero)', rangeInt('--min', 0, 1000))
    .option('--max <n>', 'maximum instances per revision', rangeInt('--max', 1, 1000))
    .option('--profile <name>', 'resource profile: free, small, medium or large', profileOption);
}

export function registerRollout(serverless: Command, action: ActionFactory): void {
  examples(
    pageOptions(serverless.command('list').description('list containers with their status (summary, health, operation, generations)'))
      .action(action(() => import('./list.js'))),
    ['infra serverless list', 'infra serverless list --all --json | jq -r \'.[] | select(.status_details.summary != "ready") | .name\''],
  );

  examples(
    serverless
      .command('get')
      .description('show one container: status details, generations, the error of a failed rollout')
      .argument('<id>', 'container id, name or slug')
      .option('--show-secrets', 'show environment variable values unmasked')
      .action(action(() => import('./get.js'))),
    ['infra serverless get web', 'infra serverless get web --json | jq .status_details'],
  );

  examples(
    waitOptions(
      specOptions(
        serverless
          .command('create')
          .description('create a container and roll out its first revision')
          .requiredOption('--name <name>', 'container name (the slug is derived from it unless --slug is given)', nonEmpty('--name'))
          .requiredOption('--image <ref>', 'image reference, e.g. registry.example.com/team/app:1.0 (sent as image and image_tag; no tag means latest)', nonEmpty('--image'))
          .option('--slug <slug>', 'URL-safe identifier (default: derived from the name)', slugOption),
      ),
    ).action(action(() => import('./create.js'))),
    [
      'infra serverless create --name web --image registry.example.com/acme/web:1.0 --port 8080 --wait',
      'infra serverless create --name api --image ghcr.io/acme/api:2.3 --env LOG_LEVEL=info --env REGION=eu --min 1 --max 5',
      'id=$(infra serverless create --name worker --slug worker-eu --image ghcr.io/acme/worker:1.0)',
    ],
  );

  examples(
    waitOptions(
      specOptions(
        serverless
          .command('update')
          .description("change a container's image or settings; prints the change's generation")
          .argument('<id>', 'container id, name or slug')
          .option('--image <ref>', 'new image reference', nonEmpty('--image'))
          .option('--unset-env <KEY>', 'remove an environment variable (repeatable)', envKey),
      ),
    ).action(action(() => import('./update.js'))),
    [
      'infra serverless update web --image registry.example.com/acme/web:1.3 --wait',
      'infra serverless update web --env LOG_LEVEL=debug --unset-env OLD_FLAG --wait --timeout 5m',
      'infra serverless update api --max 10 --json | jq .spec_generation',
    ],
  );

  examples(
    waitOptions(
      serverless
        .command('redeploy')
        .description('roll out the current configuration again (a new revision)')
        .argument('<id>', 'container id, name or slug'),
    ).action(action(() => import('./redeploy.js'))),
    ['infra serverless redeploy web --wait', 'infra serverless redeploy web --wait --timeout 10m --json'],
  );

  examples(
    waitOptions(
      serverless
        .command('wait')
        .description('wait for a rollout to finish (resumes a --wait that timed out or was interrupted)')
        .argument('<id>', 'container id, name or slug')
        .option('--generation <n>', "the change to wait for (default: the container's latest spec_generation)", intOption('--generation'))
        .option('--observed-after <timestamp>', 'servers without generations: the observed_at of the read before the change (printed by update and redeploy)', timestampOption('--observed-after')),
      false,
    ).action(action(() => import('./wait.js'))),
    ['infra serverless wait web', 'infra serverless wait web --generation 7 --timeout 30m', 'infra serverless wait web --json | jq -r .outcome'],
  );

  examples(
    serverless
      .command('delete')
      .description('delete a container (asks to type its name on a terminal; --yes otherwise)')
      .argument('<id>', 'container id, name or slug')
      .option('-y, --yes', 'delete without asking')
      .action(action(() => import('./delete.js'))),
    ['infra serverless delete web', 'infra serverless delete web --yes'],
  );
}
