// --query, --columns and --no-headers through the real bin/infra against the simulator: they
// are global, so every command that writes JSON or a table has them; a bad expression or an
// unknown column is exit 2 before any request.
import { describe, expect, it } from 'vitest';
import type { ErrorJson } from '../../src/cli/error-json.js';
import { spawnCli } from '../helpers/cli.js';
import { requestLines, SEED_IDS, useSimulator, type Simulator } from '../helpers/sim.js';

let sim: Simulator;
let env: Record<string, string>;
useSimulator((s, e) => {
  sim = s;
  env = e;
});

const names = ['web', 'api', 'worker', 'edge', 'batch', 'cron'];

describe('--query', () => {
  it('on a list: applied to the whole array (a projection, a filter, length)', async () => {
    const r = await spawnCli(['serverless', 'list', '--query', '[].name'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(names);
    const filtered = await spawnCli(['serverless', 'list', '--query', "[?status_details.summary=='degraded'].name"], { env });
    expect(JSON.parse(filtered.stdout)).toEqual(['api']);
    const count = await spawnCli(['serverless', 'list', '--query', 'length(@)'], { env });
    expect(count.stdout).toBe('6\n');
  });

  it('on a get: applied to the object; a multiselect hash keeps the keys asked for', async () => {
    const r = await spawnCli(['serverless', 'get', 'web', '--query', '{id: id, image: image_tag}'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ id: SEED_IDS.web, image: '1.2.0' });
  });

  it('on an NDJSON stream (logs): applied to each entry as a list of one, one value a line', async () => {
    const all = await spawnCli(['serverless', 'logs', 'web', '--json'], { env });
    const entries = all.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { level: string; message: string });
    const errors = entries.filter((e) => e.level === 'error').map((e) => e.message);
    expect(errors.length).toBeGreaterThan(0);
    const r = await spawnCli(['serverless', 'logs', 'web', '--query', "[?level=='error'].message"], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(errors);
  });

  it.each([
    ['a syntax error', '[?name==', /^--query: Syntax error/],
    ['an unknown function', 'lenght(@)', /^--query: unknown function lenght\(\)/],
  ])('%s: exit 2, one error line, no request sent', async (_what, expr, message) => {
    const r = await spawnCli(['serverless', 'list', '--query', expr], { env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    // --query asks for JSON, so the error is JSON too.
    const e = (JSON.parse(r.stderr.trim()) as ErrorJson).error;
    expect(e).toMatchObject({ code: 'usage', exit_code: 2, http_status: null });
    expect(e.message).toMatch(message);
    expect(requestLines(sim)).toEqual([]);
  });
});

describe('--columns and --no-headers, piped (TSV)', () => {
  it('the columns named, in that order, headers matched whatever the case; the header line stays by default', async () => {
    const r = await spawnCli(['serverless', 'list', '--columns', 'name,SUMMARY'], { env });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('NAME\tSUMMARY');
    expect(lines.slice(1).map((l) => l.split('\t')[0])).toEqual(names);
    expect(lines[1]).toBe('web\tready');
  });

  it('--no-headers drops the header line, with or without --columns', async () => {
    // What the whole table says, picked by hand: the same cells, in the order asked for.
    const [header, ...rows] = (await spawnCli(['serverless', 'list'], { env })).stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t'));
    const [name, summary] = [header!.indexOf('NAME'), header!.indexOf('SUMMARY')];
    const r = await spawnCli(['serverless', 'list', '--columns', 'summary,name', '--no-headers'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toEqual(rows.map((cells) => `${cells[summary]}\t${cells[name]}`));
    const all = await spawnCli(['vps', 'list', '--no-headers'], { env });
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).not.toMatch(/^ID\t/m);
    expect(all.stdout.split('\n')[0]!.split('\t').length).toBeGreaterThan(3);
  });

  it('an unknown column: exit 2 naming the valid ones, before any request', async () => {
    const r = await spawnCli(['serverless', 'list', '--columns', 'name,colour'], { env });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('error: --columns: no column "colour" in this table\nhint: its columns are id, name, summary, health, operation, terminal, generation, observed\n');
    expect(requestLines(sim)).toEqual([]);
  });
});
