// Rollout waits end to end: the CLI in-process against the simulator, in virtual time (see
// test/helpers/sim.ts). Every outcome of a wait is proven for every command that waits, on a
// server that sends generations and on one that does not (contract 6, rules 1-9).
import { describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../src/sim/state/seed.js';
import { settle } from '../../src/sim/state/containers.js';
import { baseInterval } from '../../src/wait/schedule.js';
import { containerJson, POLL_AFTER_MS } from '../../src/sim/state/container-views.js';
import { onlyJson, type CliResult, errorText } from '../helpers/cli.js';
import { REG, requestLines, SERVER_KINDS, until, useHarness, type DriveOptions, type Harness, type Seen } from '../helpers/sim.js';

const COMMANDS = ['update', 'create', 'redeploy', 'wait'] as const;
type Command = (typeof COMMANDS)[number];
const TITLE: Record<Command, string> = {
  update: 'update --wait',
  create: 'create --wait',
  redeploy: 'redeploy --wait',
  wait: 'serverless wait (the command update hints at)',
};
const CASES = COMMANDS.map((cmd) => ({ cmd, title: TITLE[cmd] }));
const MIN = 60_000;

describe.each(SERVER_KINDS)('$kind', (K) => {
  const gens = K.generations;
  let h: Harness;
  useHarness((x) => (h = x), K);

  // --- what this kind of server makes the CLI say --------------------------------------

  const label = (name: string, g: number) => (gens ? `generation ${g} of ${name}` : `the change to ${name}`);
  const readyLine = (name: string, g: number) => (gens ? `generation ${g} of ${name} is ready` : `the rollout of ${name} is ready`);
  const evidence = gens ? 'generation' : 'fresh_observation';
  const idOf = (name: string) => h.sim.world.containers.all().find((c) => c.teamId === SEED_IDS.teams.main && c.name === name)?.id;
  const record = (id: string) => settle(h.sim.world.containers.findAnyTeam(id)!, h.sim.world.now());
  const observedAt = (id: string) => h.sim.world.status(record(id)).details.observed_at;
  const deploymentsOf = (id: string) => containerJson(record(id), h.sim.world.status(record(id)), { team: h.sim.world.auth.teams[0]!, now: h.sim.world.now(), generations: gens }).deployment_count;
  /**
   * The reads a command makes before its first poll: `serverless wait` and `redeploy` read the
   * container once; without generations, `update --wait` and `redeploy --wait` also take a
   * current read before the write (contract 6.8c).
   */
  const readsBeforePolling = (cmd: Command, waits = true) => (cmd === 'wait' || cmd === 'redeploy' ? 1 : 0) + (!gens && waits && (cmd === 'update' || cmd === 'redeploy') ? 1 : 0);
  const hintCommand = (stderr: string, what: RegExp): string[] => {
    const m = new RegExp(`${what.source}(infra .+)$`, 'm').exec(errorText(stderr));
    if (!m) throw new Error(`no hint ${what.source} in:\n${stderr}`);
    return m[1]!.split(' ').slice(1);
  };

  interface Change {
    r: CliResult;
    id: string;
    name: string;
    /** The change's spec_generation as the sim counts it (sent or not). */
    g: number;
    /** observed_at of the container before the change (the baseline without generations). */
    baseline: string | null;
    /** Sim time when the waiting command started. */
    t0: number;
    /** The reads of this container made by the waiting command. */
    reads: () => Seen[];
    /** The command that resumes this wait, exactly as the CLI must print it. */
    resume: string;
    /** Recorded requests of the waiting command. */
    requests: () => string[];
  }

  /**
   * Sends a change with image tag `tag` through `cmd` and waits for it:
   * - update: `serverless update NAME --image REG/NAME:TAG --wait`
   * - create: `serverless create --name fresh --image REG/fresh:TAG --wait`
   * - redeploy: the tag is written first (and rolled out), then `serverless redeploy NAME --wait`
   * - wait: `serverless update` without --wait, then the command its hint prints
   */
  async function change(cmd: Command, name: string, tag: string, extra: string[] = [], drive: DriveOptions & { signal?: AbortSignal } = {}): Promise<Change> {
    const target = cmd === 'create' ? 'fresh' : name;
    let waitArgv: string[];
    if (cmd === 'update') waitArgv = ['serverless', 'update', target, '--image', `${REG}/${target}:${tag}`, '--wait'];
    else if (cmd === 'create') waitArgv = ['serverless', 'create', '--name', target, '--image', `${REG}/${target}:${tag}`, '--wait'];
    else if (cmd === 'redeploy') {
      const put = await h.api.send('PUT', `/api/v1/serverless/${idOf(target)}`, { image_tag: tag });
      expect(put.status).toBe(200);
      h.sim.world.clock.advance(120); // that change has rolled out by now
      waitArgv = ['serverless', 'redeploy', target, '--wait'];
    } else waitArgv = [];
    const before = cmd === 'create' ? null : observedAt(idOf(target)!);
    const deploymentsBefore = cmd === 'create' ? null : deploymentsOf(idOf(target)!);
    if (cmd === 'wait') {
      const u = await h.cli(['serverless', 'update', target, '--image', `${REG}/${target}:${tag}`]);
      expect(u.code).toBe(0);
      waitArgv = hintCommand(u.stderr, /hint: follow the rollout with: /);
    }
    const t0 = h.clock.now();
    const from = h.seen.length;
    const fromRequests = h.sim.requests.length;
    const r = await h.cli([...waitArgv, ...extra], drive);
    const id = idOf(target) ?? h.seen.at(-1)?.id ?? '';
    const g = h.sim.world.containers.findAnyTeam(id)?.specGeneration ?? h.seen.at(-1)?.specGeneration ?? 1;
    const resume = gens
      ? `infra serverless wait ${target} --generation ${g}`
      : cmd === 'create'
        ? `infra serverless wait ${target}`
        : `infra serverless wait ${target} --observed-after ${before} --deployments-before ${deploymentsBefore}`;
    return { r, id, name: target, g, baseline: before, t0, resume, reads: () => h.seen.slice(from).filter((s) => s.id === id), requests: () => requestLines(h.sim).slice(fromRequests) };
  }

  /**
   * Fires `act` once, at the first idle moment after the waiting command made its first poll:
   * `serverless wait` and `redeploy` read the container once before they start polling.
   */
  function afterFirstPoll(cmd: Command, act: () => void): DriveOptions {
    const from = h.seen.length;
    const reads = readsBeforePolling(cmd) + 1;
    let done = false;
    return {
      onIdle: () => {
        if (!done && h.seen.length - from >= reads) {
          done = true;
          act();
        }
      },
    };
  }

  // --- every terminal outcome through every command ----------------------------------

  const FINISHED = [
    {
      outcome: 'ready',
      code: 0,
      container: 'web',
      tag: '2.0.0',
      commands: COMMANDS,
      details: { summary: 'ready', operation: { state: 'succeeded', terminal: true }, error: null },
      stderr: (c: Change) => [new RegExp(readyLine(c.name, c.g))],
    },
    {
      outcome: 'degraded',
      code: 3,
      container: 'web',
      tag: 'crash',
      commands: ['update', 'redeploy', 'wait'] as const,
      details: { summary: 'degraded', operation: { state: 'failed', terminal: true }, error: { code: 'serverless.crash_loop', reason: 'CrashLoopBackOff' } },
      stderr: (c: Change) => [
        `error: rollout of ${label(c.name, c.g)} degraded: the new revision failed while the previous revision keeps serving\n`,
        /code: +serverless\.crash_loop\n/,
        /reason: +CrashLoopBackOff\n/,
        /hint: redeploying the same configuration fails the same way; the container starts and exits repeatedly/,
      ],
    },
    {
      outcome: 'failed',
      code: 1,
      container: 'worker',
      tag: 'arm64',
      commands: COMMANDS,
      details: { summary: 'failed', operation: { state: 'failed', terminal: true }, error: { code: 'serverless.image_arch_mismatch', reason: 'ExitCode1' } },
      stderr: (c: Change) => [`error: rollout of ${label(c.name, c.g)} failed: serverless.image_arch_mismatch\n`, /reason: +ExitCode1\n/, /hint: .*linux\/amd64.*will not help/],
    },
    {
      outcome: 'cancelled',
      code: 1,
      container: 'web',
      tag: 'cancel',
      commands: COMMANDS,
      details: { operation: { state: 'cancelled', terminal: true } },
      stderr: (c: Change) => [`error: rollout of ${label(c.name, c.g)} was cancelled\n`, /hint: nothing of this change is serving/],
    },
  ];

  describe.each(FINISHED.flatMap((o) => o.commands.map((cmd) => ({ ...o, cmd, title: TITLE[cmd] }))))('$title → $outcome', (o) => {
    it(`exit ${o.code}, one JSON object with the evidence, no read after the terminal one`, async () => {
      const c = await change(o.cmd, o.container, o.tag, ['--json']);
      expect(c.r.code, c.r.stderr).toBe(o.code);
      const out = onlyJson(c.r.stdout);
      expect(Object.keys(out).sort()).toEqual(['elapsed_seconds', 'evidence', 'id', 'observed_generation', 'outcome', 'spec_generation', 'status_details']);
      expect(out).toMatchObject({ id: c.id, outcome: o.outcome, evidence, spec_generation: gens ? c.g : null, observed_generation: gens ? c.g : null, status_details: o.details });
      for (const line of o.stderr(c)) expect(errorText(c.r.stderr)).toMatch(line);
      if (o.code !== 0) expect(errorText(c.r.stderr)).not.toMatch(/is ready/);
      // Exactly one read saw this change finished, and it was the last request of all.
      const reads = c.reads();
      expect(reads.filter((s) => s.terminal && s.observedGeneration >= c.g)).toHaveLength(1);
      expect(reads.at(-1)).toMatchObject({ terminal: true, observedGeneration: c.g });
      expect(c.requests().at(-1)).toBe(`GET /api/v1/serverless/${c.id}`);
      // The sim time the wait took is the JSON's: it ended at the first read after the rollout.
      expect(out.elapsed_seconds).toBe(Math.round((reads.at(-1)!.at - c.t0) / 100) / 10);
    });
  });

  it.each(CASES)('$title: timeout → exit 6, the exact resume command, which then finishes the wait', async ({ cmd }) => {
    // A stale status is never trusted, so the wait cannot end before the deadline.
    h.sim.world.setFaults({ stale: true });
    const c = await change(cmd, 'web', '2.0.0', ['--timeout', '1m', '--json']);
    expect(c.r.code, c.r.stderr).toBe(6);
    expect(onlyJson(c.r.stdout)).toMatchObject({ id: c.id, outcome: 'timeout', evidence: null, spec_generation: gens ? c.g : null, status_details: { stale: true } });
    expect(errorText(c.r.stderr)).toMatch(/the status is stale/);
    expect(errorText(c.r.stderr)).toContain(`error: timed out after 1m waiting for ${label(c.name, c.g)}; the rollout goes on server-side\n`);
    expect(errorText(c.r.stderr)).toContain(`hint: resume waiting with: ${c.resume}\n`);
    // Polling followed the schedule up to the deadline and stopped there.
    const reads = c.reads();
    const due: number[] = [];
    // A create's answer paces the first pause (operation.poll_after_ms).
    const pause = (step: number) => (step === 0 && cmd === 'create' ? Math.max(POLL_AFTER_MS, baseInterval(0)) : baseInterval(step));
    for (let t = 0, step = 0; (t += pause(step)) < MIN; step++) due.push(t);
    const initialRead = Array.from({ length: readsBeforePolling(cmd) }, () => 0);
    expect(reads.map((s) => s.at - c.t0)).toEqual([...initialRead, ...due]);

    // The hint is a command that works: once the status is live again it sees the rollout through.
    h.sim.world.setFaults({ stale: false });
    const again = await h.cli(hintCommand(c.r.stderr, /hint: resume waiting with: /).concat('--json'));
    expect(again.code, again.stderr).toBe(0);
    expect(onlyJson(again.stdout)).toMatchObject({ id: c.id, outcome: 'ready', evidence: gens ? 'generation' : cmd === 'create' ? 'settled' : 'fresh_observation' });
  });

  it.each(CASES)('$title: interrupted → exit 130 with the resume command, which then finishes the wait', async ({ cmd }) => {
    const ctrl = new AbortController();
    const c = await change(cmd, 'web', '2.0.0', [], { signal: ctrl.signal, ...afterFirstPoll(cmd, () => ctrl.abort(new Error('interrupted'))) });
    expect(c.r.code, c.r.stderr).toBe(130);
    expect(c.r.stdout).toBe(cmd === 'create' ? `${c.id}\n` : '');
    expect(errorText(c.r.stderr)).toContain(`error: interrupted while waiting for ${label(c.name, c.g)}; the rollout goes on server-side\n`);
    // Without generations, the first poll saw the change in flight (it began after the
    // write): what is running now is this change, and a plain wait follows it.
    expect(errorText(c.r.stderr)).toContain(`hint: resume waiting with: ${gens ? c.resume : `infra serverless wait ${c.name}`}\n`);
    // Nothing was read after the interrupt: the first poll (after the read that starts wait/redeploy).
    expect(c.reads()).toHaveLength(readsBeforePolling(cmd) + 1);
    const again = await h.cli(hintCommand(c.r.stderr, /hint: resume waiting with: /));
    expect(again.code, again.stderr).toBe(0);
    expect(errorText(again.stderr)).toMatch(gens ? readyLine(c.name, c.g) : /is ready/);
  });

  it.each(CASES)('$title: the container is deleted during the wait (404) → exit 1, says so', async ({ cmd }) => {
    let deleted = '';
    const c = await change(
      cmd,
      'web',
      '2.0.0',
      ['--json'],
      afterFirstPoll(cmd, () => {
        const rec = h.sim.world.containers.findAnyTeam(h.seen.at(-1)!.id)!;
        deleted = rec.id;
        h.sim.world.containers.remove(rec);
      }),
    );
    expect(c.r.code, c.r.stderr).toBe(1);
    const name = cmd === 'create' ? 'fresh' : 'web';
    const g = cmd === 'create' ? 1 : cmd === 'redeploy' ? 5 : 4;
    expect(onlyJson(c.r.stdout)).toMatchObject({ id: deleted, outcome: 'failed', evidence: null });
    expect(errorText(c.r.stderr)).toContain(`error: ${name} (id ${deleted}) was deleted while waiting for ${label(name, g)} (404)\n`);
    expect(requestLines(h.sim).at(-1)).toBe(`GET /api/v1/serverless/${deleted}`);
  });

  describe.each(CASES.filter((c) => c.cmd === 'update' || c.cmd === 'wait'))('$title: changes that meet other changes', ({ cmd }) => {
    it('queued behind another rollout, then ready', async () => {
      // A slow rollout (60 sim-s) is running when the change arrives.
      expect((await h.api.send('PUT', `/api/v1/serverless/${SEED_IDS.web}`, { image_tag: 'slow' })).status).toBe(200);
      h.sim.world.clock.advance(5);
      const c = await change(cmd, 'web', '2.0.0', ['--json']);
      expect(c.r.code, c.r.stderr).toBe(0);
      expect(c.g).toBe(5);
      expect(onlyJson(c.r.stdout)).toMatchObject({ outcome: 'ready', evidence, spec_generation: gens ? 5 : null });
      expect(errorText(c.r.stderr)).toMatch(
        gens
          ? /generation 5 queued behind another rollout \(generation 4 is rolling out\)/
          : cmd === 'update'
            ? /a rollout of web is already running: waiting for it to finish before sending the change/
            : /the change queued behind another rollout/,
      );
      expect(errorText(c.r.stderr)).toMatch(readyLine('web', 5));
      const reads = c.reads();
      // It waited through the other rollout (generation 4 running, then ended) and ended on its own.
      expect(reads.some((s) => s.observedGeneration === 4 && !s.terminal && s.state === 'running')).toBe(true);
      expect(reads.at(-1)).toMatchObject({ observedGeneration: 5, terminal: true, state: 'succeeded' });
      // update --wait without generations settles the other rollout first (6.8c): its end is
      // read once, before the change is sent; then the change's own end.
      expect(reads.filter((s) => s.terminal)).toHaveLength(!gens && cmd === 'update' ? 2 : 1);
      if (!gens && cmd === 'update') {
        const put = h.sim.requests.findIndex((q) => q.method === 'PUT' && q.body && (q.body as { image_tag?: string }).image_tag === '2.0.0');
        expect(put).toBeGreaterThan(-1);
        // The change was sent only after a read showed the other rollout finished.
        expect(reads.find((s) => s.terminal)!.observedGeneration).toBe(4);
      }
    });

    it('two changes merged into one rollout: the wait for the first one finishes', async () => {
      const web = record(SEED_IDS.web);
      const rollouts = web.rollouts.length;
      const puts = () => h.sim.requests.filter((q) => q.method === 'PUT').length;
      let a: Promise<CliResult> | undefined;
      let first: string[] = [];
      if (!gens) {
        // Without generations a change is never sent into a running rollout (6.8c): the second
        // one waits for the first to finish, then goes; two rollouts, both ready.
        if (cmd === 'update') a = h.start(['serverless', 'update', 'web', '--env', 'A=1', '--wait', '--json']);
        else {
          const u = await h.cli(['serverless', 'update', 'web', '--env', 'A=1']);
          a = h.start([...hintCommand(u.stderr, /hint: follow the rollout with: /), '--json']);
        }
        await until(() => puts() === 1);
        const b = h.start(['serverless', 'update', 'web', '--image', `${REG}/web:2.0.0`, '--wait', '--json']);
        const [ra, rb] = await h.drive(Promise.all([a, b]));
        expect(ra.code, ra.stderr).toBe(0);
        expect(rb.code, rb.stderr).toBe(0);
        expect(errorText(rb.stderr)).toMatch(/a rollout of web is already running: waiting for it to finish before sending the change/);
        expect(onlyJson(rb.stdout)).toMatchObject({ outcome: 'ready', evidence });
        expect(record(SEED_IDS.web).rollouts.length).toBe(rollouts + 2);
        expect(web.rollouts.at(-1)).toMatchObject({ spec: { image_tag: '2.0.0', environment_variables: { LOG_LEVEL: 'info', A: '1' } } });
        return;
      }
      if (cmd === 'update') {
        a = h.start(['serverless', 'update', 'web', '--env', 'A=1', '--wait', '--json']);
        await until(() => puts() === 1);
      } else {
        const u = await h.cli(['serverless', 'update', 'web', '--env', 'A=1']);
        first = hintCommand(u.stderr, /hint: follow the rollout with: /);
      }
      // The clock stands still until both changes are in: they are rolled out together.
      const b = h.start(['serverless', 'update', 'web', '--image', `${REG}/web:2.0.0`, '--wait', '--json']);
      await until(() => puts() === 2);
      await h.idle();
      a ??= h.start([...first, '--json']);
      const [ra, rb] = await h.drive(Promise.all([a, b]));
      expect(ra.code, ra.stderr).toBe(0);
      expect(rb.code, rb.stderr).toBe(0);
      expect(onlyJson(ra.stdout)).toMatchObject({ spec_generation: gens ? 4 : null, observed_generation: gens ? 5 : null, outcome: 'ready', evidence });
      expect(onlyJson(rb.stdout)).toMatchObject({ spec_generation: gens ? 5 : null, observed_generation: gens ? 5 : null, outcome: 'ready', evidence });
      if (gens) expect(errorText(ra.stderr)).toMatch(/later changes were rolled out together with it \(observed generation 5\)/);
      // One rollout carried both changes.
      expect(record(SEED_IDS.web).rollouts.length).toBe(rollouts + 1);
      expect(web.rollouts.at(-1)).toMatchObject({ generation: 5, spec: { image_tag: '2.0.0', environment_variables: { LOG_LEVEL: 'info', A: '1' } } });
    });
  });

  // --- no false success --------------------------------------------------------------

  describe.each(CASES.filter((c) => c.cmd === 'update' || c.cmd === 'wait'))('$title: the first reads after the change still show the previous success', ({ cmd }) => {
    it('the change fails: never reported as ready, the evidence names what decided', async () => {
      // web is ready (generation 3); its next change crash-loops. The server lags: the first
      // three reads carry the new spec but the previous rollout's terminal success.
      h.lag(SEED_IDS.web, 3);
      const c = await change(cmd, 'web', 'crash', ['--json']);
      expect(c.r.code, c.r.stderr).toBe(3);
      expect(errorText(c.r.stderr)).not.toMatch(/is ready|rolled out/);
      const out = onlyJson(c.r.stdout);
      expect(out).toMatchObject({ outcome: 'degraded', evidence, spec_generation: gens ? 4 : null, status_details: { summary: 'degraded', error: { code: 'serverless.crash_loop' } } });
      // What the server answered: three lagging reads with a terminal success, then live ones.
      const reads = c.reads();
      expect(reads.slice(0, 3).every((s) => s.lagged)).toBe(true);
      expect(reads.length).toBeGreaterThan(3);
      expect(reads.slice(3).every((s) => !s.lagged)).toBe(true);
      const requests = c.requests();
      // Without generations, update --wait also asks for the latest operation before the write
      // (this server has no such route: 404, and the wait relies on fresh observations).
      const opRead = !gens && cmd === 'update' ? [`GET /api/v1/operations/${c.id}`] : [];
      // The resumed wait names the container as typed (its name): one list finds its id.
      const lookup = cmd === 'update' ? ['GET /api/v1/serverless', ...opRead, `PUT /api/v1/serverless/${c.id}`] : ['GET /api/v1/serverless'];
      expect(requests.filter((l) => l !== `GET /api/v1/serverless/${c.id}`)).toEqual(lookup);
      expect(errorText(c.r.stderr)).toMatch(
        gens ? /waiting for generation 4 to start \(the status still describes generation 3\)/ : /waiting for the platform to observe the change \(the status still describes the previous rollout\)/,
      );
    });
  });

  it('a lagging status after a redeploy is not the redeploy finished', async () => {
    // The 202 carries no container: the read right after it is still the previous rollout's.
    h.lag(SEED_IDS.web, 2);
    const r = await h.cli(['serverless', 'redeploy', 'web', '--wait', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(onlyJson(r.stdout)).toMatchObject({ outcome: 'ready', evidence, spec_generation: gens ? 4 : null });
    const reads = h.seen.filter((s) => s.id === SEED_IDS.web);
    expect(reads.slice(0, 2).map((s) => s.lagged)).toEqual([true, true]);
    // The answer came from a live read of the new rollout, not from the lagging ones.
    expect(reads.at(-1)).toMatchObject({ lagged: false, observedGeneration: 4, terminal: true });
    const lines = requestLines(h.sim);
    // Without generations: a current read and the latest operation before the write (6.8c, d).
    const pre = gens ? [] : [`GET /api/v1/operations/${SEED_IDS.web}`, `GET /api/v1/serverless/${SEED_IDS.web}`];
    expect(lines[0]).toBe('GET /api/v1/serverless');
    expect(lines.slice(1, 1 + pre.length).sort()).toEqual(pre);
    expect(lines.slice(1 + pre.length, 3 + pre.length)).toEqual([`POST /api/v1/serverless/${SEED_IDS.web}/redeploy`, `GET /api/v1/serverless/${SEED_IDS.web}`]);
  });

  // --- the commands around the wait --------------------------------------------------

  it('update --wait: requests are the resolution, the PUT with image and image_tag, then reads', async () => {
    const r = await h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:2.0.0`, '--wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    const put = h.sim.requests.find((q) => q.method === 'PUT');
    expect(put?.body).toEqual({ image: `${REG}/web`, image_tag: '2.0.0' });
    const lines = requestLines(h.sim);
    const pre = gens ? [] : [`GET /api/v1/operations/${SEED_IDS.web}`, `GET /api/v1/serverless/${SEED_IDS.web}`];
    expect(lines[0]).toBe('GET /api/v1/serverless');
    expect(lines.slice(1, 1 + pre.length).sort()).toEqual(pre);
    expect(lines[1 + pre.length]).toBe(`PUT /api/v1/serverless/${SEED_IDS.web}`);
    expect(new Set(lines.slice(2 + pre.length))).toEqual(new Set([`GET /api/v1/serverless/${SEED_IDS.web}`]));
    expect(errorText(r.stderr)).toMatch(new RegExp(`^updated web \\(id ${SEED_IDS.web}\\)${gens ? ': generation 4' : ''}\\n`));
  });

  it('create --wait prints the new id on stdout (and only it)', async () => {
    const t0 = h.clock.now();
    const r = await h.cli(['serverless', 'create', '--name', 'fresh', '--image', `${REG}/fresh:1.0.0`, '--wait']);
    expect(r.code, r.stderr).toBe(0);
    const id = idOf('fresh')!;
    expect(r.stdout).toBe(`${id}\n`);
    expect(errorText(r.stderr)).toMatch(gens ? /generation 1 of fresh is ready/ : /the rollout of fresh is ready/);
    // The create's own pacing (operation.poll_after_ms) is the first pause.
    const reads = h.seen.filter((s) => s.id === id);
    expect(reads[0]!.at - t0).toBe(POLL_AFTER_MS);
    expect(requestLines(h.sim)[0]).toBe('POST /api/v1/serverless');
  });

  it.each([
    ['missing', 'serverless.image_not_found', 'ContainerMissing', /fix the image reference .*retrying the same configuration will not help/],
    ['arm64', 'serverless.image_arch_mismatch', 'ExitCode1', /rebuild it for linux\/amd64.*will not help/],
    ['flaky', 'serverless.image_pull_unknown', 'ImagePullBackOff', /a redeploy may help \(infra serverless redeploy fresh\)/], // the name typed, not the id
  ])('create --wait: %s → failed, %s, with the hint of its code', async (tag, code, reason, hint) => {
    const r = await h.cli(['serverless', 'create', '--name', 'fresh', '--image', `${REG}/fresh:${tag}`, '--port', '8080', '--env', 'A=1', '--wait']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(`${idOf('fresh')}\n`);
    expect(errorText(r.stderr)).toContain(`error: rollout of ${label('fresh', 1)} failed: ${code}`);
    expect(errorText(r.stderr)).toMatch(new RegExp(`reason: +${reason}`));
    expect(errorText(r.stderr)).toMatch(/message: +\S/);
    expect(errorText(r.stderr)).toMatch(hint);
    const post = h.sim.requests.find((q) => q.method === 'POST');
    expect(post?.body).toEqual({
      name: 'fresh',
      slug: 'fresh',
      deployment_type: 'docker_image',
      image: `${REG}/fresh`,
      image_tag: tag,
      port: 8080,
      resource_profile: 'small',
      min_scale: 0,
      max_scale: 3,
      environment_variables: { A: '1' },
    });
  });

  it('--project (a team name): X-Team-Id on every request, the name looked up once, the resume hint keeps it', async () => {
    h.sim.world.setFaults({ stale: true });
    const deployments = deploymentsOf(SEED_IDS.web);
    const r = await h.cli(['--project', 'main', 'serverless', 'update', 'web', '--min', '2', '--wait', '--timeout', '30s']);
    expect(r.code).toBe(6);
    const [teams, ...rest] = h.sim.requests;
    expect(`${teams!.method} ${teams!.path}`).toBe('GET /api/v1/user/teams');
    expect(rest.length).toBeGreaterThan(2);
    for (const q of rest) expect(q.headers['x-team-id']).toBe(String(SEED_IDS.teams.main));
    const resume = gens
      ? `infra serverless wait web --generation 4 --project main`
      : `infra serverless wait web --observed-after ${observedAt(SEED_IDS.web)} --deployments-before ${deployments} --project main`;
    expect(errorText(r.stderr)).toContain(`hint: resume waiting with: ${resume}\n`);
  });

  it.runIf(!gens)('redeploy --wait while a rollout is in progress, without generations: the rollout is settled first, then the redeploy goes (6.8c)', async () => {
    // batch is mid-rollout in the seed; the real API would answer 409 to a redeploy now.
    const r = await h.cli(['serverless', 'redeploy', 'batch', '--wait', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(errorText(r.stderr)).toMatch(/^a rollout of batch is already running: waiting for it to finish before sending the change$/m);
    expect(onlyJson(r.stdout)).toMatchObject({ outcome: 'ready', evidence: 'fresh_observation' });
    const lines = requestLines(h.sim);
    expect(lines.indexOf(`POST /api/v1/serverless/${SEED_IDS.batch}/redeploy`)).toBeGreaterThan(0);
    expect(h.seen.filter((x) => x.id === SEED_IDS.batch).some((x) => x.terminal)).toBe(true);
  });

  it('redeploy while a rollout is in progress: the API refuses (409), exit 1, nothing waited for', async () => {
    // batch is mid-rollout in the seed; the real API answers 409 {error} instead of queueing.
    // (Without generations, redeploy --wait settles the rollout first: the test above.)
    const r = await h.cli(['serverless', 'redeploy', 'batch', ...(gens ? ['--wait'] : [])]);
    expect(r.code).toBe(1);
    const warning = gens
      ? ''
      : 'warning: a rollout of batch is still running; the change is sent anyway, and a server without generations may drop a change sent mid-rollout (add --wait to let the running rollout finish first)\n';
    // The server's words, then the way out (issue 22): wait for it, by the name typed.
    expect(errorText(r.stderr)).toBe(
      `${warning}error: refused by the API: A deployment is already in progress. Cancel it first if you want to retry.\nhint: wait for the deployment in progress (a rollout is running${gens ? ', generation 2' : ''}) with 'infra serverless wait batch', then redeploy; 'infra serverless get batch' shows its state\n`,
    );
    expect(requestLines(h.sim)).toEqual(['GET /api/v1/serverless', `POST /api/v1/serverless/${SEED_IDS.batch}/redeploy`]);
  });

  // --- serverless wait on its own ----------------------------------------------------

  describe('serverless wait', () => {
    it('a settled container: decided from one read, no polling', async () => {
      const r = await h.cli(['serverless', 'wait', SEED_IDS.web, '--json']);
      expect(r.code).toBe(0);
      expect(onlyJson(r.stdout)).toMatchObject({ id: SEED_IDS.web, spec_generation: gens ? 3 : null, outcome: 'ready', evidence: gens ? 'generation' : 'settled' });
      expect(requestLines(h.sim)).toEqual([`GET /api/v1/serverless/${SEED_IDS.web}`]);
    });

    it('by name, a degraded container: exit 3', async () => {
      const r = await h.cli(['serverless', 'wait', 'api', ...(gens ? ['--generation', '2'] : [])]);
      expect(r.code).toBe(3);
      expect(errorText(r.stderr)).toMatch(/degraded: the new revision failed while the previous revision keeps serving/);
      expect(requestLines(h.sim)).toEqual(['GET /api/v1/serverless', `GET /api/v1/serverless/${SEED_IDS.api}`]);
    });

    it('an unknown container: exit 5', async () => {
      expect((await h.cli(['serverless', 'wait', 'nope'])).code).toBe(5);
      expect((await h.cli(['serverless', 'wait', '00000000-0000-4000-8000-000000000000'])).code).toBe(5);
    });

    if (gens) {
      it('an earlier generation counts as finished once a later one is observed', async () => {
        const r = await h.cli(['serverless', 'wait', SEED_IDS.web, '--generation', '1', '--json']);
        expect(r.code).toBe(0);
        expect(onlyJson(r.stdout)).toMatchObject({ spec_generation: 1, observed_generation: 3, outcome: 'ready', evidence: 'generation' });
      });

      it('a generation that does not exist: exit 2', async () => {
        const r = await h.cli(['serverless', 'wait', SEED_IDS.web, '--generation', '9']);
        expect(r.code).toBe(2);
        expect(errorText(r.stderr)).toMatch(/generation 9 of web does not exist: its latest change is generation 3/);
      });

      it('--observed-after on a server with generations: the generation rule decides', async () => {
        const before = observedAt(SEED_IDS.web);
        expect((await h.api.send('PUT', `/api/v1/serverless/${SEED_IDS.web}`, { image_tag: '2.0.0' })).status).toBe(200);
        const r = await h.cli(['serverless', 'wait', SEED_IDS.web, '--observed-after', before, '--json']);
        expect(r.code, r.stderr).toBe(0);
        expect(onlyJson(r.stdout)).toMatchObject({ spec_generation: 4, observed_generation: 4, outcome: 'ready', evidence: 'generation' });
      });
    } else {
      it('--generation on a server without generations: waiting is impossible, exit 1, says why', async () => {
        const r = await h.cli(['serverless', 'wait', SEED_IDS.web, '--generation', '3', '--json']);
        expect(r.code).toBe(1);
        expect(onlyJson(r.stdout)).toMatchObject({ outcome: 'impossible', evidence: null });
        expect(errorText(r.stderr)).toMatch(/cannot wait for generation 3 of web: GET \/api\/v1\/serverless\/\S+ answers without "observed_generation"/);
        expect(requestLines(h.sim)).toEqual([`GET /api/v1/serverless/${SEED_IDS.web}`]);
      });

      it('without --observed-after, a change in flight is waited for as it is (evidence: settled)', async () => {
        expect((await h.api.send('PUT', `/api/v1/serverless/${SEED_IDS.web}`, { image_tag: '2.0.0' })).status).toBe(200);
        h.sim.world.clock.advance(3); // picked up: running
        const r = await h.cli(['serverless', 'wait', 'web', '--json']);
        expect(r.code, r.stderr).toBe(0);
        expect(onlyJson(r.stdout)).toMatchObject({ outcome: 'ready', evidence: 'settled', spec_generation: null });
      });
    }
  });
});
