// `infra database replicas list/add/remove/status` end to end against the simulator, in virtual
// time: the requests, what people and scripts read, the wait on the GitOps sync, and the
// confirmation of a removal.
import { describe, expect, it } from 'vitest';
import { onlyJson } from '../../helpers/cli.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const PG = SEED_IDS.postgres;
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const tty = (answer: string) => ({ stdinTTY: true, prompter: { text: async () => answer, secret: async () => '' } });

describe('database replicas list / status', () => {
  it('no replicas: the primary alone (TSV when piped), and how to add one', async () => {
    const r = await h.cli(['database', 'replicas', 'list', 'orders-pg']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('ROLE\tINDEX\tNAME\tSTATUS\tREADY\tENDPOINT\nprimary\t0\torders-pg-1\trunning\tyes\torders-pg.svc.cluster.local:5432\n');
    expect(r.stderr).toContain('no read replicas; add one with: infra database replicas add orders-pg');
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/database', `GET /api/v1/database/${PG}/replicas`]);
  });

  it('status and list --json: the answers as sent', async () => {
    const s = await h.cli(['database', 'replicas', 'status', PG, '--json']);
    expect(onlyJson(s.stdout)).toEqual({ is_replicating: false, replica_count: 0, replicas: [] });
    const l = await h.cli(['database', 'replicas', 'list', PG, '--json']);
    expect(onlyJson(l.stdout)).toMatchObject({ replicas: [], master: { name: 'orders-pg-1', ready: true }, billing: { monthly_cost_cents: 0 } });
    expect(requestLines(h.sim)).toEqual([`GET /api/v1/database/${PG}/replicas/status`, `GET /api/v1/database/${PG}/replicas`]);
  });
});

describe('database replicas add', () => {
  it('--wait: one POST {replica_count}, the new names on stdout, done once they are synced; then they stream on private endpoints', async () => {
    const r = await h.cli(['database', 'replicas', 'add', 'orders-pg', '--count', '2', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('orders-pg-2\norders-pg-3\n');
    expect(writes()).toEqual([`POST /api/v1/database/${PG}/replicas`]);
    expect(h.sim.requests.find((q) => q.method === 'POST')?.body).toEqual({ replica_count: 2 });
    expect(r.stderr).toMatch(/replica addition of orders-pg finished: ready/);
    const list = await h.cli(['database', 'replicas', 'list', 'orders-pg']);
    expect(list.stdout.split('\n').slice(2, 4)).toEqual([
      'replica\t1\torders-pg-2\tstreaming\tyes\torders-pg-ro.svc.cluster.local:5432',
      'replica\t2\torders-pg-3\tstreaming\tyes\torders-pg-ro.svc.cluster.local:5432',
    ]);
    // Public DNS is on for orders-pg: read endpoints stay private, on the engine port.
    expect(list.stderr).toContain('read endpoints: private network only');
    expect(list.stderr).toContain('the replicas cost $30.00 a month');
    const status = await h.cli(['database', 'replicas', 'status', 'orders-pg']);
    expect(status.stdout).toMatch(/^Replicating:\s+yes\nReplicas:\s+2\norders-pg-2:\s+streaming, lag 0 bytes, async\n/);
  });

  it('without --wait: pending until the sync; --json is the answer; `database wait` follows it', async () => {
    const r = await h.cli(['database', 'replicas', 'add', PG, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(onlyJson(r.stdout)).toMatchObject({ message: 'Replica added successfully', replicas: [{ status: 'success', replica_name: 'orders-pg-2', replica_index: 1 }] });
    expect((await h.cli(['database', 'replicas', 'list', PG])).stdout).toContain('replica\t1\torders-pg-2\tpending\tno\t');
    expect((await h.cli(['database', 'get', PG])).stdout).toMatch(/Status:\s+in_progress \(running\)/);
    const w = await h.cli(['database', 'wait', PG]);
    expect(w.code, w.stderr).toBe(0);
    expect((await h.cli(['database', 'replicas', 'status', PG, '--json'])).stdout).toContain('"is_replicating": true');
  });

  it('refused: a stopped database (exit 1), too many replicas (422 field error, exit 2), --count 0 before any request', async () => {
    expect((await h.cli(['database', 'replicas', 'add', PG, '--count', '0'])).code).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
    const many = await h.cli(['database', 'replicas', 'add', PG, '--count', '6']);
    expect(many.code).toBe(2);
    expect(many.stderr).toContain('replica_count: The replica count field must be between 1 and 5.');
    await h.cli(['database', 'stop', 'shop-mysql', '--wait']);
    const stopped = await h.cli(['database', 'replicas', 'add', 'shop-mysql']);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain('Replicas can only be changed while the database instance is running');
  });

  it('a token without database:write: exit 4 naming the permission', async () => {
    const r = await h.cli(['database', 'replicas', 'add', PG], { env: { INFRA_TOKEN: h.sim.tokens.default } });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('database:write');
  });
});

describe('database replicas remove', () => {
  const addTwo = async () => {
    const r = await h.cli(['database', 'replicas', 'add', PG, '--count', '2', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    h.sim.requests.length = 0;
  };

  it('by name with --yes --wait: the list gives its index, one DELETE, done when the database settles', async () => {
    await addTwo();
    const r = await h.cli(['database', 'replicas', 'remove', 'orders-pg', 'orders-pg-3', '--yes', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    // Then only the polls of the wait (GET of the database).
    expect(requestLines(h.sim).filter((l) => l !== `GET /api/v1/database/${PG}`)).toEqual(['GET /api/v1/database', `GET /api/v1/database/${PG}/replicas`, `DELETE /api/v1/database/${PG}/replicas/2`]);
    expect(r.stderr).toMatch(/replica removal of orders-pg finished: ready/);
    expect((await h.cli(['database', 'replicas', 'status', PG, '--json'])).stdout).toContain('"replica_count": 1');
  });

  it('by index; --json says what was removed', async () => {
    await addTwo();
    const r = await h.cli(['database', 'replicas', 'remove', PG, '1', '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(onlyJson(r.stdout)).toMatchObject({ id: PG, replica: 'orders-pg-2', index: 1, removed: true, message: 'Replica removed successfully' });
    expect(writes()).toEqual([`DELETE /api/v1/database/${PG}/replicas/1`]);
  });

  it('destructive: no --yes and no terminal, or CI set: exit 2, nothing sent; on a terminal the typed name must match', async () => {
    await addTwo();
    expect((await h.cli(['database', 'replicas', 'remove', PG, '1'])).code).toBe(2);
    const ci = await h.cli(['database', 'replicas', 'remove', PG, '1'], { ...tty('orders-pg-2'), env: { CI: '1' } });
    expect(ci.code).toBe(2);
    expect(ci.stderr).toContain('CI is set');
    const wrong = await h.cli(['database', 'replicas', 'remove', PG, '1'], tty('orders-pg'));
    expect(wrong.code).toBe(1);
    expect(writes()).toEqual([]);
    const right = await h.cli(['database', 'replicas', 'remove', PG, '1'], tty('orders-pg-2'));
    expect(right.code, right.stderr).toBe(0);
    expect(writes()).toEqual([`DELETE /api/v1/database/${PG}/replicas/1`]);
  });

  it('a replica that does not exist: exit 5 before any DELETE; index 0 (the primary) is a usage error', async () => {
    await addTwo();
    for (const ref of ['7', 'orders-pg-9']) {
      const r = await h.cli(['database', 'replicas', 'remove', PG, ref, '--yes']);
      expect(r.code, ref).toBe(5);
      expect(r.stderr).toContain("'infra database replicas list");
    }
    const primary = await h.cli(['database', 'replicas', 'remove', PG, '0', '--yes']);
    expect(primary.code).toBe(2);
    expect(primary.stderr).toContain('index 0 is the primary');
    expect(writes()).toEqual([]);
  });
});
