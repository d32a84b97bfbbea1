// infra export and infra apply through bin/infra against the simulator: an export applied back
// sends no write, an edited field is drift (exit 10, no write) until applied, a dry run and a
// check only read, what the file adds is created, no secret is ever exported, and a bad file
// exits 2 before any request. What the server received is asserted each time.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { createBody, simApi, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

describe('infra export and infra apply, through bin/infra', () => {
  let sim: Simulator;
  useSimulator((s) => (sim = s));
  const dir = mkdtempSync(join(tmpdir(), 'infra-export-'));
  const writes = () => sim.requests.filter((q) => WRITES.includes(q.method)).map((q) => `${q.method} ${q.path}`);
  const run = (argv: string[]) => spawnCli(argv, { env: simEnv(sim) });
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('an export applied back sends no write; two exports of the same state are the same bytes; -o writes 0600', async () => {
    const out = join(dir, 'project.yaml');
    const first = await run(['export', '-o', out]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toBe('');
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const second = await run(['export']);
    expect(second.stdout).toBe(readFileSync(out, 'utf8'));
    expect(second.stdout).toMatch(/^apiVersion: infra\/v1\nkind: Project\n/m);
    for (const key of ['firewalls:', 'databases:', 'caches:', 'queues:', 'containers:', 'uptime_checks:', 'metric_alerts:']) expect(second.stdout).toContain(`\n${key}\n`);
    // Nothing the server makes up: no ids, statuses, endpoints or times.
    expect(second.stdout).not.toMatch(/\b(id|status|created_at|endpoint|spec_generation):/);

    sim.requests.length = 0;
    const apply = await run(['apply', '-f', out]);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toContain('cache sessions-redis: unchanged');
    expect(apply.stdout).not.toMatch(/: (created|updated)/);
    expect(writes()).toEqual([]);
    const check = await run(['apply', '-f', out, '--check']);
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toBe('');
    expect(writes()).toEqual([]);
  });

  it('one edited field: --check exits 10 with that field and sends nothing; apply sends that field alone; then --check exits 0', async () => {
    const exported = (await run(['export', '--family', 'cache'])).stdout;
    const edited = exported.replace(/(- name: sessions-redis\n(?: {4}.*\n)*? {4}resource_profile: )small/, '$1medium');
    expect(edited).not.toBe(exported);
    const path = file('edited.yaml', edited);
    sim.requests.length = 0;

    const check = await run(['apply', '-f', path, '--check']);
    expect(check.code, check.stderr).toBe(10);
    expect(check.stdout).toMatch(/^cache sessions-redis: drifted \(id [0-9a-f-]+\)\n {2}resource_profile: small -> medium\n$/);
    expect(check.stderr).toContain('drifted: 1 of 3 resources differ');
    const json = await run(['apply', '-f', path, '--check', '--json']);
    expect(json.code).toBe(10);
    const doc = JSON.parse(json.stdout) as { drifted: boolean; resources: { family: string; name: string; action: string; diff: unknown[] }[] };
    expect(doc.drifted).toBe(true);
    expect(doc.resources.find((r) => r.name === 'sessions-redis')).toMatchObject({ family: 'cache', action: 'update', diff: [{ field: 'resource_profile', live: 'small', file: 'medium' }] });
    expect(doc.resources.filter((r) => r.action !== 'unchanged')).toHaveLength(1);

    const dry = await run(['apply', '-f', path, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('cache sessions-redis: would update');
    expect(writes()).toEqual([]);
    expect(sim.requests.every((q) => q.method === 'GET')).toBe(true);

    const apply = await run(['apply', '-f', path]);
    expect(apply.code, apply.stderr).toBe(0);
    const puts = sim.requests.filter((q) => WRITES.includes(q.method));
    expect(puts.map((q) => q.method)).toEqual(['PUT']);
    expect(puts[0]!.path).toMatch(/^\/api\/v1\/cache\/[0-9a-f-]+$/);
    expect(puts[0]!.body).toEqual({ resource_profile: 'medium' });
    // apply does not wait for the change to roll out, and says how to.
    expect(apply.stderr).toContain(`hint: follow the changes with: infra cache wait ${puts[0]!.path.split('/').pop()} (or apply with --wait)\n`);

    sim.requests.length = 0;
    expect((await run(['apply', '-f', path, '--check'])).code).toBe(0);
    const again = await run(['apply', '-f', path]);
    expect(again.code).toBe(0);
    expect(writes()).toEqual([]);
  });

  it('no secret is exported: a container variable by name only, no database password; applied back, the value stays', async () => {
    const api = simApi(sim);
    const secret = 'sk_live_do-not-export-7f3a9c';
    const created = await api.send('POST', '/api/v1/serverless', createBody('billing', '1.0.0', { environment_variables: { STRIPE_KEY: secret, LOG_LEVEL: 'info' } }));
    expect(created.status).toBe(201);
    const dbs = (await (await api.get('/api/v1/database')).json()) as { data: { id: string; name: string }[] };
    const db = dbs.data.find((d) => d.name === 'orders-pg')!;
    const creds = JSON.stringify(await (await api.get(`/api/v1/database/${db.id}/credentials`)).json());
    const password = /"password":"([^"]+)"/.exec(creds)?.[1];
    expect(password, creds).toBeTruthy();

    for (const argv of [['export'], ['export', '--json']]) {
      const r = await run(argv);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toContain(secret);
      expect(r.stdout).not.toContain(password);
      expect(r.stdout).not.toMatch(/password|token|credential/i);
    }
    const yaml = (await run(['export', '--family', 'serverless'])).stdout;
    expect(yaml).toMatch(/- name: billing\n(?: {4}.*\n)*? {4}keep_env:\n {6}- LOG_LEVEL\n {6}- STRIPE_KEY\n/);

    // Applied back with one field changed, the variables it names without values are kept.
    const path = file('billing.yaml', yaml.replace(/(- name: billing\n(?: {4}.*\n)*? {4}port: )8080/, '$19090'));
    sim.requests.length = 0;
    const apply = await run(['apply', '-f', path]);
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).not.toContain(secret);
    const put = sim.requests.filter((q) => q.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]!.body).toEqual({ port: 9090 });
    const after = (await (await api.get(`/api/v1/serverless/${((await created.json()) as { container: { id: string } }).container.id}`)).json()) as {
      container: { environment_variables: Record<string, string> };
    };
    expect(after.container.environment_variables).toEqual({ STRIPE_KEY: secret, LOG_LEVEL: 'info' });
  });

  it('creates what the file adds: a cache, an uptime check, a metric alert and a firewall', async () => {
    const alerts = (await (await simApi(sim).get('/api/v1/metric-alerts')).json()) as { data: { resource_id: string }[] };
    const vps = alerts.data[0]!.resource_id;
    const path = file(
      'new.yaml',
      [
        'apiVersion: infra/v1',
        'kind: Project',
        'caches:',
        '  - name: hot-keys',
        '    engine: valkey',
        '    resource_profile: small',
        'uptime_checks:',
        '  - name: docs',
        '    url: https://docs.acme.example/',
        '    interval_seconds: 300',
        '    notification_channels: [mail]',
        'metric_alerts:',
        '  - name: vps-01-memory',
        '    resource_type: vps',
        `    resource_id: "${vps}"`,
        '    metric_type: memory_usage',
        '    comparison_operator: gt',
        '    threshold_value: 90',
        'firewalls:',
        '  - name: edge',
        '    rules:',
        '      - protocol: tcp',
        '        port_range_start: 443',
        '        source_ips: ["0.0.0.0/0"]',
        '',
      ].join('\n'),
    );
    sim.requests.length = 0;
    const r = await run(['apply', '-f', path]);
    expect(r.code, r.stderr).toBe(0);
    const posts = sim.requests.filter((q) => WRITES.includes(q.method));
    expect(posts.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /api/v1/firewalls', 'POST /api/v1/cache', 'POST /api/v1/uptime-checks', 'POST /api/v1/metric-alerts']);
    expect(posts[0]!.body).toEqual({
      name: 'edge',
      rules: [{ action: 'allow', direction: 'inbound', protocol: 'tcp', port_range_start: 443, port_range_end: 443, source_ips: ['0.0.0.0/0'], order: 1 }],
    });
    expect(posts[1]!.body).toEqual({ name: 'hot-keys', provider: 'valkey', resource_profile: 'small', datacenter: 'fsn1' });
    expect(posts[2]!.body).toEqual({ name: 'docs', url: 'https://docs.acme.example/', interval_seconds: '300', notification_channels: ['mail'] });
    expect(posts[3]!.body).toEqual({ name: 'vps-01-memory', resource_type: 'vps', resource_id: vps, metric_type: 'memory_usage', comparison_operator: 'gt', threshold_value: 90 });
    for (const line of ['firewall edge: created', 'cache hot-keys: created', 'uptime check docs: created', 'metric alert vps-01-memory: created']) expect(r.stdout).toContain(line);

    sim.requests.length = 0;
    const check = await run(['apply', '-f', path, '--check']);
    expect(check.code, check.stdout).toBe(0);
    expect(writes()).toEqual([]);
  });

  it("today's serverless apply file is read too", async () => {
    const path = file('deploy.json', JSON.stringify({ containers: [{ name: 'web', image: 'registry.sim.local/acme/web:1.3.0' }] }));
    sim.requests.length = 0;
    const r = await run(['apply', '-f', path]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^container web: updated \(id [0-9a-f-]+\)\n {2}image: registry.sim.local\/acme\/web:1.2.0 -> registry.sim.local\/acme\/web:1.3.0\n$/);
    const put = sim.requests.filter((q) => q.method === 'PUT');
    expect(put.map((q) => q.body)).toEqual([{ image: 'registry.sim.local/acme/web', image_tag: '1.3.0' }]);
  });

  it('a field only a create sets, changed: exit 1 before any write, naming it', async () => {
    const exported = (await run(['export', '--family', 'database'])).stdout;
    const path = file('engine.yaml', exported.replace('engine: postgresql', 'engine: mysql').replace('resource_profile: small', 'resource_profile: medium'));
    sim.requests.length = 0;
    const r = await run(['apply', '-f', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('database orders-pg: engine is set when the resource is created and cannot be changed (postgresql -> mysql)');
    expect(writes()).toEqual([]);
  });

  it.each([
    [
      'an unknown family',
      'apiVersion: infra/v1\nkind: Project\nbuckets:\n  - name: a\n',
      'buckets: unknown family (known: firewalls, databases, caches, queues, containers, uptime_checks, metric_alerts)',
    ],
    ['an unknown field', 'caches:\n  - name: a\n    engine: redis\n    resource_profile: small\n    colour: red\n', 'caches[0] (a).colour: unknown field'],
    [
      'a wrong type',
      'uptime_checks:\n  - name: docs\n    url: https://d.example/\n    timeout_seconds: fast\n',
      'uptime_checks[0] (docs): timeout_seconds must be a whole number from 1 to 30 (got "fast")',
    ],
    ['a bad rule', 'firewalls:\n  - name: edge\n    rules:\n      - protocol: smtp\n', 'firewalls[0] (edge): rules[0].protocol must be one of tcp, udp, icmp, any, gre, esp'],
    ['a YAML error', 'caches:\n  - name: a\n    engine: &x redis\n', 'line 3: anchors, aliases and tags are not read'],
    ['a missing name', 'queues:\n  - resource_profile: queue-small\n', 'queues[0]: needs a name'],
    ['a value given for a container variable that is also kept', 'containers:\n  - name: web\n    image: a/b:1\n    env:\n      A: x\n    keep_env: [A]\n', 'containers[0] (web): A is named twice'],
  ])('a bad file (%s): exit 2, the line or path, no request', async (_what, text, message) => {
    const path = file('bad.yaml', text);
    sim.requests.length = 0;
    const r = await run(['apply', '-f', path, '--check']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`--file: ${path}: ${message}`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(sim.requests).toEqual([]);
  });

  it('export --family refuses an unknown family (exit 2, no request)', async () => {
    sim.requests.length = 0;
    const r = await run(['export', '--family', 'cache,buckets']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--family: "buckets" is not a family export writes');
    expect(sim.requests).toEqual([]);
  });
  it('--wait through the binary: the change is followed to the time limit (exit 6), whose hint resumes it', async () => {
    // The simulator runs in real time here: a cache's operation takes longer than the 1 s allowed.
    const path = file('wait.yaml', 'caches:\n  - name: sessions-redis\n    engine: redis\n    resource_profile: large\n');
    sim.requests.length = 0;
    const r = await run(['apply', '-f', path, '--wait', '--timeout', '1s', '--interval', '200ms']);
    expect(r.code, r.stderr).toBe(6);
    expect(writes()).toEqual([expect.stringMatching(/^PUT \/api\/v1\/cache\/[0-9a-f-]+$/)]);
    expect(r.stderr).toMatch(/error: sessions-redis: .*1s/);
    expect(r.stderr).toMatch(/hint: .*infra cache wait [0-9a-f-]+/);
  });
});
