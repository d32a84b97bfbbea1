// `operations get <id>`: one operation of GET /api/v1/operations/{id} (the id of an operation,
// or a container's id, name or slug for its latest operation).
import { resourceArg, defineCommand } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { findOperation, retryableText } from './read.js';

export default defineCommand({
  path: ['operations', 'get'],
  description: 'show one operation: its state, whether it is finished, the revision and image it rolls out, its error',
  args: [resourceArg('<id>', "operation id, or a container's id, name or slug (its latest operation)", CONTAINERS)],
  examples: ['infra operations get web', 'infra operations get web --json | jq .state'],
  help: 'The reference is sent as it is first (an operation id or a container id); only when the API answers 404 and it is not shaped like an id is it looked up as a container name or slug.',
  run: async (app, { args: [ref] }) => {
    const client = await app.client();
    const found = await findOperation(app, client, ref);
    const { operation: op, data } = found.read!;
    if (app.json) return app.printJson(data);
    const err = op.error ?? undefined;
    app.keyValue([
      ['Operation', op.operation_id ?? undefined],
      ['Resource', op.resource_id ? `${op.resource_id}${op.resource_type ? ` (${op.resource_type})` : ''}` : undefined],
      ['Kind', op.kind ?? undefined],
      ['State', op.state ?? undefined],
      ['Terminal', op.terminal === undefined || op.terminal === null ? undefined : op.terminal ? 'yes' : 'no: still running'],
      ['Revision', op.revision ?? undefined],
      ['Image', op.image ?? undefined],
      ['Started', op.started_at ?? undefined],
      ['Finished', op.finished_at ?? undefined],
      ['Error', err ? `${err.code ?? 'unknown'}${err.message ? `: ${err.message}` : ''}` : undefined],
      ['Retryable', err ? retryableText(err.retryable) : undefined],
    ]);
    if (op.terminal === false) app.hint(`follow it with: infra operations wait ${ref}`);
  },
});
