// Uptime checks end to end against the simulator: each command's requests (bodies included),
// exit codes, stdout and stderr.
import { describe, expect, it } from 'vitest';
import { UPTIME_SEED } from '../../../src/sim/families/uptime.js';
import { onlyJson } from '../../helpers/cli.js';
import { requestLines, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const U = '/api/v1/uptime-checks';
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const sent = (method: string) => h.sim.requests.find((q) => q.method === method)?.body as Record<string, unknown>;

describe('uptime list / get', () => {
  it('list: state, URL, interval and failures of each check', async () => {
    const r = await h.cli(['uptime', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('ID\tNAME\tSTATE\tURL\tEVERY\tFAILURES\tLAST CHECK');
    expect(r.stdout).toMatch(new RegExp(`^${UPTIME_SEED.api}\tapi-health\tdown\thttps://api\\.acme\\.example/healthz/503\t60s\t7\t`, 'm'));
    expect(r.stdout).toMatch(/\tstatus-page\tpaused\t.*\tnever$/m);
  });

  it('get: the failing check with its error from status_details', async () => {
    const r = await h.cli(['uptime', 'get', 'api-health']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Status:\s+failed/);
    expect(r.stdout).toMatch(/Error:\s+uptime_check\.target_down/);
    expect(r.stdout).toMatch(/Alerts after:\s+3 failures in a row \(now 7\)/);
    expect(onlyJson((await h.cli(['uptime', 'get', UPTIME_SEED.homepage, '--json'])).stdout)).toMatchObject({ id: UPTIME_SEED.homepage, status: 'up', interval_seconds: 300 });
  });
});

describe('uptime create / update / delete', () => {
  it('create: the fields as the API names them, the id on stdout', async () => {
    const r = await h.cli([
      'uptime',
      'create',
      '--name',
      'docs',
      '--url',
      'https://docs.acme.example/',
      '--interval',
      '300',
      '--check-timeout',
      '5',
      '--expect-status',
      '200-299',
      '--keyword',
      'Welcome',
      '--ssl-expiry',
      '21',
      '--failure-threshold',
      '2',
      '--notify',
      'mail',
      '--notify',
      'webhook',
      '--follow-redirects',
      'off',
      '--notify-recovery',
      'off',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(sent('POST')).toEqual({
      name: 'docs',
      url: 'https://docs.acme.example/',
      interval_seconds: '300',
      timeout_seconds: 5,
      expected_status: '2xx',
      body_keyword: 'Welcome',
      check_ssl_expiry: true,
      ssl_expiry_threshold_days: 21,
      failure_threshold: 2,
      notification_channels: ['mail', 'webhook'],
      follow_redirects: false,
      notify_on_recovery: false,
    });
    expect(r.stderr).toMatch(/run it now with: infra uptime test [0-9a-f-]{36}/);
  });

  it('create: a missing URL, another scheme, an interval, channel or timeout it does not take: exit 2 before any request', async () => {
    for (const argv of [
      ['--name', 'x'],
      ['--name', 'x', '--url', 'ftp://x'],
      ['--name', 'x', '--url', 'https://x', '--interval', '90'],
      ['--name', 'x', '--url', 'https://x', '--notify', 'pager'],
      ['--name', 'x', '--url', 'https://x', '--check-timeout', '99'],
    ])
      expect((await h.cli(['uptime', 'create', ...argv])).code, argv.join(' ')).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
  });

  it('update: the current name and URL are sent with the changes (the PUT requires both)', async () => {
    const r = await h.cli(['uptime', 'update', 'homepage', '--interval', '60', '--clear-keyword']);
    expect(r.code, r.stderr).toBe(0);
    expect(sent('PUT')).toEqual({ name: 'homepage', url: 'https://www.acme.example/', interval_seconds: '60', body_keyword: null });
    expect(writes()).toEqual([`PUT ${U}/${UPTIME_SEED.homepage}`]);
    expect((await h.cli(['uptime', 'update', 'homepage'])).code).toBe(2);
  });

  it('delete: confirmed like every delete (exit 2 without --yes off a terminal); --yes removes it', async () => {
    expect((await h.cli(['uptime', 'delete', 'homepage'])).code).toBe(2);
    expect(writes()).toEqual([]);
    const r = await h.cli(['uptime', 'delete', 'homepage', '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(onlyJson(r.stdout)).toMatchObject({ id: UPTIME_SEED.homepage, deleted: true, message: 'Uptime check deleted' });
    expect((await h.cli(['uptime', 'get', UPTIME_SEED.homepage])).code).toBe(5);
  });
});

describe('uptime pause / resume', () => {
  it('pause flips a running check once; pausing again sends nothing', async () => {
    const r = await h.cli(['uptime', 'pause', 'homepage']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual([`PATCH ${U}/${UPTIME_SEED.homepage}/toggle`]);
    expect(r.stderr).toContain('paused homepage');
    h.sim.requests.length = 0;
    const again = await h.cli(['uptime', 'pause', 'homepage']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('already paused; nothing was sent');
    expect(writes()).toEqual([]);
  });

  it('resume a paused check: --json prints the answer', async () => {
    const r = await h.cli(['uptime', 'resume', 'status-page', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(onlyJson(r.stdout)).toMatchObject({ message: 'Uptime check resumed', check: { enabled: true } });
  });
});

describe('uptime results / incidents / test / diagnose', () => {
  it('results: newest first with --limit; --json the rows as sent', async () => {
    const r = await h.cli(['uptime', 'results', 'api-health', '--limit', '3']);
    expect(r.code, r.stderr).toBe(0);
    expect(h.sim.requests.at(-1)?.query).toMatchObject({ limit: '3' });
    expect(r.stdout.trim().split('\n')).toHaveLength(4);
    expect(r.stdout).toMatch(/^\S+\tdown\t503\t300 ms\tstatus_mismatch$/m);
    expect(r.stderr).toContain('results are kept 30 days');
    const j = JSON.parse((await h.cli(['uptime', 'results', 'homepage', '--json'])).stdout) as unknown[];
    expect(j).toHaveLength(12);
  });

  it('incidents: the ongoing one and the resolved one', async () => {
    expect((await h.cli(['uptime', 'incidents', 'api-health'])).stdout).toMatch(new RegExp(`^${UPTIME_SEED.apiIncident}\\t\\S+\\tongoing\\tstatus_mismatch$`, 'm'));
    expect((await h.cli(['uptime', 'incidents', 'homepage'])).stdout).toMatch(/\ttimeout$/m);
  });

  it('test: runs the check once; a failure is exit 0, or 1 with --exit-status', async () => {
    const ok = await h.cli(['uptime', 'test', 'homepage']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(writes()).toEqual([`POST ${U}/${UPTIME_SEED.homepage}/test`]);
    expect(ok.stdout).toMatch(/Result:\s+up\nStatus:\s+200/);
    const down = await h.cli(['uptime', 'test', 'api-health']);
    expect(down.code).toBe(0);
    expect(down.stdout).toMatch(/Result:\s+down/);
    const strict = await h.cli(['uptime', 'test', 'api-health', '--exit-status']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('status_mismatch');
    const paused = await h.cli(['uptime', 'test', 'status-page', '--json']);
    expect(onlyJson(paused.stdout)).toMatchObject({ meta: { recorded: false } });
    expect(paused.stderr).toContain('not recorded');
  });

  it('diagnose: the failing target as a finding', async () => {
    const d = await h.cli(['uptime', 'diagnose', 'api-health']);
    expect(d.code, d.stderr).toBe(0);
    expect(d.stdout).toMatch(/uptime_check\.target_down/);
    expect(onlyJson((await h.cli(['uptime', 'diagnose', 'status-page', '--json'])).stdout)).toMatchObject({ data: { verdict: 'paused' }, meta: { source: 'api' } });
  });

  it('the default token lacks the uptime permission: exit 4 naming it', async () => {
    const r = await h.cli(['uptime', 'list'], { env: { INFRA_TOKEN: h.sim.tokens.default } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('uptime-check:read');
  });
});
