// Connection details from whatever the server sends (issue 19): the credentials answer's own
// host/port or spec 2.2 fields come before the instance's, so the human view never says "not
// given" for a field the answer has; --url is masked on a terminal and whole when piped.
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Capture } from '../../helpers/cli.js';
import { cli, SEED_IDS, useSimulator, type Simulator } from '../../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

const PG = SEED_IDS.postgres;
/** An instance that carries no connection field (an older server's show answer). */
const bareInstance = () => http.get(`*/api/v1/database/${PG}`, () => HttpResponse.json({ instance: { id: PG, name: 'orders-pg', status: 'running' }, connection_info: null, monthly_cost: 1 }));

describe('database credentials: the answer first', () => {
  it('spec 2.2 fields in the answer (no host/port): connect to and both planes come from it', async () => {
    sim.use(
      bareInstance(),
      http.get(`*/api/v1/database/${PG}/credentials`, () =>
        HttpResponse.json({
          username: 'postgres',
          password: 'pw',
          database: 'app',
          connection_info: null,
          connection_host: 'db.example.net',
          connection_port: 30007,
          internal_host: 'db.svc',
          internal_port: 5432,
          dns_hostname: 'db.example.net',
          dns_port: 30007,
        }),
      ),
    );
    const r = await cli(sim, ['database', 'credentials', PG]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^connect to:\s+db\.example\.net:30007$/m);
    expect(r.stdout).toMatch(/^private endpoint:\s+db\.svc:5432$/m);
    expect(r.stdout).toMatch(/^public endpoint:\s+db\.example\.net:30007$/m);
    expect(r.stdout).not.toContain('not given');
  });

  it("the real shape's host/port with an instance that has no connection fields", async () => {
    sim.use(
      bareInstance(),
      http.get(`*/api/v1/database/${PG}/credentials`, () => HttpResponse.json({ host: 'pg.internal', port: '5432', username: 'postgres', password: null, database: null, connection_info: null })),
    );
    const r = await cli(sim, ['database', 'credentials', PG]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^connect to:\s+pg\.internal:5432$/m);
    expect(r.stdout).not.toMatch(/^connect to:.*not given/m);
  });
});

describe('--url', () => {
  it('piped: the URL whole (psql "$(...)"); on a terminal: masked unless --show-secrets', async () => {
    const piped = await cli(sim, ['database', 'credentials', 'orders-pg', '--url']);
    expect(piped.stdout).toMatch(/^postgresql:\/\/postgres:pg-S3cret-orders@.+\n$/);
    const out = new Capture(true, 100);
    const tty = await cli(sim, ['database', 'credentials', 'orders-pg', '--url'], { stdout: out });
    expect(tty.code).toBe(0);
    expect(out.text).toMatch(/^postgresql:\/\/postgres:\*{8}@.+\n$/);
    expect(tty.stderr).toContain('hint: the password is masked on a terminal');
    const shown = new Capture(true, 100);
    await cli(sim, ['database', 'credentials', 'orders-pg', '--url', '--show-secrets'], { stdout: shown });
    expect(shown.text).toContain('pg-S3cret-orders');
  });

  it('the same for cache connection-info and queue connection-info', async () => {
    const cache = new Capture(true, 100);
    await cli(sim, ['cache', 'connection-info', 'sessions-redis', '--url'], { stdout: cache });
    expect(cache.text).toMatch(/^redis:\/\/default:\*{8}@/);
    expect((await cli(sim, ['cache', 'connection-info', 'sessions-redis', '--url'])).stdout).toContain('redis-S3cret');
    const queue = new Capture(true, 100);
    await cli(sim, ['queue', 'connection-info', 'events-rabbit', '--url'], { stdout: queue });
    expect(queue.text).toMatch(/^amqps:\/\/admin:\*{8}@/);
    expect((await cli(sim, ['queue', 'connection-info', 'events-rabbit', '--url'])).stdout).toContain('rmq-S3cret-events');
  });

  it('queue: a null host is read from the AMQP URL, not "not assigned"', async () => {
    sim.use(
      http.get('*/api/v1/queue/:id/connection-info', () =>
        HttpResponse.json({
          amqp_url: 'amqps://admin:x@mq.example.net:5671/',
          management_url: 'https://mq.example.net:15672',
          host: null,
          port: 5671,
          management_port: 15672,
          vhost: '/',
          username: 'admin',
          password: 'x',
        }),
      ),
    );
    const r = await cli(sim, ['queue', 'connection-info', SEED_IDS.queues.events]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Host:\s+mq\.example\.net$/m);
  });
});
