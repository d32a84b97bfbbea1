// Firewalls end to end against the simulator, in virtual time: every command and the requests
// it sends; rules from flags, JSON and files; a wait on the firewall's own status (no
// status_details) for deploy, update and attach, to success, failure, timeout and Ctrl-C.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onlyJson } from '../../helpers/cli.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const WEB = SEED_IDS.firewalls.web;
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const sent = (method: string, suffix = '') => h.sim.requests.find((q) => q.method === method && q.path.endsWith(suffix))?.body as Record<string, unknown>;
const firewall = (name: string) => h.sim.world.firewalls.list(1).find((f) => f.name === name)!;

describe('firewalls: reads', () => {
  it('list: status, default and rule count from the real fields', async () => {
    const r = await h.cli(['firewalls', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('ID\tNAME\tSTATUS\tDEFAULT\tRULES\tDEFAULT ACTION');
    expect(r.stdout).toContain(`${SEED_IDS.firewalls.default}\tdefault\tactive\tyes\t1\tdeny`);
    expect(r.stdout).toContain(`${WEB}\tweb-ingress\tactive\tno\t3\tdeny`);
  });

  it('get by name: the rules in words, in order', async () => {
    const r = await h.cli(['firewalls', 'get', 'web-ingress']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/firewalls', `GET /api/v1/firewalls/${WEB}`]);
    expect(r.stdout).toMatch(/Status:\s+active/);
    expect(r.stdout).toMatch(/Rule 1:\s+allow inbound tcp 443 from 0\.0\.0\.0\/0, ::\/0 \(https\)/);
    expect(r.stdout).toMatch(/Rule 3:\s+allow inbound tcp 22 from 198\.51\.100\.0\/24 \(ssh office\)/);
  });

  it('get --json: the firewall as sent (is_default as the string the facts have)', async () => {
    const r = await h.cli(['firewalls', 'get', WEB, '--json']);
    expect(requestLines(h.sim)).toEqual([`GET /api/v1/firewalls/${WEB}`]);
    expect(onlyJson(r.stdout)).toMatchObject({ id: WEB, is_default: '0', default_action: 'deny', status: 'active' });
  });
});

describe('firewalls create', () => {
  it('rules from --rules (a file) and --rule, in that order; a draft until deployed', async () => {
    const file = join(tmpdir(), `rules-${process.pid}.json`);
    writeFileSync(file, JSON.stringify([{ direction: 'inbound', protocol: 'icmp' }]));
    const r = await h.cli([
      'firewalls',
      'create',
      '--name',
      'db-private',
      '--description',
      'Postgres from the app subnet',
      '--rules',
      `@${file}`,
      '--rule',
      'tcp/5432,from=10.42.0.0/16,name=postgres from app',
      '--rule',
      'udp/60000-61000,direction=out,action=deny',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(sent('POST')).toEqual({
      name: 'db-private',
      description: 'Postgres from the app subnet',
      rules: [
        { order: 1, direction: 'inbound', protocol: 'icmp' },
        { order: 2, direction: 'inbound', action: 'allow', protocol: 'tcp', name: 'postgres from app', port_range_start: 5432, port_range_end: 5432, source_ips: ['10.42.0.0/16'] },
        { order: 3, direction: 'outbound', action: 'deny', protocol: 'udp', port_range_start: 60000, port_range_end: 61000 },
      ],
    });
    expect(r.stderr).toContain("a draft until 'infra firewalls deploy db-private'");
    expect((await h.cli(['firewalls', 'get', 'db-private'])).stdout).toMatch(/Status:\s+draft/);
  });

  it('--deploy --wait: created, deployed, active', async () => {
    const r = await h.cli(['firewalls', 'create', '--name', 'web', '--rule', 'tcp/443', '--deploy', '--wait', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual(['POST /api/v1/firewalls', `POST /api/v1/firewalls/${firewall('web').id}/deploy`]);
    expect(r.stderr).toMatch(/deploy of web finished: ready/);
    expect(onlyJson(r.stdout)).toMatchObject({ outcome: 'ready', evidence: 'fresh_observation' });
  });

  it("the API's field errors: exit 2, printed field by field", async () => {
    const r = await h.cli(['firewalls', 'create', '--name', 'x', '--rules', '[{"direction":"inbound","protocol":"tcp","port_range_start":90,"port_range_end":80}]']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('  rules.0.port_range_end: The rules.0.port_range_end field must be greater than or equal to rules.0.port_range_start.');
  });

  it('bad rules are refused before any request (exit 2), naming the flag', async () => {
    for (const rule of ['tcp/70000', 'icmp/8', 'tcp/22,from=10.0.0.0/40', 'ssh']) {
      const r = await h.cli(['firewalls', 'create', '--name', 'x', '--rule', rule]);
      expect(r.code, rule).toBe(2);
      expect(r.stderr).toContain('--rule');
    }
    expect((await h.cli(['firewalls', 'create', '--name', 'x', '--rules', '{"not":"an array"}'])).code).toBe(2);
    expect((await h.cli(['firewalls', 'create', '--name', 'x', '--rules', '@/nonexistent/rules.json'])).stderr).toContain('cannot read /nonexistent/rules.json');
    expect(requestLines(h.sim)).toEqual([]);
  });
});

describe('firewalls deploy / update / attach / detach', () => {
  it('deploy --wait of a firewall that fails to apply: exit 1, the hint names get (firewalls have no diagnose)', async () => {
    await h.cli(['firewalls', 'create', '--name', 'edge-fail', '--rule', 'tcp/443']);
    const r = await h.cli(['firewalls', 'deploy', 'edge-fail', '--wait']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: deploy of edge-fail failed');
    expect(r.stderr).toMatch(/hint: 'infra firewalls get \S+' says more/);
    expect((await h.cli(['firewalls', 'get', 'edge-fail'])).stdout).toMatch(/Status:\s+error/);
  });

  it('deploy while applying: 422 {error} is a refusal (exit 1)', async () => {
    await h.cli(['firewalls', 'deploy', 'web-ingress']);
    const r = await h.cli(['firewalls', 'deploy', 'web-ingress']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Firewall is already being applied');
  });

  it('update --add-rule/--remove-rule: merged with the current rules, applied again, --wait until active', async () => {
    const r = await h.cli(['firewalls', 'update', 'web-ingress', '--add-rule', 'tcp/8443,name=alt-https', '--remove-rule', 'ssh office', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect((sent('PUT').rules as Record<string, unknown>[]).map((x) => [x.name, x.port_range_start, x.order])).toEqual([
      ['https', 443, 1],
      ['http', 80, 2],
      ['alt-https', 8443, 3],
    ]);
    expect(r.stderr).toMatch(/update of web-ingress finished: ready/);
    expect(firewall('web-ingress').rules.map((x) => x.name)).toEqual(['https', 'http', 'alt-https']);
  });

  it('update: removing a rule that is not there is a usage error (exit 2), nothing written', async () => {
    const r = await h.cli(['firewalls', 'update', 'web-ingress', '--remove-rule', 'telnet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no rule named "telnet"');
    expect(writes()).toEqual([]);
  });

  it('update --rules [] removes every rule; --name renames', async () => {
    const r = await h.cli(['firewalls', 'update', 'web-ingress', '--rules', '[]', '--name', 'closed']);
    expect(r.code, r.stderr).toBe(0);
    expect(sent('PUT')).toEqual({ name: 'closed', rules: [] });
    expect(firewall('closed').rules).toEqual([]);
  });

  it('attach --to type:name: the name resolved in its family, the firewall applied, --wait until active', async () => {
    const r = await h.cli(['firewalls', 'attach', 'web-ingress', '--to', 'vps:vps-02', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim).slice(0, 3)).toEqual(['GET /api/v1/firewalls', 'GET /api/v1/vps', `POST /api/v1/firewalls/${WEB}/attach`]);
    expect(sent('POST', '/attach')).toEqual({ instance_type: 'vps', instance_id: SEED_IDS.vps[1] });
    expect(r.stderr).toMatch(/attach of web-ingress finished: ready/);
    expect(firewall('web-ingress').attachments).toContainEqual({ type: 'vps', id: SEED_IDS.vps[1] });
  });

  it('attach to a database by id: no lookup; twice is refused (exit 1)', async () => {
    expect((await h.cli(['firewalls', 'attach', WEB, '--to', `database:${SEED_IDS.postgres}`])).code).toBe(0);
    expect(requestLines(h.sim)).toEqual([`GET /api/v1/firewalls/${WEB}`, `POST /api/v1/firewalls/${WEB}/attach`]);
    const again = await h.cli(['firewalls', 'attach', WEB, '--to', `database:${SEED_IDS.postgres}`]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Firewall is already attached to this instance');
  });

  it('attach to an instance that does not exist: not found (exit 5) before the attach', async () => {
    const r = await h.cli(['firewalls', 'attach', 'web-ingress', '--to', 'cache:nope']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('no cache with the id or name "nope"');
    expect(writes()).toEqual([]);
  });

  it('detach --from: immediate, no wait; detaching what is not attached is refused (exit 1)', async () => {
    const r = await h.cli(['firewalls', 'detach', 'web-ingress', '--from', 'vps:vps-01', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(onlyJson(r.stdout)).toMatchObject({ id: WEB, instance_type: 'vps', instance_id: SEED_IDS.vps[0], message: 'Firewall detached successfully' });
    expect(firewall('web-ingress').attachments).toEqual([]);
    expect((await h.cli(['firewalls', 'detach', 'web-ingress', '--from', 'vps:vps-01'])).code).toBe(1);
  });

  it('timeout: exit 6 with the command that resumes, which then finishes', async () => {
    await h.cli(['firewalls', 'create', '--name', 'big-slow', '--rule', 'tcp/443']);
    const r = await h.cli(['firewalls', 'deploy', 'big-slow', '--wait', '--timeout', '2m']);
    expect(r.code).toBe(6);
    const resume = /resume waiting with: (infra firewalls wait \S+)/.exec(r.stderr)?.[1];
    expect(resume).toMatch(/^infra firewalls wait [0-9a-f-]{36}$/);
    const again = await h.cli([...resume!.split(' ').slice(1), '--timeout', '1h']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/operation of big-slow finished: ready/);
  });

  it('Ctrl-C while waiting: exit 130 with the resume command', async () => {
    const controller = new AbortController();
    const { InterruptedError } = await import('../../../src/cli/errors.js');
    let polls = 0;
    const r = await h.cli(['firewalls', 'deploy', 'web-ingress', '--wait'], {
      signal: controller.signal,
      onIdle: () => {
        if (++polls === 2) controller.abort(new InterruptedError());
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/interrupted while waiting for the deploy of web-ingress; it goes on server-side/);
    expect(r.stderr).toContain(`resume waiting with: infra firewalls wait ${WEB}`);
  });
});

describe('firewalls delete', () => {
  it('--wait: deleted at once (the 404 follows), confirmed like every delete', async () => {
    expect((await h.cli(['firewalls', 'delete', 'web-ingress'])).code).toBe(2);
    expect(writes()).toEqual([]);
    const r = await h.cli(['firewalls', 'delete', 'web-ingress', '--yes', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/web-ingress is deleted/);
    expect((await h.cli(['firewalls', 'get', WEB])).code).toBe(5);
  });

  it('the default firewall cannot be deleted: 422 {error} is a refusal (exit 1)', async () => {
    const r = await h.cli(['firewalls', 'delete', 'default', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('The default firewall cannot be deleted.');
  });
});
