// The queue family end to end against the simulator, in virtual time: every command, the
// requests it sends, its exit codes, stdout and stderr; each asynchronous action with --wait
// to success and failure, and the operation-wait paths (an action, a create, a delete waiting
// for the 404) to timeout and Ctrl-C. (shapes.test.ts: the simulator's answers against the
// real shapes, and the help examples run as written.)
import { describe, expect, it } from 'vitest';
import { onlyJson, errorText } from '../../helpers/cli.js';
import { requestLines, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const EVENTS = SEED_IDS.queues.events;
const ARCHIVE = SEED_IDS.queues.archive;
const PASSWORD = 'rmq-S3cret-events';
const writes = () => requestLines(h.sim).filter((l) => !l.startsWith('GET '));
const tty = (answer: string) => ({ stdinTTY: true, prompter: { text: async () => answer, secret: async () => '' } });

describe('queue list / get / reads', () => {
  it('list: columns from the real fields (the legacy status: list items carry no status_details), TSV when piped', async () => {
    const r = await h.cli(['queue', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('ID\tNAME\tSTATUS\tVERSION\tPROFILE\tDATACENTER');
    expect(r.stdout).toContain(`${EVENTS}\tevents-rabbit\trunning\t3.13\tqueue-small\tfsn1`);
    expect(r.stdout).toContain(`${ARCHIVE}\tarchive-rabbit\tstopped\t3.12\tqueue-micro\tfsn1`);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/queue']);
  });

  it('get by name: one list request, then the resource; status from the status_details beside the instance', async () => {
    const r = await h.cli(['queue', 'get', 'events-rabbit']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/queue', `GET /api/v1/queue/${EVENTS}`]);
    expect(r.stdout).toMatch(/Status:\s+ready\n/);
    expect(r.stdout).toMatch(/Health:\s+healthy\n/);
    expect(r.stdout).toMatch(/Legacy status:\s+running\n/);
    expect(r.stdout).toMatch(/Management UI:\s+https:\/\/events-rabbit-[0-9a-f]{8}\.managed\.sim\.local:15672\n/);
    expect(r.stdout).toMatch(/Connection:\s+amqps:\/\/admin@events-rabbit/);
    expect(r.stdout).toMatch(/Parameter group:\s+6\n/);
    expect(r.stdout).not.toContain(PASSWORD);
  });

  it('get by id: no lookup; --json is the instance with its status_details and capabilities folded in', async () => {
    const r = await h.cli(['queue', 'get', EVENTS, '--json']);
    expect(requestLines(h.sim)).toEqual([`GET /api/v1/queue/${EVENTS}`]);
    expect(onlyJson(r.stdout)).toMatchObject({
      id: EVENTS,
      name: 'events-rabbit',
      status: 'running',
      amqps_port: 5671,
      status_details: { summary: 'ready', operation: { state: 'succeeded', terminal: true } },
      capabilities: { logs: true, events: true, diagnose: true },
    });
  });

  it('another project does not see the queue (exit 5); a token without queue:read is refused naming it (exit 4)', async () => {
    expect((await h.cli(['queue', 'get', 'events-rabbit', '--project', '2'])).code).toBe(5);
    const denied = await h.cli(['queue', 'list'], { env: { INFRA_TOKEN: h.sim.tokens.default } });
    expect(denied.code).toBe(4);
    expect(denied.stderr).toContain('queue:read');
  });

  it('connection-info: password and URL masked; --show-secrets shows them; --url prints the URL alone; --json as sent', async () => {
    const masked = await h.cli(['queue', 'connection-info', 'events-rabbit']);
    expect(masked.code, masked.stderr).toBe(0);
    expect(masked.stdout).toMatch(/Password:\s+\*{8}\n/);
    expect(masked.stdout).toMatch(/AMQP URL:\s+amqps:\/\/admin:\*{8}@events-rabbit-[0-9a-f]{8}\.managed\.sim\.local:5671\/\n/);
    expect(masked.stdout).not.toContain(PASSWORD);
    expect(masked.stderr).toContain('--show-secrets');
    const shown = await h.cli(['queue', 'connection-info', 'events-rabbit', '--show-secrets']);
    expect(shown.stdout).toMatch(new RegExp(`Password:\\s+${PASSWORD}\\n`));
    const url = await h.cli(['queue', 'credentials', EVENTS, '--url']);
    expect(url.code).toBe(0);
    expect(url.stdout).toMatch(new RegExp(`^amqps://admin:${PASSWORD}@events-rabbit-[0-9a-f]{8}\\.managed\\.sim\\.local:5671/\\n$`));
    const json = onlyJson((await h.cli(['queue', 'connection-info', EVENTS, '--json'])).stdout);
    expect(json).toMatchObject({ username: 'admin', password: PASSWORD, port: 5671, vhost: '/' });
    expect(requestLines(h.sim).filter((l) => l.endsWith('/connection-info'))).toHaveLength(4);
  });

  it('metrics: aligned lines for people, the answer as sent with --json; a stopped broker has the "unknown" form', async () => {
    const r = await h.cli(['queue', 'metrics', 'events-rabbit']);
    expect(r.stdout).toMatch(/health\.status:\s+warning\n/);
    expect(r.stdout).toMatch(/health\.issues\[0\]:\s+File descriptor usage above 80%\n/);
    const stopped = JSON.parse((await h.cli(['queue', 'metrics', 'archive-rabbit', '--json'])).stdout);
    expect(stopped).toEqual({
      summary: { connections: 0, channels: 0, queues: 0, memory_percent: 0, health_status: 'unknown' },
      health: { status: 'unknown', issues: ['Unable to fetch metrics'] },
      instance: { id: ARCHIVE, name: 'archive-rabbit' },
    });
  });
});

describe('queue create / update', () => {
  it('create --wait: the request the API takes, the new id on stdout, ready when provisioned', async () => {
    const r = await h.cli(['queue', 'create', '--name', 'jobs-rabbit', '--plan', 'queue-small', '--rabbitmq-version', '4.0', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(h.sim.requests[0]?.body).toEqual({ name: 'jobs-rabbit', resource_profile: 'queue-small', datacenter: 'fsn1', version: '4.0' });
    expect(r.stderr).toMatch(/creating jobs-rabbit \(provisioning\)/);
    expect(r.stderr).toMatch(/create of jobs-rabbit finished: ready/);
    const id = r.stdout.trim();
    expect(JSON.parse((await h.cli(['queue', 'get', id, '--json'])).stdout)).toMatchObject({ name: 'jobs-rabbit', version: '4.0', status: 'running' });
  });

  it('create --wait of a queue that fails to provision: exit 1 with the error and a hint; --json says so', async () => {
    const r = await h.cli(['queue', 'create', '--name', 'jobs-fail', '--profile', 'queue-micro', '--wait', '--json']);
    expect(r.code).toBe(1);
    expect(errorText(r.stderr)).toContain('error: create of jobs-fail failed: queue.create_failed');
    expect(errorText(r.stderr)).toMatch(/hint: retrying will not help/);
    expect(onlyJson(r.stdout)).toMatchObject({ outcome: 'failed', status_details: { error: { code: 'queue.create_failed' } } });
  });

  it('create without --wait: --json prints the new instance as the API sent it (no status_details: the create answer has none)', async () => {
    const r = await h.cli(['queue', 'create', '--name', 'jobs-rabbit', '--profile', 'queue-small', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const q = onlyJson(r.stdout);
    expect(q).toMatchObject({ name: 'jobs-rabbit', status: 'provisioning', resource_profile: 'queue-small' });
    expect(q).not.toHaveProperty('status_details');
    expect(requestLines(h.sim)).toEqual(['POST /api/v1/queue']);
  });

  it('bad input is refused before any request (exit 2)', async () => {
    for (const argv of [
      ['queue', 'create', '--name', 'x'],
      ['queue', 'create', '--profile', 'queue-small'],
      ['queue', 'create', '--name', 'x', '--profile', 'queue-small', '--timeout', '5m'],
      ['queue', 'update', 'events-rabbit'],
      ['queue', 'update', 'events-rabbit', '--automated-snapshots', 'maybe'],
      ['queue', 'stop', 'events-rabbit', '--interval', '10s'],
    ]) {
      const r = await h.cli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr, argv.join(' ')).toMatch(/^error: /m);
    }
    expect(requestLines(h.sim)).toEqual([]);
  });

  it("the API's field errors: exit 2, printed field by field", async () => {
    const r = await h.cli(['queue', 'create', '--name', 'Jobs_Rabbit', '--profile', 'queue-huge']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('  name: The name field format is invalid.');
    expect(r.stderr).toContain('  resource_profile: The selected resource profile is invalid.');
  });

  it('update --wait: PUT with the new profile and snapshots, updated, ready', async () => {
    const r = await h.cli(['queue', 'update', 'events-rabbit', '--profile', 'queue-medium', '--automated-snapshots', 'off', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes()).toEqual([`PUT /api/v1/queue/${EVENTS}`]);
    expect(h.sim.requests.find((q) => q.method === 'PUT')?.body).toEqual({ resource_profile: 'queue-medium', automated_snapshots_enabled: false });
    expect(r.stderr).toMatch(/updating events-rabbit/);
    expect(r.stderr).toMatch(/update of events-rabbit finished: ready/);
    expect(JSON.parse((await h.cli(['queue', 'get', EVENTS, '--json'])).stdout)).toMatchObject({ resource_profile: 'queue-medium', memory_size_mb: 4096, automated_snapshots_enabled: false });
  });

  it('update by name reads the queue before the change (the list carries no status_details to compare with)', async () => {
    await h.cli(['queue', 'update', 'events-rabbit', '--automated-snapshots', 'off']);
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/queue', `GET /api/v1/queue/${EVENTS}`, `PUT /api/v1/queue/${EVENTS}`]);
  });
});

describe('queue lifecycle actions', () => {
  it('stop --wait then start --wait: each POST once, exit 0 when the operation is done', async () => {
    const stop = await h.cli(['queue', 'stop', 'events-rabbit', '--wait']);
    expect(stop.code, stop.stderr).toBe(0);
    expect(stop.stderr).toMatch(/stop of events-rabbit finished: stopped/);
    const start = await h.cli(['queue', 'start', 'events-rabbit', '--wait', '--json']);
    expect(start.code, start.stderr).toBe(0);
    expect(onlyJson(start.stdout)).toMatchObject({ id: EVENTS, outcome: 'ready', evidence: 'fresh_observation' });
    expect(writes()).toEqual([`POST /api/v1/queue/${EVENTS}/stop`, `POST /api/v1/queue/${EVENTS}/start`]);
  });

  it('the legacy status says "stopped" at once, yet the wait goes on until status_details settle', async () => {
    const r = await h.cli(['queue', 'stop', 'events-rabbit', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/stopping events-rabbit/);
    const polls = requestLines(h.sim).filter((l) => l === `GET /api/v1/queue/${EVENTS}`);
    expect(polls.length).toBeGreaterThan(2);
  });

  it('without --wait: accepted, --json prints the answer {message, instance}; `queue wait` follows it to the end', async () => {
    const r = await h.cli(['queue', 'stop', 'events-rabbit', '--json']);
    expect(r.code).toBe(0);
    expect(onlyJson(r.stdout)).toMatchObject({ message: 'Queue instance stop initiated.', instance: { id: EVENTS, status: 'stopped' } });
    expect(r.stderr).toContain('stop of events-rabbit');
    const w = await h.cli(['queue', 'wait', 'events-rabbit']);
    expect(w.code, w.stderr).toBe(0);
    expect(w.stderr).toMatch(/finished: stopped/);
  });

  it('an action the state does not allow: 422 {error} is a refusal (exit 1), not a validation error', async () => {
    const r = await h.cli(['queue', 'start', 'events-rabbit']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Cannot start instance in current status.');
  });

  it('timeout: exit 6 with the command that resumes, which then finishes', async () => {
    const r = await h.cli(['queue', 'create', '--name', 'big-slow', '--plan', 'queue-large', '--wait', '--timeout', '2m']);
    expect(r.code).toBe(6);
    const resume = /resume waiting with: (infra queue wait \S+)/.exec(r.stderr)?.[1];
    expect(resume).toMatch(/^infra queue wait [0-9a-f-]{36}$/);
    const again = await h.cli([...resume!.split(' ').slice(1), '--timeout', '2h', '--interval', '60s']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/finished: ready/);
  });

  it('Ctrl-C while waiting: exit 130 with the resume command', async () => {
    const controller = new AbortController();
    const { InterruptedError } = await import('../../../src/cli/errors.js');
    let polls = 0;
    const r = await h.cli(['queue', 'stop', 'events-rabbit', '--wait'], {
      signal: controller.signal,
      onIdle: () => {
        if (++polls === 2) controller.abort(new InterruptedError());
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toMatch(/interrupted while waiting for the stop of events-rabbit; it goes on server-side/);
    expect(r.stderr).toContain(`resume waiting with: infra queue wait ${EVENTS}\n`);
  });
});

describe('queue delete', () => {
  it('a running queue is refused by the API (422 {error}): exit 1 with its words', async () => {
    const r = await h.cli(['queue', 'delete', 'events-rabbit', '--yes']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Cannot destroy instance in current status. Please stop the instance first.');
  });

  it('--wait waits for the 404: exit 0, and the queue is gone', async () => {
    const r = await h.cli(['queue', 'delete', 'archive-rabbit', '--yes', '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/archive-rabbit is deleted/);
    expect(writes()).toEqual([`DELETE /api/v1/queue/${ARCHIVE}`]);
    expect((await h.cli(['queue', 'get', ARCHIVE])).code).toBe(5);
  });

  it('Ctrl-C while waiting for the deletion: exit 130, resumed with --deleted', async () => {
    const controller = new AbortController();
    const { InterruptedError } = await import('../../../src/cli/errors.js');
    let polls = 0;
    const r = await h.cli(['queue', 'delete', 'archive-rabbit', '--yes', '--wait'], {
      signal: controller.signal,
      onIdle: () => {
        if (++polls === 2) controller.abort(new InterruptedError());
      },
    });
    expect(r.code).toBe(130);
    expect(r.stderr).toContain(`resume waiting with: infra queue wait ${ARCHIVE} --deleted\n`);
    const again = await h.cli(['queue', 'wait', ARCHIVE, '--deleted']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/archive-rabbit is deleted/);
  });

  it('without --yes and without a terminal, or with CI set: exit 2, nothing sent', async () => {
    expect((await h.cli(['queue', 'delete', 'archive-rabbit'])).code).toBe(2);
    const ci = await h.cli(['queue', 'delete', 'archive-rabbit'], { ...tty('archive-rabbit'), env: { CI: 'true' } });
    expect(ci.code).toBe(2);
    expect(ci.stderr).toContain('CI is set');
    expect(writes()).toEqual([]);
  });

  it('on a terminal: the typed name must match', async () => {
    const wrong = await h.cli(['queue', 'delete', 'archive-rabbit'], tty('events-rabbit'));
    expect(wrong.code).toBe(1);
    expect(writes()).toEqual([]);
    const right = await h.cli(['queue', 'delete', 'archive-rabbit'], tty('archive-rabbit'));
    expect(right.code, right.stderr).toBe(0);
    expect(writes()).toEqual([`DELETE /api/v1/queue/${ARCHIVE}`]);
  });
});

describe('queue diagnose / events / logs', () => {
  it('a failed queue: a fatal finding (--exit-status exits 1), a Warning event, an error log line', async () => {
    await h.cli(['queue', 'create', '--name', 'jobs-fail', '--profile', 'queue-micro', '--wait']);
    const d = await h.cli(['queue', 'diagnose', 'jobs-fail']);
    expect(d.code).toBe(0);
    expect(d.stdout).toMatch(/verdict: failed/);
    expect(d.stdout).toMatch(/FATAL\s+queue\.create_failed/);
    expect((await h.cli(['queue', 'diagnose', 'jobs-fail', '--exit-status'])).code).toBe(1);
    const e = await h.cli(['queue', 'events', 'jobs-fail']);
    expect(e.stdout).toMatch(/Warning\tOperationFailed\tQueueInstance\/jobs-fail/);
    expect(e.stderr).toContain('ephemeral');
    const l = await h.cli(['queue', 'logs', 'jobs-fail', '--json']);
    expect(l.code, l.stderr).toBe(0);
    const lines = l.stdout
      .trim()
      .split('\n')
      .map((x) => JSON.parse(x) as Record<string, unknown>);
    expect(lines.at(-1)).toMatchObject({ level: 'error', message: 'ERROR create failed' });
  });

  it('the seeded broker: healthy, with the events and log lines of its recent restart', async () => {
    const d = JSON.parse((await h.cli(['queue', 'diagnose', 'events-rabbit', '--json'])).stdout);
    expect(d).toMatchObject({ success: true, data: { verdict: 'healthy', findings: [] }, meta: { source: 'api' } });
    expect((await h.cli(['queue', 'events', 'events-rabbit'])).stdout).toMatch(/Normal\tStartSucceeded\tQueueInstance\/events-rabbit/);
    const logs = await h.cli(['queue', 'logs', 'events-rabbit', '--since', '2h']);
    expect(logs.code, logs.stderr).toBe(0);
    expect(logs.stdout).toContain('start done');
    expect(h.sim.requests.find((q) => q.path.endsWith('/logs'))?.path).toBe(`/api/v1/queue/${EVENTS}/logs`);
  });

  it('logs beyond the retention are refused before any request', async () => {
    const r = await h.cli(['queue', 'logs', 'events-rabbit', '--since', '11d']);
    expect(r.code).toBe(2);
    expect(requestLines(h.sim)).toEqual([]);
  });
});
