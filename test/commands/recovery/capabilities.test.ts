// The capability matrix as a table.
import { expect, test } from 'vitest';
import { HttpResponse, http } from 'msw';
import type { Simulator } from '../../../src/sim/server.js';
import { peek, useSimulator } from '../../helpers/sim.js';
import { capabilityTable, cellLabel } from '../../../src/commands/recovery/capabilities.js';
import { runCli, errorText } from '../../helpers/cli.js';

let sim: Simulator;
let env: Record<string, string>;
useSimulator((s, e) => {
  sim = s;
  env = e;
});

test('cell labels: gated reads "behind a gate"; unknown statuses pass through', () => {
  expect(cellLabel({ status: 'gated' })).toBe('behind a gate');
  expect(cellLabel({ status: 'yes', note: null })).toBe('yes');
  expect(cellLabel({ status: 'beta' })).toBe('beta');
});

test('a v1.7.0 row: words, the notes once', () => {
  const { table, notes } = capabilityTable([
    { product: 'cache', provider: 'redis', deployment_kind: 'legacy', create: 'yes', restore_to_new: 'yes', replace_existing: 'gated', point_in_time: 'no', notes: 'Behind a gate.' },
  ]);
  expect(table[0]).toEqual({ product: 'cache / redis / legacy', cells: ['yes', 'yes', 'behind a gate [1]', 'no'] });
  expect(notes).toEqual(['Behind a gate.']);
});

test('equal notes share one number', () => {
  const cell = (status: string, note: string | null = null) => ({ status, note });
  const { table, notes } = capabilityTable([
    {
      product: 'a',
      create_point: cell('yes'),
      restore_to_new: cell('unavailable', 'Until validated.'),
      replace_existing: cell('unavailable', 'Until validated.'),
      point_in_time: cell('no', 'Other.'),
    },
  ]);
  expect(table[0]?.cells).toEqual(['yes', 'unavailable [1]', 'unavailable [1]', 'no [2]']);
  expect(notes).toEqual(['Until validated.', 'Other.']);
});

test('recovery capabilities: product × the four capabilities, with notes', async () => {
  const r = await runCli(['recovery', 'capabilities'], { env });
  expect(r.code, r.stderr).toBe(0);
  const lines = r.stdout.split('\n');
  expect(lines[0]).toBe('PRODUCT\tCREATE POINT\tRESTORE TO NEW\tREPLACE EXISTING\tPOINT IN TIME');
  const row = (p: string) => lines.find((l) => l.startsWith(`${p}\t`))?.split('\t');
  // v1.7.0 rows: product / provider / deployment kind; the row's notes hang on its first cell that is not plain yes or no.
  expect(row('cache / redis / legacy')?.slice(0, 4)).toEqual(['cache / redis / legacy', 'yes', 'yes', expect.stringMatching(/^behind a gate \[\d+\]$/)]);
  expect(row('database / postgresql / operator')?.[3]).toBe('no');
  expect(row('database / postgresql / operator')?.[4]).toMatch(/^conditional \[\d+\]$/);
  expect(r.stdout).toContain('Notes:');
  expect(r.stdout).toContain('Restore to new only.');
  expect(r.stdout).toContain('closed for this account');
  expect(sim.requests.map((q) => q.path)).toEqual(['/api/v1/recovery/capabilities']);
});

test('--json: the API body as returned', async () => {
  const r = await runCli(['recovery', 'capabilities', '--json'], { env });
  expect(r.code, r.stderr).toBe(0);
  const direct = await peek(sim, '/api/v1/recovery/capabilities');
  expect(JSON.parse(r.stdout)).toEqual(direct);
});

test('a server that predates the capability matrix: its 404 is explained (exit 5, the endpoint named), and restores still work', async () => {
  // What an older server answers for a route it does not have.
  sim.use(http.get('*/api/v1/recovery/capabilities', () => HttpResponse.json({ message: 'The route api/v1/recovery/capabilities could not be found.' }, { status: 404 })));
  for (const extra of [[], ['--json']]) {
    const r = await runCli(['recovery', 'capabilities', ...extra], { env });
    expect(r.code, extra.join(' ')).toBe(5);
    expect(r.stdout).toBe('');
    expect(errorText(r.stderr)).toMatch(/^error: .*has no GET \/api\/v1\/recovery\/capabilities \(404\): servers that predate the capability matrix do not offer it$/m);
    expect(errorText(r.stderr)).toMatch(/^hint: snapshots and restores still work/m);
  }
  // A 404 is not retried.
  expect(sim.requests.filter((q) => q.path === '/api/v1/recovery/capabilities')).toHaveLength(2);
  const list = await runCli(['snapshots', 'list', 'vps'], { env });
  expect(list.code, list.stderr).toBe(0);
});
