// Apps end to end against the simulator (in-process, virtual time): each command's requests
// (bodies included), exit codes, stdout and stderr; create, restart and delete --wait to
// success, failure, timeout (exit 6 and a resume command that then finishes) and Ctrl-C (130).
import { describe, expect, it } from 'vitest';
import { APP_SEED } from '../../../src/sim/families/apps.js';
import { Capture, onlyJson } from '../../helpers/cli.js';
import { requestLines, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const A = '/api/v1/apps';
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const sent = (method: string) => h.sim.requests.find((q) => q.method === method)?.body as Record<string, unknown>;
const tty = { stdinTTY: true, prompter: { text: async () => 'journal', secret: async () => '' } };

describe('apps catalog / list / get', () => {
  it('catalog: one row per type, the default version marked; --json the answer as sent', async () => {
    const r = await h.cli(['apps', 'catalog']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('TYPE\tNAME\tVERSIONS\tPROFILES\tDESCRIPTION');
    expect(r.stdout).toMatch(/^wordpress\tWordPress\t6\.7\*, 6\.6\tsmall, medium, large\t/m);
    expect(r.stdout).toMatch(/^ghost\tGhost\t5\.105\*\tmedium, large\t$/m);
    expect(requestLines(h.sim)).toEqual([`GET ${A}/catalog`]);
    const j = onlyJson((await h.cli(['apps', 'catalog', '--json'])).stdout) as { data: { app_type: string }[] };
    expect(j.data.map((d) => d.app_type)).toEqual(['wordpress', 'n8n', 'ghost']);
  });

  it('list: the status model first, the restarting app in flight', async () => {
    const r = await h.cli(['apps', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^${APP_SEED.shop}\tshop-wp\twordpress\t6\\.7\tready\tmedium\thttps://shop\\.apps\\.sim\\.local$`, 'm'));
    expect(r.stdout).toMatch(/\tautomations\tn8n\t1\.80\tin_progress \(restarting\)\t/);
  });

  it('get by name: one list lookup, then the app; --json prints the instance as sent', async () => {
    const r = await h.cli(['apps', 'get', 'shop-wp']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toEqual([`GET ${A}`, `GET ${A}/${APP_SEED.shop}`]);
    expect(r.stdout).toMatch(/Type:\s+wordpress 6\.7/);
    expect(r.stdout).toMatch(/URL:\s+https:\/\/shop\.apps\.sim\.local/);
    const j = onlyJson((await h.cli(['apps', 'get', APP_SEED.shop, '--json'])).stdout);
    expect(j).toMatchObject({ id: APP_SEED.shop, app_type: 'wordpress', can_be_restarted: true, monthly_cost_cents: 1900 });
  });

  it('an unknown app: exit 5', async () => {
    expect((await h.cli(['apps', 'get', 'nope'])).code).toBe(5);
  });
});

describe('apps create', () => {
  it('--wait: the body the API takes (subdomain defaults to the name), the id on stdout, ready when provisioned', async () => {
    const r = await h.cli(['apps', 'create', '--type', 'ghost', '--name', 'news', '--profile', 'medium', '--admin-user', 'ed', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(sent('POST')).toEqual({ app_type: 'ghost', name: 'news', subdomain: 'news', resource_profile: 'medium', datacenter: 'fsn1', admin_user: 'ed' });
    expect(r.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(r.stderr).toMatch(/create of news finished: ready/);
  });

  it('--wait of an app that fails to provision: exit 1 with the error code and where to look', async () => {
    const r = await h.cli(['apps', 'create', '--type', 'wordpress', '--name', 'blog-fail', '--profile', 'small', '--app-version', '6.6', '--wait', '--json']);
    expect(r.code, r.stderr).toBe(1);
    expect(sent('POST')).toMatchObject({ version: '6.6', subdomain: 'blog-fail' });
    expect(r.stderr).toContain('app.create_failed');
    expect(r.stderr).toMatch(/infra apps (diagnose|events) /);
    expect(JSON.parse(r.stdout.slice(r.stdout.indexOf('{')))).toMatchObject({ outcome: 'failed' });
  });

  it("the API's field errors: exit 2, field by field", async () => {
    const r = await h.cli(['apps', 'create', '--type', 'joomla', '--name', 'x', '--subdomain', 'shop', '--profile', 'small']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('app_type: The selected app type is invalid.');
    expect(r.stderr).toContain('subdomain: The subdomain has already been taken.');
  });

  it('missing flags: exit 2 before any request', async () => {
    expect((await h.cli(['apps', 'create', '--name', 'x', '--profile', 'small'])).code).toBe(2);
    expect((await h.cli(['apps', 'create', '--type', 'ghost', '--name', 'x', '--profile', 'small', '--timeout', '1m'])).code).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
  });

  it('timeout: exit 6 with the command that resumes, which then finishes', async () => {
    const r = await h.cli(['apps', 'create', '--type', 'n8n', '--name', 'flows-slow', '--profile', 'small', '--wait', '--timeout', '2m']);
    expect(r.code).toBe(6);
    const resume = /resume waiting with: (infra apps wait \S+)/.exec(r.stderr)?.[1];
    expect(resume).toMatch(/^infra apps wait [0-9a-f-]{36}$/);
    const again = await h.cli([...resume!.split(' ').slice(1), '--timeout', '1h', '--interval', '60s']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/flows-slow finished: ready/);
  });

  it('Ctrl-C while waiting: exit 130, the create goes on, with the resume command', async () => {
    const controller = new AbortController();
    const { InterruptedError } = await import('../../../src/cli/errors.js');
    let polls = 0;
    const r = await h.cli(['apps', 'create', '--type', 'ghost', '--name', 'news', '--profile', 'medium', '--wait'], {
      signal: controller.signal,
      onIdle: () => {
        if (++polls === 2) controller.abort(new InterruptedError());
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/interrupted while waiting for the create of news; it goes on server-side/);
    expect(r.stderr).toMatch(/resume waiting with: infra apps wait [0-9a-f-]{36}\n/);
  });
});

describe('apps restart', () => {
  it('--wait: POST restart once, exit 0 when it runs again', async () => {
    const r = await h.cli(['apps', 'restart', 'journal', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual([`POST ${A}/${APP_SEED.journal}/restart`]);
    expect(r.stderr).toMatch(/restart of journal .* accepted: restarting/);
    expect(r.stderr).toMatch(/restart of journal finished: ready/);
  });

  it('an app already restarting: the API refuses (422 {error}): exit 1 with its words', async () => {
    const r = await h.cli(['apps', 'restart', 'automations']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('App cannot be restarted in its current state');
  });

  it('without --wait: accepted, then `apps wait` follows it to the end', async () => {
    const r = await h.cli(['apps', 'restart', 'shop-wp', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(onlyJson(r.stdout)).toEqual({ message: 'App restart initiated', status: 'restarting' });
    const w = await h.cli(['apps', 'wait', 'shop-wp']);
    expect(w.code, w.stderr).toBe(0);
  });

  it('timeout and Ctrl-C on a slow restart: exit 6 then the resume finishes; exit 130', async () => {
    await h.cli(['apps', 'create', '--type', 'ghost', '--name', 'big-slow', '--profile', 'large']);
    expect((await h.cli(['apps', 'wait', 'big-slow', '--timeout', '1h', '--interval', '60s'])).code).toBe(0);
    h.sim.requests.length = 0;
    const r = await h.cli(['apps', 'restart', 'big-slow', '--wait', '--timeout', '1m']);
    expect(r.code).toBe(6);
    expect(writes()).toHaveLength(1);
    const resume = /resume waiting with: (infra apps wait .+)\n/.exec(r.stderr)?.[1];
    expect(resume).toBeDefined();
    const again = await h.cli([...resume!.split(' ').slice(1), '--timeout', '1h', '--interval', '60s']);
    expect(again.code, again.stderr).toBe(0);
    const controller = new AbortController();
    const { InterruptedError } = await import('../../../src/cli/errors.js');
    let polls = 0;
    const c = await h.cli(['apps', 'restart', 'big-slow', '--wait'], { signal: controller.signal, onIdle: () => void (++polls === 2 && controller.abort(new InterruptedError())) });
    expect(c.code).toBe(130);
    expect(c.stderr).toMatch(/interrupted while waiting for the restart of big-slow/);
  });

  it('a restart that fails: exit 1 with the error', async () => {
    await h.cli(['apps', 'create', '--type', 'n8n', '--name', 'flow-fail', '--profile', 'small']);
    // A failed create leaves the app in error: a restart is allowed from there and fails too.
    await h.cli(['apps', 'wait', 'flow-fail']);
    const r = await h.cli(['apps', 'restart', 'flow-fail', '--wait']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('app.restart_failed');
  });
});

describe('apps update', () => {
  it('PUT {resource_profile}; --wait until updated', async () => {
    const r = await h.cli(['apps', 'update', 'journal', '--profile', 'large', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(sent('PUT')).toEqual({ resource_profile: 'large' });
    expect(onlyJson((await h.cli(['apps', 'get', 'journal', '--json'])).stdout)).toMatchObject({ resource_profile: 'large' });
  });

  it('while another operation runs: the 409 {message} printed, exit 1', async () => {
    const r = await h.cli(['apps', 'update', 'automations', '--profile', 'medium']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Another operation is in progress on automations/);
  });
});

describe('apps delete', () => {
  it('without --yes and no terminal, or with CI set: exit 2, nothing sent', async () => {
    expect((await h.cli(['apps', 'delete', 'journal'])).code).toBe(2);
    const ci = await h.cli(['apps', 'delete', 'journal'], { ...tty, env: { CI: 'true' } });
    expect(ci.code).toBe(2);
    expect(ci.stderr).toContain('CI is set');
    expect(writes()).toEqual([]);
  });

  it('on a terminal the typed name must match; then --wait until gone (404)', async () => {
    const wrong = await h.cli(['apps', 'delete', 'journal'], { stdinTTY: true, prompter: { text: async () => 'shop-wp', secret: async () => '' } });
    expect(wrong.code).toBe(1);
    expect(writes()).toEqual([]);
    const r = await h.cli(['apps', 'delete', 'journal', '--wait'], tty);
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual([`DELETE ${A}/${APP_SEED.journal}`]);
    expect(r.stderr).toMatch(/journal is deleted/);
    expect((await h.cli(['apps', 'get', APP_SEED.journal])).code).toBe(5);
  });

  it('--yes --wait on a slow deletion: exit 6 with `--deleted` in the resume command, which then finishes', async () => {
    await h.cli(['apps', 'create', '--type', 'ghost', '--name', 'old-slow', '--profile', 'medium']);
    expect((await h.cli(['apps', 'wait', 'old-slow', '--timeout', '1h', '--interval', '60s'])).code).toBe(0);
    const r = await h.cli(['apps', 'delete', 'old-slow', '--yes', '--wait', '--timeout', '1m']);
    expect(r.code).toBe(6);
    const resume = /resume waiting with: (infra apps wait .+)\n/.exec(r.stderr)?.[1];
    expect(resume).toContain('--deleted');
    const again = await h.cli([...resume!.split(' ').slice(1), '--timeout', '1h', '--interval', '60s']);
    expect(again.code, again.stderr).toBe(0);
  });

  it('--wait of a deletion that fails: exit 1 with the error; Ctrl-C while deleting: exit 130', async () => {
    await h.cli(['apps', 'create', '--type', 'ghost', '--name', 'old-fail', '--profile', 'medium', '--wait']);
    const r = await h.cli(['apps', 'delete', 'old-fail', '--yes', '--wait']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('app.destroy_failed');
    const controller = new AbortController();
    const { InterruptedError } = await import('../../../src/cli/errors.js');
    let polls = 0;
    const c = await h.cli(['apps', 'delete', 'shop-wp', '--yes', '--wait'], { signal: controller.signal, onIdle: () => void (++polls === 2 && controller.abort(new InterruptedError())) });
    expect(c.code).toBe(130);
    expect(c.stderr).toMatch(/interrupted while waiting for the delete of shop-wp; it goes on server-side/);
    expect(c.stderr).toContain(`resume waiting with: infra apps wait ${APP_SEED.shop} --deleted`);
  });

  it('an app busy restarting cannot be deleted (422 {error}): exit 1', async () => {
    const r = await h.cli(['apps', 'delete', 'automations', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('App cannot be destroyed in its current state');
  });
});

describe('apps credentials / metrics / diagnose / logs / events', () => {
  it('credentials: the password masked unless --show-secrets; --json as sent', async () => {
    const r = await h.cli(['apps', 'credentials', 'shop-wp']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/data\.admin_password:\s+\*{8}/);
    expect(r.stdout).toMatch(/data\.url:\s+https:\/\/shop\.apps\.sim\.local\/wp-admin/);
    const shown = await h.cli(['apps', 'credentials', 'shop-wp', '--show-secrets']);
    const j = onlyJson((await h.cli(['apps', 'credentials', 'shop-wp', '--json'])).stdout) as { data: { admin_password: string } };
    expect(j.data.admin_password).toMatch(/^\S{20}$/);
    expect(shown.stdout).toContain(j.data.admin_password);
    expect(r.stdout).not.toContain(j.data.admin_password);
  });

  it('metrics piped: the summary and a row per series, no sparkline; the query as asked', async () => {
    const r = await h.cli(['apps', 'metrics', 'shop-wp', '--hours', '6', '--step', '15m']);
    expect(r.code, r.stderr).toBe(0);
    expect(h.sim.requests.at(-1)?.path).toBe(`${A}/${APP_SEED.shop}/metrics`);
    expect(h.sim.requests.at(-1)?.query).toMatchObject({ hours: '6', step: '15m' });
    expect(r.stdout).toMatch(/CPU:\s+[\d.]+%/);
    expect(r.stdout).toMatch(/^SERIES\tPOINTS\tLAST\tMIN\tAVG\tMAX$/m);
    expect(r.stdout).toMatch(/^cpu\t24\t/m);
    expect(r.stdout).not.toMatch(/[▁▂▃▄▅▆▇█]/);
  });

  it('metrics on a terminal: a sparkline per series; --json the answer unchanged', async () => {
    const out = new Capture(true, 120);
    const r = await h.cli(['apps', 'metrics', 'shop-wp', '--hours', '6', '--step', '15m'], { stdout: out });
    expect(r.code, r.stderr).toBe(0);
    expect(out.text).toMatch(/TREND/);
    expect(out.text).toMatch(/cpu .*[▁▂▃▄▅▆▇█]{10,}/);
    const j = onlyJson((await h.cli(['apps', 'metrics', 'shop-wp', '--json'])).stdout) as { data: { metrics: { cpu: { values: number[] } } }; meta: unknown };
    expect(j.data.metrics.cpu.values.length).toBe(12);
    expect(j.meta).toEqual({ hours: null, step: '5m' });
  });

  it('metrics: a bad --hours or --step is exit 2 before any request', async () => {
    expect((await h.cli(['apps', 'metrics', 'shop-wp', '--hours', '0'])).code).toBe(2);
    expect((await h.cli(['apps', 'metrics', 'shop-wp', '--step', 'soon'])).code).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
  });

  it('diagnose, logs and events of an app that failed', async () => {
    await h.cli(['apps', 'create', '--type', 'ghost', '--name', 'mag-fail', '--profile', 'medium', '--wait']);
    const d = await h.cli(['apps', 'diagnose', 'mag-fail']);
    expect(d.code).toBe(0);
    expect(d.stdout).toMatch(/FATAL\s+app\.create_failed/);
    expect((await h.cli(['apps', 'diagnose', 'mag-fail', '--exit-status'])).code).toBe(1);
    const l = await h.cli(['apps', 'logs', 'mag-fail', '--since', '1h', '--json']);
    expect(l.code, l.stderr).toBe(0);
    expect(l.stdout).toContain('"message":"ERROR create failed"');
    const e = await h.cli(['apps', 'events', 'mag-fail']);
    expect(e.stdout).toMatch(/Warning\tOperationFailed\tAppInstance\/mag-fail/);
  });
});
