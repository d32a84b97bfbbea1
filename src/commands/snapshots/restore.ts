// `snapshots restore <product> <point-id>`: replace the existing resource from a point
// (docs/behaviour.md#restore). Everything that can be refused locally is refused before any request;
// the point is read first so the review can name the resource and the data-loss cutoff.
import { randomUUID } from 'node:crypto';
import { UsageError } from '../../cli/errors.js';
import { need } from '../../client/wire.js';
import { CLONE_PRODUCTS, pointResource, type RecoveryProduct } from '../../client/recovery.js';
import { plain, productArg } from './format.js';
import { explainRefusal, printReview } from './review.js';
import { arg, resourceArg, defineCommand, flag, option } from '../../cli/command.js';
import { RECOVERY_POINTS } from '../../client/families.js';
import { CliError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import type { Resource } from '../../client/resources.js';
import { productSpec } from './targets.js';
import { restoreFollowCommand, waitForResource, waitForRestoreOperation } from './waits.js';
import { canPrompt, ciSet } from '../resource/confirm.js';
import type { RecoveryPoint } from '../../client/schemas.js';

const KEY = /^[\x21-\x7e]{1,255}$/;

export default defineCommand({
  path: ['snapshots', 'restore'],
  description: 'replace the existing resource with a recovery point (destructive: everything written after the point is lost)',
  args: [arg('<product>', ''), resourceArg('<point-id>', '', RECOVERY_POINTS)],
  options: {
    confirm: option('--confirm <name>', "the resource's exact name (required without a terminal; on a terminal you are asked to type it)"),
    safetyPoint: flag('--no-safety-point', 'do not take a safety point of the current data first'),
    idempotencyKey: option('--idempotency-key <key>', 'retry a restore safely: the same key returns the same operation (default: a new key, printed)'),
    ...operationWaitOptions('restore'),
  },
  examples: [
    'infra snapshots restore database 31',
    'infra snapshots restore vps 11 --confirm vps-01',
    'infra snapshots restore cache 21 --confirm sessions-redis --no-safety-point',
    'infra snapshots restore vps 11 --confirm vps-01 --idempotency-key 3f6c9d2e-retry',
    'infra snapshots restore cache 21 --confirm sessions-redis --wait',
  ],
  help: "Check what a product supports first: 'infra recovery capabilities' (PostgreSQL and MariaDB restore to a new resource only: 'infra snapshots clone <product> <point>'). With --wait: the restore operation when the API gives one (202), otherwise the resource's own status, until it runs again.",
  run: async (app, { args, opts }) => {
    const product = productArg(args[0]);
    const flags = waitFlagsOf(opts);
    const pointId = args[1].trim();
    if (!pointId) throw new UsageError('give the recovery point id', `'infra snapshots list ${product}' lists them`);
    const givenKey = opts.idempotencyKey;
    if (givenKey !== undefined && !KEY.test(givenKey)) throw new UsageError('--idempotency-key must be 1 to 255 printable characters without spaces');
    const confirmFlag = opts.confirm;
    if (confirmFlag !== undefined && confirmFlag.trim() === '') throw new UsageError('--confirm needs the exact name of the resource');
    // The shared rule of destructive commands: a person is asked only on a terminal and not in CI.
    const prompter = canPrompt(app) ? app.ctx.prompter : undefined;
    if (confirmFlag === undefined && !prompter)
      throw new UsageError(
        `a restore replaces the resource and must be confirmed; ${ciSet(app.ctx.env) ? 'CI is set, so nothing is asked' : 'there is no terminal to ask on'}: pass --confirm NAME (the resource's exact name); nothing was sent`,
        `'infra snapshots list ${product}' shows the resource of each point`,
      );
    const safetyPoint = opts.safetyPoint;

    const client = await app.client();
    const { item: point } = await client.recovery.findPoint(product, pointId, { signal: app.ctx.signal });
    // The point says it cannot be restored in place: no review, no question, nothing sent.
    const refusal = unavailable(point!, product);
    if (refusal) throw refusal;
    printReview(app, product, point!, safetyPoint);

    const known = pointResource(point!, product).name;
    const typed = confirmFlag ?? (await prompter!.text(`Type the name of the resource${known ? ` (${known})` : ''} to confirm: `)).trim();
    // The API checks the name too; refusing a mismatch here means nothing destructive was sent.
    if (!typed) throw new UsageError('no name typed; nothing was sent');
    if (known !== undefined && typed !== known) throw new UsageError(`"${typed}" is not the resource's name "${known}"; nothing was sent`);

    // Without an operation (a 200), the wait follows the resource: its read before the restore tells a fresh one.
    const resource = pointResource(point!, product);
    let before: Resource | null = null;
    if (flags.wait) {
      if (!resource.id) throw new CliError(ExitCode.FAILED, `cannot wait for the restore: point ${point!.id} does not name its ${product}; nothing was sent`, 'run it without --wait');
      before = (await client.resources.get(productSpec(product).kind, resource.id, { signal: app.ctx.signal })).value;
    }

    const key = givenKey ?? randomUUID();
    app.ctx.stderr.write(`idempotency key: ${key} (reuse it with --idempotency-key to retry safely)\n`);
    let answer;
    try {
      answer = await client.recovery.restore(product, point!.id, { confirmName: typed, safetyPoint, idempotencyKey: key }, { signal: app.ctx.signal });
    } catch (err) {
      throw explainRefusal(err, known, key);
    }
    const { operation_id: opId, message } = answer.value;
    const opUrl = answer.value.operation_url ?? answer.value.redirect;
    if (answer.status === 202) {
      const endpoint = `POST /api/v1/snapshots/${product}/${point!.id}/restore`;
      const operation = need(opId, endpoint, 'operation_id');
      if (!app.json) app.print(operation);
      else if (!flags.wait) app.printJson(answer.raw);
      app.info(`restore accepted: operation ${operation}${opUrl ? ` (${opUrl})` : ''}`);
      // The page is for people: the operation is followed by its id on the operations route.
      if (flags.wait) return waitForRestoreOperation(app, client, product, operation, known ?? resource.id ?? `the ${product}`, flags);
      app.hint(`follow it with: ${restoreFollowCommand(product, operation)}`);
      return;
    }
    if (app.json && !flags.wait) app.printJson(answer.raw);
    app.info(
      `the restore of ${known ?? 'the resource'} from ${pointId} started directly, as before (the replace-existing gate is closed for this account, so there is no operation to follow)${message ? `: ${message}` : ''}`,
    );
    if (flags.wait) return waitForResource(app, client, product, { id: resource.id!, name: known ?? resource.id! }, 'restore', before, flags);
  },
});

/**
 * The point's own word (its `restore` action unavailable, docs/behaviour.md#api-recovery) as the refusal: exit 1,
 * the reason, and where to go instead (a clone where the product has one).
 */
function unavailable(point: RecoveryPoint, product: RecoveryProduct): CliError | undefined {
  const restore = point.actions?.find((a) => a.name === 'restore');
  if (!restore || restore.available !== false) return undefined;
  const clone = point.actions?.find((a) => a.name === 'restore_to_new');
  const canClone = clone?.available === true && CLONE_PRODUCTS.some((p) => p === product);
  return new CliError(
    ExitCode.FAILED,
    `refusing to restore point ${point.id} in place: ${restore.reason ? plain(restore.reason) : 'the API lists restore as unavailable without a reason'}; nothing was sent`,
    canClone
      ? `restore it to a new ${product} instead: infra snapshots clone ${product} ${point.id} --name NAME`
      : `'infra snapshots list ${product}' shows each point's actions; 'infra recovery capabilities' what each product supports`,
  );
}
