// The simulator (`infra sim`, in the CLI bundle) serves REST only, but msw reaches its GraphQL
// parser through a dynamic import: unless the build resolves it to nothing, both bundles ship
// graphql (~430 KB in the CLI's chunks) that nothing runs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

/** The module marker of graphql's error class (the build keeps each module's source path): its code, under any chunk name. */
const PARSER_MARK = 'graphql/error/GraphQLError.js';

describe('dist/ ships no GraphQL', () => {
  const shipped = files(join(ROOT, 'dist')).filter((f) => /\.(c?js)$/.test(f));

  it('finds the bundles it checks', () => {
    expect(shipped.some((f) => f.endsWith(join('cli', 'main.cjs')))).toBe(true);
    expect(shipped.some((f) => f.endsWith('lib.js'))).toBe(true);
  });

  it('no graphql chunk in either bundle', () => {
    expect(shipped.map((f) => relative(ROOT, f)).filter((f) => /graphql/i.test(f))).toEqual([]);
  });

  it("no file holds graphql's parser", () => {
    expect(shipped.filter((f) => readFileSync(f, 'latin1').includes(PARSER_MARK)).map((f) => relative(ROOT, f))).toEqual([]);
  });
});
