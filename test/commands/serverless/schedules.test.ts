// `serverless schedules ...` in-process against a simulator frozen two days before the spring
// change in Bucharest: the requests and bodies, the next runs in local time and UTC across
// the change, lookup by name or id, pause/resume with PATCH, delete's confirmation, and the
// input refused before any request.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../src/sim/server.js';
import { body, cli, requestLines, resetSim, SEED_IDS, simApi, startSim } from '../../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim({ now: new Date('2026-03-27T12:00:00Z') });
});
afterAll(() => sim.close());
beforeEach(() => resetSim(sim));

const base = `/api/v1/serverless/${SEED_IDS.web}/schedules`;

async function addSchedule(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await simApi(sim).send('POST', base, { name, cron_expression: '30 3 * * *', timezone: 'Europe/Bucharest', timeout_seconds: 300, command: ['./cleanup.sh'], ...extra }, { record: false });
  expect(res.status).toBe(201);
  return (await body<{ data: { id: string } }>(res)).data.id;
}

describe('serverless schedules', () => {
  it('create: the body as the facts say, then the next three runs in local time and UTC across the spring change', async () => {
    const r = await cli(sim, [
      'serverless',
      'schedules',
      'create',
      'web',
      '--name',
      'nightly',
      '--cron',
      '30 3 * * *',
      '--timezone',
      'europe/bucharest',
      '--timeout',
      '10m',
      '--image-tag',
      '1.1.0',
      '--',
      'sh',
      '-c',
      './cleanup.sh --all',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(sim)).toEqual(['GET /api/v1/serverless', `POST ${base}`]);
    expect(sim.requests.at(-1)!.body).toEqual({
      name: 'nightly',
      cron_expression: '30 3 * * *',
      timezone: 'Europe/Bucharest',
      timeout_seconds: 600,
      command: ['sh', '-c', './cleanup.sh --all'],
      image_tag: '1.1.0',
    });
    expect(r.stdout).toMatch(/next run \(API\): 2026-03-28T01:30:00.000Z/);
    expect(r.stdout).toContain(
      [
        'next runs (local time, then UTC):',
        '  2026-03-28 03:30 +02:00  Europe/Bucharest   =  2026-03-28T01:30:00Z',
        '  2026-03-29 04:00 +03:00  Europe/Bucharest   =  2026-03-29T01:00:00Z',
        '  2026-03-30 03:30 +03:00  Europe/Bucharest   =  2026-03-30T00:30:00Z',
      ].join('\n'),
    );
    expect(r.stderr).toMatch(/schedule nightly created on web \(id [0-9a-f-]{36}\)/);
  });

  it('create without --timeout sends the default of 900 seconds; --json prints the API object', async () => {
    const r = await cli(sim, ['serverless', 'schedules', 'create', 'web', '--name', 'report', '--cron', '0 9 * * MON-FRI', '--timezone', 'America/New_York', '--json', '--', 'npm', 'run', 'report']);
    expect(r.code, r.stderr).toBe(0);
    expect(sim.requests.at(-1)!.body).toMatchObject({ timeout_seconds: 900, timezone: 'America/New_York', cron_expression: '0 9 * * MON-FRI' });
    expect(JSON.parse(r.stdout)).toMatchObject({ name: 'report', enabled: true, next_run_at: '2026-03-27T13:00:00.000Z' });
  });

  it('list: a table; show finds a schedule by name or by id in the list (no other request)', async () => {
    const id = await addSchedule('nightly');
    const list = await cli(sim, ['serverless', 'schedules', 'list', 'web']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toBe(`ID\tNAME\tCRON\tTIMEZONE\tENABLED\tNEXT RUN\tCOMMAND\n${id}\tnightly\t30 3 * * *\tEurope/Bucharest\tyes\t2026-03-28T01:30:00.000Z\t./cleanup.sh\n`);
    for (const ref of ['nightly', id]) {
      sim.requests.length = 0;
      const r = await cli(sim, ['serverless', 'schedules', 'show', 'web', ref]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`id:\\s+${id}`));
      expect(r.stdout).toContain('  2026-03-29 04:00 +03:00  Europe/Bucharest   =  2026-03-29T01:00:00Z');
      expect(requestLines(sim)).toEqual(['GET /api/v1/serverless', `GET ${base}`]);
    }
    const missing = await cli(sim, ['serverless', 'schedules', 'show', 'web', 'weekly']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain('error: no schedule "weekly" on container web');
  });

  it('pause and resume: PATCH {enabled}; next_run_at goes away and comes back', async () => {
    const id = await addSchedule('nightly');
    const pause = await cli(sim, ['serverless', 'schedules', 'pause', 'web', 'nightly']);
    expect(pause.code, pause.stderr).toBe(0);
    expect(pause.stdout).toBe(`${id}\tpaused\n`);
    expect(sim.requests.at(-1)).toMatchObject({ method: 'PATCH', path: `${base}/${id}`, body: { enabled: false } });
    const shown = await cli(sim, ['serverless', 'schedules', 'show', 'web', 'nightly', '--json']);
    expect(JSON.parse(shown.stdout)).toMatchObject({ enabled: false, next_run_at: null });
    const resume = await cli(sim, ['serverless', 'schedules', 'resume', 'web', id, '--json']);
    expect(resume.code, resume.stderr).toBe(0);
    expect(sim.requests.at(-1)).toMatchObject({ method: 'PATCH', body: { enabled: true } });
    expect(JSON.parse(resume.stdout)).toMatchObject({ enabled: true, next_run_at: '2026-03-28T01:30:00.000Z' });
  });

  it('delete: refused without a terminal or --yes (nothing sent); --yes deletes', async () => {
    const id = await addSchedule('nightly');
    const refused = await cli(sim, ['serverless', 'schedules', 'delete', 'web', 'nightly']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^error: refusing to delete schedule nightly without confirmation; nothing was sent\n/);
    expect(sim.requests).toEqual([]);
    const r = await cli(sim, ['serverless', 'schedules', 'delete', 'web', 'nightly', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(sim).at(-1)).toBe(`DELETE ${base}/${id}`);
    expect((await body<{ data: unknown[] }>(await simApi(sim).get(base, { record: false }))).data).toEqual([]);
  });

  it('delete on a terminal asks for the name; a wrong name sends nothing', async () => {
    await addSchedule('nightly');
    const asked: string[] = [];
    const r = await cli(sim, ['serverless', 'schedules', 'delete', 'web', 'nightly'], {
      stdinTTY: true,
      prompter: { text: async (q: string) => (asked.push(q), 'nope'), secret: async () => '' },
    } as never);
    expect(r.code).toBe(1);
    expect(asked[0]).toMatch(/Delete schedule nightly \(id [0-9a-f-]{36}\) of web\? This cannot be undone\. Type its name to confirm: /);
    expect(requestLines(sim).some((l) => l.startsWith('DELETE'))).toBe(false);
  });
});

describe('bad input: one line, exit 2, nothing sent', () => {
  const create = (...extra: string[]) => ['serverless', 'schedules', 'create', 'web', '--name', 'n', ...extra];
  it.each([
    [create('--cron', '0 30 3 * * *', '--timezone', 'UTC', '--', 'ls'), /--cron: a cron expression has 5 fields .* has 6 \(6-field crons with seconds are not accepted\)/],
    [create('--cron', '61 * * * *', '--timezone', 'UTC', '--', 'ls'), /--cron: minute: 61 is out of range 0-59/],
    [create('--cron', '* * * * *', '--timezone', 'Mars/Olympus', '--', 'ls'), /--timezone: "Mars\/Olympus" is not an IANA timezone/],
    [create('--cron', '* * * * *', '--timezone', '+02:00', '--', 'ls'), /--timezone: "\+02:00" is not an IANA timezone/],
    [create('--cron', '* * * * *', '--timezone', 'UTC', '--'), /missing required argument 'command'/],
    [create('--timezone', 'UTC', '--', 'ls'), /required option --cron not specified/],
  ])('%j', async (argv, message) => {
    const r = await cli(sim, argv);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toMatch(message);
    expect(sim.requests).toEqual([]);
  });
});
