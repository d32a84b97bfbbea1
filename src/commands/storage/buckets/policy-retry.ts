// A bucket policy change answers 409 `{error}` with `Retry-After` while an earlier one is being
// applied. A short wait (at most 10 s) is waited once, said on stderr; a longer one, or a second
// 409, ends the command (exit 1) saying when to try again.
import type { App } from '../../../cli/app.js';
import { CliError } from '../../../cli/errors.js';
import { ConflictError } from '../../../client/errors.js';
import { retryAfterMs } from '../../../client/retry.js';
import { ExitCode } from '../../../shared/exit-codes.js';

export const RETRY_ONCE_MAX_S = 10;

/** Whole seconds of a Retry-After header (read by the client's one parser), when readable. */
export function retryAfterSeconds(header: string | undefined, nowMs: number): number | undefined {
  const ms = retryAfterMs(header, nowMs);
  return ms === undefined ? undefined : Math.ceil(ms / 1000);
}

/** What to do with a 409: wait `seconds` and retry, or stop with the time to come back. */
export function retryDecision(seconds: number | undefined, attempt: number): { retry: true; seconds: number } | { retry: false; seconds?: number } {
  if (attempt === 0 && seconds !== undefined && seconds <= RETRY_ONCE_MAX_S) return { retry: true, seconds };
  return { retry: false, seconds };
}

export async function withPolicyRetry<T>(app: App, what: string, send: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      if (!(err instanceof ConflictError) || err.status !== 409) throw err;
      const seconds = retryAfterSeconds(err.headers?.['retry-after'], app.ctx.clock.now());
      const d = retryDecision(seconds, attempt);
      if (d.retry) {
        app.warn(`${what}: the API is still applying an earlier policy change (409); retrying once in ${d.seconds}s`);
        await app.ctx.clock.sleep(d.seconds * 1000, app.ctx.signal);
        continue;
      }
      const when = d.seconds !== undefined ? `in ${d.seconds}s (Retry-After)` : 'in a few seconds';
      throw new CliError(ExitCode.FAILED, `${what} refused: ${err.message} (409)`, `an earlier policy change is still being applied: try again ${when}`);
    }
  }
}
