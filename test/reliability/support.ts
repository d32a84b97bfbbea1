// Shared checks of the reliability suite: the "clean failure" assertions every run of the
// campaign must pass. (Its clock is the instant clock of test/helpers/clock.ts.)
import { expect } from 'vitest';
import type { CliResult } from '../helpers/cli.js';

/** Every secret the seed hands out: tokens and the datastore passwords. */
export const SEED_SECRETS = ['pg-S3cret-orders', 'my-S3cret-shop', 'maria-S3cret', 'pg-staging', 'redis-S3cret', 'valkey-S3cret', 'df-S3cret'];

/** No stack trace, no token, nothing but `error:`/`hint:`/indented detail lines after an error. */
export function assertClean(r: CliResult, token: string, context: string): void {
  const all = r.stdout + r.stderr;
  expect(all, context).not.toMatch(/\n\s+at .+[(:]\d+/);
  expect(all, context).not.toMatch(/\b(TypeError|ReferenceError|RangeError|SyntaxError|unexpected error)\b/);
  expect(all, context).not.toContain(token);
}
