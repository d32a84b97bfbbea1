// `operations wait <id>`: follows one operation of GET /api/v1/operations/{id} until it is
// terminal, with the one wait engine and its exit codes: 0 succeeded,
// 1 failed or cancelled, 6 timeout, 130 Ctrl-C, 143 SIGTERM. The server's `poll_after_ms`
// paces the reads (a floor under the engine's schedule, which takes over when it is null).
import { resourceArg, defineCommand, option } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { CliError } from '../../cli/errors.js';
import { durationOption } from '../../cli/options.js';
import { NotFoundError, UnavailableError } from '../../client/errors.js';
import { formatDuration } from '../../shared/duration.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { progressOption, waitFlagsOf } from '../kit/wait/flags.js';
import { waitForRead } from '../kit/wait/operation.js';
import type { Operation } from '../../client/schemas.js';
import type { OperationSubject } from '../kit/wait/operation-words.js';
import { endpointOf, findOperation, GRACE_MS, operationStatus, readOnce, type OperationRead } from './read.js';

export default defineCommand({
  path: ['operations', 'wait'],
  description: 'wait until an operation is finished (exit 0 succeeded, 1 failed, 6 timeout)',
  args: [resourceArg('<id>', "operation id, or a container's id, name or slug (its latest operation)", CONTAINERS)],
  options: {
    timeout: option('--timeout <duration>', 'give up waiting after this long, e.g. 90s, 15m (default 15m; the operation goes on)', durationOption('--timeout', { min: 1_000 })),
    progress: progressOption(),
  },
  examples: ['infra operations wait web', 'infra operations wait web --timeout 30m --json | jq .state'],
  help: `Progress goes to stderr; --json prints the operation as its last read gave it. An operation id the API does not know yet is waited for up to ${formatDuration(GRACE_MS)} (right after a create the operation may not exist for a few seconds), then the wait ends with exit 5.`,
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf({ timeout: opts.timeout, progress: opts.progress }, true);
    const client = await app.client();
    const found = await findOperation(app, client, ref, true);
    const op = found.read?.operation;
    const containerId = op?.resource_id ?? (found.name ? found.id : undefined);
    let last: OperationRead | undefined = found.read;
    const started = app.ctx.clock.now();
    const endpoint = endpointOf(found.id);
    const subject: OperationSubject = {
      command: 'serverless',
      noun: 'operation',
      id: containerId ?? found.id,
      name: found.name ?? (containerId ? `container ${containerId}` : found.id),
      verb: op?.kind ?? 'operation',
      // The operation is what is read: its `terminal` alone decides (evidence "settled").
      target: {},
      resumeCommand: `infra operations wait ${ref}`,
      ...(containerId ? { failureRef: containerId } : { look: `'infra operations get ${ref}' shows it` }),
    };
    /** An operation that was not there at first: once read, the messages name its kind and container. */
    const learn = (o: Operation) => {
      if (subject.failureRef || !o.resource_id) return;
      Object.assign(subject, { id: o.resource_id, name: `container ${o.resource_id}`, verb: o.kind ?? subject.verb, failureRef: o.resource_id, look: undefined });
    };
    return waitForRead(app, client, subject, flags, {
      ...(last ? { initial: operationStatus(last.operation, found.id) } : {}),
      endpoint,
      fetch: async (signal) => {
        try {
          last = await readOnce(client, found.id, signal);
        } catch (err) {
          if (!(err instanceof NotFoundError) || last) throw err;
          if (app.ctx.clock.now() - started < GRACE_MS) throw new UnavailableError(`operation ${found.id} not there yet (404)`, 404, endpoint);
          throw new CliError(
            ExitCode.NOT_FOUND,
            `no operation ${found.id}: ${endpoint} still answered 404 after ${formatDuration(GRACE_MS)}`,
            "give an operation id (printed by 'infra serverless create' and 'update') or a container's id, name or slug",
          );
        }
        learn(last.operation);
        return operationStatus(last.operation, found.id);
      },
      json: () => (last ? last.data : null),
    });
  },
});
