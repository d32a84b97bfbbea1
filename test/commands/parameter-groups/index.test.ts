// The parameter-groups family end to end against the simulator: every command, the requests
// it sends (integer ids are used as they are, names cost one list request), exit codes,
// stdout and stderr; --parameters inline, from a file and from standard input, and every way
// it can be wrong refused before any request; the API's refusals (system groups, groups in
// use, locked parameters); the simulator's answers against the real shapes; the help
// examples run as written.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkValue, Shapes } from '../../fixtures/facts.js';
import { onlyJson, runCli } from '../../helpers/cli.js';
import { exampleRuns } from '../../helpers/help-examples.js';
import { body as bodyOf, requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const G = SEED_IDS.parameterGroups;
const P = '/api/v1/parameter-groups';
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const sent = (method: string) => h.sim.requests.find((q) => q.method === method)?.body as Record<string, unknown> | undefined;
const tty = (answer: string) => ({ stdinTTY: true, prompter: { text: async () => answer, secret: async () => '' } });
const CREATE = ['parameter-groups', 'create', '--name', 'analytics-pg', '--type', 'database', '--provider', 'postgresql'];

describe('parameter-groups list / get', () => {
  it("list: the system groups and the project's own, TSV when piped", async () => {
    const r = await h.cli(['parameter-groups', 'list']);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trim().split('\n');
    expect(rows[0]).toBe('ID\tNAME\tTYPE\tPROVIDER\tFAMILY\tSYSTEM\tDEFAULT\tPARAMETERS');
    expect(rows.slice(1).map((l) => l.split('\t').slice(0, 2).join(' '))).toEqual(['1 postgresql16-default', '2 redis7-default', '3 rabbitmq3-default', '5 orders-pg-tuned', '6 rabbit-tuned']);
    expect(rows[4]).toBe('5\torders-pg-tuned\tdatabase\tpostgresql\tpostgresql16\tno\tno\t3');
    expect(rows[1]).toContain('\tyes\tyes\t1');
    const staging = await h.cli(['parameter-groups', 'list', '--project', '2', '--json']);
    expect((JSON.parse(staging.stdout) as { id: number }[]).map((g) => g.id)).toEqual([1, 2, 3, 7]);
  });

  it('get by id: no lookup; each parameter on its line, locked ones marked', async () => {
    const r = await h.cli(['parameter-groups', 'get', String(G.rabbitTuned)]);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toEqual([`GET ${P}/6`]);
    expect(r.stdout).toMatch(/Type:\s+queue\n/);
    expect(r.stdout).toMatch(/Locked:\s+channel_max\n/);
    expect(r.stdout).toMatch(/ {2}channel_max:\s+4096 \(locked\)\n/);
    expect(r.stdout).toMatch(/ {2}vm_memory_high_watermark:\s+0\.6\n/);
  });

  it('get by name: one list request, then the group; a system group says it belongs to every team; --json as sent', async () => {
    const r = await h.cli(['parameter-groups', 'get', 'postgresql16-default']);
    expect(requestLines(h.sim)).toEqual([`GET ${P}`, `GET ${P}/1`]);
    expect(r.stdout).toMatch(/System:\s+yes\n/);
    expect(r.stdout).toMatch(/Team:\s+\(platform: every team sees it\)\n/);
    const json = onlyJson((await h.cli(['parameter-groups', 'get', '5', '--json'])).stdout);
    expect(json).toMatchObject({ id: 5, name: 'orders-pg-tuned', team_id: 1, is_system: false, parameters: { max_connections: '200' } });
  });

  it("another project's group is not found (exit 5); a token without parameter-group:read is refused naming it (exit 4)", async () => {
    expect((await h.cli(['parameter-groups', 'get', String(G.stagingTuned)])).code).toBe(5);
    expect((await h.cli(['parameter-groups', 'get', 'staging-pg-tuned'])).code).toBe(5);
    const denied = await h.cli(['parameter-groups', 'list'], { env: { INFRA_TOKEN: h.sim.tokens.default } });
    expect(denied.code).toBe(4);
    expect(denied.stderr).toContain('parameter-group:read');
  });
});

describe('parameter-groups create: --parameters inline, @file or -', () => {
  it('inline JSON: the body the API takes, the new id on stdout', async () => {
    const r = await h.cli([
      ...CREATE,
      '--family',
      'postgresql16',
      '--description',
      'big sorts',
      '--parameters',
      '{"work_mem": "64MB", "jit": false, "max_connections": 150}',
      '--locked',
      'work_mem, jit',
      '--default',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('20\n');
    expect(sent('POST')).toEqual({
      name: 'analytics-pg',
      type: 'database',
      provider_type: 'postgresql',
      family: 'postgresql16',
      description: 'big sorts',
      parameters: { work_mem: '64MB', jit: false, max_connections: 150 },
      locked_parameters: ['work_mem', 'jit'],
      is_default: true,
    });
    expect(onlyJson((await h.cli(['parameter-groups', 'get', '20', '--json'])).stdout)).toMatchObject({ name: 'analytics-pg', is_default: true, team_id: 1 });
  });

  it('from a file (@path) and from standard input (-); --json prints the group as sent', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'infra-pg-'));
    writeFileSync(join(dir, 'params.json'), '{\n  "work_mem": "32MB"\n}\n');
    const file = await h.cli([...CREATE, '--parameters', `@${join(dir, 'params.json')}`, '--json']);
    expect(file.code, file.stderr).toBe(0);
    expect(onlyJson(file.stdout)).toMatchObject({ id: 20, parameters: { work_mem: '32MB' }, locked_parameters: [] });
    const stdin = await h.cli([...CREATE.slice(0, 3), 'lru', '--type', 'cache', '--provider', 'redis', '--parameters', '-'], { stdin: '{"maxmemory-policy": "allkeys-lru"}\n' });
    expect(stdin.code, stdin.stderr).toBe(0);
    expect(h.sim.requests.filter((q) => q.method === 'POST').map((q) => q.body)).toEqual([
      { name: 'analytics-pg', type: 'database', provider_type: 'postgresql', parameters: { work_mem: '32MB' } },
      { name: 'lru', type: 'cache', provider_type: 'redis', parameters: { 'maxmemory-policy': 'allkeys-lru' } },
    ]);
  });

  it('bad JSON, not an object, a nested value, a missing file, bad standard input, a missing flag: exit 2, one error line, nothing sent', async () => {
    const cases: [string[], RegExp, string?][] = [
      [[...CREATE, '--parameters', '{work_mem: 64MB}'], /--parameters is not valid JSON/],
      [[...CREATE, '--parameters', '["work_mem"]'], /--parameters must be a JSON object/],
      [[...CREATE, '--parameters', '{"a": {"b": 1}}'], /the value of "a" must be a string, number, boolean or null/],
      [[...CREATE, '--parameters', '@/nonexistent/params.json'], /--parameters: cannot read \/nonexistent\/params\.json: no such file/],
      [[...CREATE, '--parameters', '-'], /--parameters \(standard input\) is not valid JSON/, 'work_mem=64MB'],
      [[...CREATE, '--parameters', '-'], /--parameters \(standard input\) is not valid JSON/, ''],
      [CREATE, /--parameters/],
      [['parameter-groups', 'create', '--name', 'x', '--type', 'kafka', '--provider', 'k', '--parameters', '{}'], /--type must be one of cache, database, queue/],
      [[...CREATE, '--parameters', '{}', '--locked', 'a b'], /--locked/],
    ];
    for (const [argv, message, stdin] of cases) {
      const r = await h.cli(argv, stdin === undefined ? {} : { stdin });
      expect(r.code, `${argv.join(' ')}\n${r.stderr}`).toBe(2);
      expect(r.stderr.split('\n').filter((l) => l.startsWith('error:'))).toHaveLength(1);
      expect(r.stderr, argv.join(' ')).toMatch(message);
    }
    expect(requestLines(h.sim)).toEqual([]);
  });

  it("the API's field errors: exit 2, printed field by field", async () => {
    const r = await h.cli(['parameter-groups', 'create', '--name', 'x'.repeat(256), '--type', 'queue', '--provider', 'rabbitmq', '--parameters', '{}']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('  name: The name field must not be greater than 255 characters.');
  });
});

describe('parameter-groups update', () => {
  it('--set and --unset merge with the current map (PUT replaces it whole)', async () => {
    const r = await h.cli(['parameter-groups', 'update', 'orders-pg-tuned', '--set', 'max_connections=300', '--set', 'effective_cache_size=3GB', '--unset', 'work_mem']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toEqual([`GET ${P}`, `GET ${P}/5`, `PUT ${P}/5`]);
    expect(sent('PUT')).toEqual({ parameters: { max_connections: '300', shared_buffers: '1GB', effective_cache_size: '3GB' } });
  });

  it('--parameters replaces the map; the other fields as given; --json prints the group', async () => {
    const r = await h.cli([
      'parameter-groups',
      'update',
      '5',
      '--parameters',
      '{"max_connections": "250"}',
      '--name',
      'orders-pg',
      '--description',
      '',
      '--locked',
      'max_connections',
      '--default',
      'true',
      '--active',
      'false',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(sent('PUT')).toEqual({ name: 'orders-pg', description: '', locked_parameters: ['max_connections'], is_default: true, is_active: false, parameters: { max_connections: '250' } });
    expect(onlyJson(r.stdout)).toMatchObject({ id: 5, name: 'orders-pg', parameters: { max_connections: '250' }, is_active: false });
  });

  it('nothing to change, or --parameters with --set: exit 2 before any request', async () => {
    expect((await h.cli(['parameter-groups', 'update', '5'])).code).toBe(2);
    const both = await h.cli(['parameter-groups', 'update', '5', '--parameters', '{}', '--set', 'a=1']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('not both');
    expect((await h.cli(['parameter-groups', 'update', '5', '--set', 'novalue'])).code).toBe(2);
    expect((await h.cli(['parameter-groups', 'update', '5', '--default', 'maybe'])).code).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
  });

  it('a locked parameter and a system group are refused by the API (422 field errors: exit 2)', async () => {
    const locked = await h.cli(['parameter-groups', 'update', 'rabbit-tuned', '--set', 'channel_max=1']);
    expect(locked.code).toBe(2);
    expect(locked.stderr).toContain('  parameters.channel_max: The channel_max parameter is locked.');
    const system = await h.cli(['parameter-groups', 'update', '1', '--set', 'max_connections=500']);
    expect(system.code).toBe(2);
    expect(system.stderr).toContain('System parameter groups cannot be modified');
  });
});

describe('parameter-groups delete', () => {
  it('a system group: the API refuses (422 {error}), exit 1 with its words', async () => {
    const r = await h.cli(['parameter-groups', 'delete', 'postgresql16-default', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('System parameter groups cannot be deleted.');
  });

  it('a group attached to a queue: refused too (exit 1)', async () => {
    const r = await h.cli(['parameter-groups', 'delete', '6', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('attached to 1 instance');
  });

  it('--yes: deleted at once (nothing to wait for), then not found', async () => {
    const r = await h.cli(['parameter-groups', 'delete', '5', '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(onlyJson(r.stdout)).toMatchObject({ id: '5', name: 'orders-pg-tuned', deleted: true, message: 'Parameter group deleted' });
    expect(writes()).toEqual([`DELETE ${P}/5`]);
    expect((await h.cli(['parameter-groups', 'get', '5'])).code).toBe(5);
  });

  it('without --yes and without a terminal: exit 2, nothing sent; on a terminal the typed name must match', async () => {
    expect((await h.cli(['parameter-groups', 'delete', '5'])).code).toBe(2);
    const wrong = await h.cli(['parameter-groups', 'delete', '5'], tty('rabbit-tuned'));
    expect(wrong.code).toBe(1);
    expect(writes()).toEqual([]);
    const right = await h.cli(['parameter-groups', 'delete', '5'], tty('orders-pg-tuned'));
    expect(right.code, right.stderr).toBe(0);
    expect(writes()).toEqual([`DELETE ${P}/5`]);
  });
});

describe('parameter-groups clone', () => {
  it('a system group into the project: the new id on stdout, the API names the copy', async () => {
    const r = await h.cli(['parameter-groups', 'clone', 'postgresql16-default']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('20\n');
    expect(writes()).toEqual([`POST ${P}/1/clone`]);
    expect(sent('POST')).toEqual({});
    expect(onlyJson((await h.cli(['parameter-groups', 'get', '20', '--json'])).stdout)).toMatchObject({
      name: 'postgresql16-default (copy)',
      is_system: false,
      team_id: 1,
      parameters: { max_connections: '100' },
    });
  });

  it('--name names the copy; --json prints it', async () => {
    const r = await h.cli(['parameter-groups', 'clone', '6', '--name', 'rabbit-tuned-v2', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(sent('POST')).toEqual({ name: 'rabbit-tuned-v2' });
    expect(onlyJson(r.stdout)).toMatchObject({ id: 20, name: 'rabbit-tuned-v2', locked_parameters: ['channel_max'] });
  });
});

describe('the simulator answers in the real shapes (real-api.md)', () => {
  const shapes = new Shapes();
  const check = async (operation: string, path: string, status: number, method = 'GET', body?: unknown) => {
    const res = await h.api.send(method, path, body);
    expect(res.status, `${method} ${path}`).toBe(status);
    const problems = checkValue(await bodyOf(res), shapes.response(operation, status)!.type, shapes);
    expect(problems.map((p) => `${operation} ${status} ${p.path}: ${p.message}`)).toEqual([]);
  };
  const OP = `${P}/{parameterGroup}`;

  it('every operation, with its refusals', async () => {
    await check(`GET ${P}`, P, 200);
    await check(`GET ${OP}`, `${P}/1`, 200);
    await check(`POST ${P}`, P, 201, 'POST', { name: 'shape', type: 'queue', provider_type: 'rabbitmq', parameters: {} });
    await check(`GET ${OP}`, `${P}/20`, 200);
    await check(`POST ${P}`, P, 422, 'POST', { name: 'shape', type: 'kafka', provider_type: 'x', parameters: {} });
    await check(`PUT ${OP}`, `${P}/5`, 200, 'PUT', { is_active: false });
    await check(`PUT ${OP}`, `${P}/1`, 422, 'PUT', { name: 'x' });
    await check(`POST ${OP}/clone`, `${P}/1/clone`, 201, 'POST', {});
    await check(`DELETE ${OP}`, `${P}/1`, 422, 'DELETE');
    await check(`DELETE ${OP}`, `${P}/6`, 422, 'DELETE');
    await check(`DELETE ${OP}`, `${P}/5`, 200, 'DELETE');
    await check(`GET ${OP}`, `${P}/5`, 404);
  });
});

describe('help', () => {
  it('every verb has examples that run against the simulator as written', async () => {
    const verbs = ['list', 'get', 'create', 'update', 'delete', 'clone'];
    let ran = 0;
    for (const verb of verbs) {
      const help = await runCli(['parameter-groups', verb, '--help']);
      expect(help.code).toBe(0);
      for (const ex of exampleRuns(help.stdout)) {
        // A file of the reader's own (`--parameters @rabbit.json`) is not there to read.
        if (ex.argv.some((a) => a.startsWith('@'))) continue;
        h.reset();
        const r = await h.cli(ex.argv, ex.stdin === undefined ? tty(ex.argv[2] ?? '') : { stdin: ex.stdin });
        expect(r.code, `${ex.line}\n${r.stderr}`).toBe(0);
        ran++;
      }
    }
    expect(ran).toBeGreaterThanOrEqual(verbs.length * 2);
  });
});
