// What a replace-existing restore shows before it is sent (docs/behaviour.md#api-recovery, docs/behaviour.md#restore),
// and how the API's refusals read afterwards.
import { CliError } from '../../cli/errors.js';
import type { App } from '../../cli/app.js';
import { ConflictError, ValidationError } from '../../client/errors.js';
import type { RecoveryPoint } from '../../client/schemas.js';
import { originLabel, plain, stateOf } from './format.js';
import { pointResource, type RecoveryProduct } from '../../client/recovery.js';
import { ExitCode } from '../../shared/exit-codes.js';

export function reviewLines(product: RecoveryProduct, point: RecoveryPoint, safetyPoint: boolean): string[] {
  const r = pointResource(point, product);
  const resource = r.name ? `${r.name}${r.id !== undefined ? ` (${product} ${r.id})` : ''}` : r.id !== undefined ? `${product} ${r.id} (name not given by the API)` : '(not given by the API)';
  const created = point.created_at ? `, taken ${point.created_at}` : '';
  const loss = point.created_at ? `everything written after ${point.created_at} is lost` : 'everything written after the point was taken is lost (the API did not give its time)';
  const lines = [
    'Replace-existing restore: destructive',
    `  resource:      ${resource}`,
    `  point:         ${point.id}${point.name ? ` "${point.name}"` : ''} (${[originLabel(point.origin), stateOf(point)].filter(Boolean).join(', ') || 'state not given'}${created})`,
    `  data loss:     ${loss}`,
    `  safety point:  ${safetyPoint ? 'on (a point of the current data is taken first)' : 'off (--no-safety-point: the current data is not kept)'}`,
    '  availability:  the resource is unavailable during the restore; its address and credentials stay the same',
  ];
  const restore = point.actions?.find((a) => a.name === 'restore');
  if (restore && !restore.available) lines.push(`  note:          the point lists restore as unavailable${restore.reason ? ` (${plain(restore.reason)})` : ''}`);
  return lines;
}

export function printReview(app: App, product: RecoveryProduct, point: RecoveryPoint, safetyPoint: boolean): void {
  // Not progress: shown even with --quiet, because it is what the user is agreeing to.
  const [head, ...rest] = reviewLines(product, point, safetyPoint);
  app.ctx.stderr.write(`${app.errStyle.bold(head ?? '')}\n${rest.join('\n')}\n`);
}

/** The API's 409 and 422 answers to a restore, as a sentence and what to do next. */
export function explainRefusal(err: unknown, resource: string | undefined, key: string): unknown {
  const capabilities = "'infra recovery capabilities' shows which products can replace the existing resource; 'infra snapshots list <product>' shows each point's actions";
  if (err instanceof ConflictError) {
    // A 422 without field errors also arrives here: it refuses the resource's state, not the input.
    const said = err.message;
    const refused = `refused by the API (${err.status})`;
    if (/idempotency/i.test(said))
      return new CliError(
        1,
        `${refused}: the idempotency key ${key} was already used for a different request; the API said: ${said}`,
        'a new request needs a new key: run it without --idempotency-key; reuse a key only to retry the very same request',
      );
    if (/destructive|at a time|already running|in progress/i.test(said))
      return new CliError(
        1,
        `${refused}: another destructive operation is running on ${resource ?? 'this resource'}; one runs per resource at a time. The API said: ${said}`,
        'wait until that operation has finished, then run the restore again',
      );
    return new CliError(ExitCode.FAILED, `${refused}: ${said}`, err.status === 422 ? capabilities : undefined);
  }
  if (err instanceof ValidationError) {
    const details = Object.entries(err.fieldErrors).flatMap(([field, msgs]) => msgs.map((m) => `  ${field}: ${m}`));
    return new CliError(ExitCode.USAGE, `the API refused the restore (${err.status}): ${err.message}`, details.length ? undefined : capabilities, details);
  }
  return err;
}
