// The route walk: every operation of the facts' generated section (test/fixtures/real-api.md)
// is reached by a command of the index (src/commands/route-table.ts says which) or listed as
// left out with a reason; docs/route-walk.md is rendered from the two and must be current.
// `INFRA_WRITE_ROUTE_WALK=1 npx vitest run test/ship/route-walk.test.ts` (npm run route-walk)
// rewrites the page after a change.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/commands/index.js';
import { COMMAND_ROUTES, LEFT_OUT } from '../../src/commands/route-table.js';
import { loadFacts } from '../fixtures/facts.js';
import { ROOT } from '../helpers/cli.js';

const PAGE = join(ROOT, 'docs', 'route-walk.md');
const facts = loadFacts();
/** `GET /serverless/{serverlessContainer}` → its family in the facts, in the facts' order. */
const OPERATIONS = new Map([...facts.operations.values()].map((o) => [o.key.replace(' /api/v1/', ' /'), o.family]));
const PATHS = new Set(COMMANDS.flatMap((c) => [c.path, ...(c.aliases ?? []).map((a) => `${c.path.split(' ').slice(0, -1).join(' ')} ${a}`.trim())]));

function reachedBy(op: string): string[] {
  return COMMAND_ROUTES.filter(([, ops]) => ops.includes(op)).map(([command]) => command);
}
function leftOut(op: string): string[] {
  return LEFT_OUT.filter(([pattern]) => pattern.test(op)).map(([, reason]) => reason);
}

function renderRouteWalk(): string {
  const reached = [...OPERATIONS.keys()].filter((op) => reachedBy(op).length > 0);
  const out = [...OPERATIONS.keys()].filter((op) => reachedBy(op).length === 0);
  const lines = [
    '# The route walk: every API operation and the command that reaches it',
    '',
    'Generated from `src/commands/route-table.ts` and the operations of `test/fixtures/real-api.md`',
    'by `test/ship/route-walk.test.ts` (`npm run route-walk` rewrites it; the test fails when this',
    'page is stale, when an operation is neither reached nor left out with a reason, or when the',
    'table names a command or an operation that does not exist). Paths drop the `/api/v1` prefix.',
    '',
    `${reached.length} of ${OPERATIONS.size} operations are reached by a command; ${out.length} are left out, each with its reason below.`,
    '',
  ];
  let family = '';
  for (const op of reached) {
    if (OPERATIONS.get(op) !== family) {
      family = OPERATIONS.get(op)!;
      lines.push('', `## ${family}`, '', '| operation | command |', '| --- | --- |');
    }
    lines.push(
      `| \`${op}\` | ${reachedBy(op)
        .map((c) => `\`infra ${c}\``)
        .join(', ')} |`,
    );
  }
  lines.push('', '## Left out', '', '| operation | why |', '| --- | --- |');
  for (const op of out) lines.push(`| \`${op}\` | ${leftOut(op).join('; ')} |`);
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n')}\n`;
}

describe('the route walk', () => {
  it('the table names only commands of the index and operations of the facts', () => {
    const unknownCommands = COMMAND_ROUTES.map(([c]) => c).filter((c) => !PATHS.has(c));
    const unknownOps = COMMAND_ROUTES.flatMap(([, ops]) => ops).filter((op) => !OPERATIONS.has(op));
    expect({ unknownCommands, unknownOps }).toEqual({ unknownCommands: [], unknownOps: [] });
  });

  it('every operation is reached by a command, or left out with one reason; never both', () => {
    const problems = [...OPERATIONS.keys()].flatMap((op) => {
      const by = reachedBy(op);
      const why = leftOut(op);
      if (by.length === 0 && why.length !== 1) return [`${op}: ${why.length === 0 ? 'neither reached nor left out' : 'left out for several reasons'}`];
      if (by.length > 0 && why.length > 0) return [`${op}: reached by ${by.join(', ')} and left out`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it('every reason still applies to an operation (no stale line)', () => {
    const stale = LEFT_OUT.filter(([pattern]) => ![...OPERATIONS.keys()].some((op) => pattern.test(op))).map(([p]) => String(p));
    expect(stale).toEqual([]);
  });

  it('docs/route-walk.md is the table as rendered now', () => {
    const page = renderRouteWalk();
    if (process.env.INFRA_WRITE_ROUTE_WALK === '1') writeFileSync(PAGE, page);
    expect(readFileSync(PAGE, 'utf8'), 'docs/route-walk.md is stale: run npm run route-walk').toBe(page);
  });
});
