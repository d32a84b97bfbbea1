// Runs and schedules through the real bin/infra: the run's exit code passed through, a wait
// that gives up (6 and the resume command), Ctrl-C and SIGTERM (the run goes on; how to cancel
// it), the 409 of a second run, every command once, and the README's "migrate, then roll
// out" recipe. Real time here (a process has its own clock): the simulator runs 10x faster.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/sim/server.js';
import { ROOT, spawnCli } from '../helpers/cli.js';
import { shellWords } from '../helpers/help-examples.js';
import { body, SEED_IDS, simApi, useSimulator } from '../helpers/sim.js';

const runsPath = `/api/v1/serverless/${SEED_IDS.web}/runs`;
/** Each spawn costs 150-700 ms on an idle machine and seconds on a loaded one: generous limits. */
const SLOW = 120_000;
const LIMIT = { timeoutMs: 60_000 };

describe('serverless run as a process', () => {
  let sim: Simulator;
  let env: Record<string, string>;
  useSimulator(
    (s, e) => {
      sim = s;
      env = e;
    },
    { speed: 10 },
  );

  const startRun = async (command: string[]) => (await body<{ data: { id: string } }>(await simApi(sim).send('POST', runsPath, { command }, { record: false }))).data.id;

  it(
    '-- sh -c "exit 3": exit 3, the log on stderr, stdout empty',
    async () => {
      const r = await spawnCli(['serverless', 'run', 'web', '--wait', '--interval', '200ms', '--', 'sh', '-c', 'exit 3'], { env, ...LIMIT });
      expect(r.code, r.stderr).toBe(3);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('$ sh -c exit 3\n');
      expect(r.stderr).toMatch(/error: run [0-9a-f-]{36} of web failed with exit code 3\n/);
      expect(sim.requests.find((q) => q.method === 'POST')?.body).toEqual({ command: ['sh', '-c', 'exit 3'] });
    },
    SLOW,
  );

  it(
    '--wait-timeout: exit 6 with the resume command',
    async () => {
      const r = await spawnCli(['serverless', 'run', 'web', '--wait', '--wait-timeout', '1s', '--interval', '200ms', '--', 'sleep', '600'], { env, ...LIMIT });
      expect(r.code, r.stderr).toBe(6);
      const id = /run ([0-9a-f-]{36}) of web started/.exec(r.stderr)![1]!;
      expect(r.stderr).toContain(`error: timed out after 1s waiting for the run ${id} of web; it goes on server-side\n`);
      expect(r.stderr).toContain(`hint: resume waiting with: infra serverless runs wait web ${id}\n`);
    },
    SLOW,
  );

  it.each([
    ['SIGINT', 130, 'interrupted'],
    ['SIGTERM', 143, 'terminated'],
  ] as const)(
    '%s while following: exit %i, the run goes on, how to cancel it',
    async (signal, code, word) => {
      const logReads = () => sim.requests.filter((q) => q.method === 'GET' && q.path.endsWith('/logs')).length;
      const r = await spawnCli(['serverless', 'run', 'web', '--wait', '--interval', '200ms', '--', 'sleep', '600'], {
        env,
        ...LIMIT,
        onSpawn: (child) => {
          const timer = setInterval(() => {
            if (logReads() >= 1) {
              clearInterval(timer);
              child.kill(signal);
            }
          }, 5);
        },
      });
      expect(r.code, r.stderr).toBe(code);
      expect(r.stdout).toBe('');
      const id = /run ([0-9a-f-]{36}) of web started/.exec(r.stderr)![1]!;
      expect(r.stderr).toContain(`error: ${word} while waiting for the run ${id} of web; the run keeps going\n`);
      expect(r.stderr).toContain(`hint: follow it again with: infra serverless runs wait web ${id}; cancel it with: infra serverless runs cancel web ${id}\n`);
      // Nothing was cancelled: the run is still going.
      const still = await body<{ data: { status: string } }>(await simApi(sim).get(`${runsPath}/${id}`, { record: false }));
      expect(still.data.status).toBe('running');
    },
    SLOW,
  );

  it(
    'a second run while one is active: 409, exit 1, naming it',
    async () => {
      const active = await startRun(['sleep', '600']);
      const r = await spawnCli(['serverless', 'run', 'web', '--', 'ls'], { env, ...LIMIT });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`error: container web already has an active run: ${active} (one run at a time)\n`);
      expect(r.stderr).toContain(`cancel it with: infra serverless runs cancel web ${active}`);
    },
    SLOW,
  );

  it(
    'every runs and schedules command once through the binary',
    async () => {
      const done = await startRun(['echo', 'done']);
      sim.world.clock.advance(10);
      const active = await startRun(['sleep', '600']);
      const nightly = ['serverless', 'schedules', 'create', 'web', '--name', 'nightly', '--cron', '30 3 * * *', '--timezone', 'Europe/Bucharest', '--', './cleanup.sh'];
      const created = await spawnCli(nightly, { env, ...LIMIT });
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toMatch(/next runs \(local time, then UTC\):\n {2}\d{4}-\d\d-\d\d 03:30 \+0[23]:00 {2}Europe\/Bucharest {3}= {2}\d{4}-\d\d-\d\dT0[01]:30:00Z\n/);
      const steps: [string[], number, RegExp][] = [
        [['serverless', 'runs', 'list', 'web'], 0, new RegExp(`^ID\\tSTATUS\\tEXIT\\tCOMMAND\\tCREATED\\tDURATION\\n${active}\\trunning\\t`)],
        [['serverless', 'runs', 'show', 'web', done, '--json'], 0, /"status": "succeeded"/],
        [['serverless', 'runs', 'logs', 'web', done], 0, /^\$ echo done\n[\s\S]*exited with code 0\n$/],
        [['serverless', 'runs', 'wait', 'web', done, '--json'], 0, /"exit_code": 0/],
        [['serverless', 'schedules', 'list', 'web'], 0, /\tnightly\t30 3 \* \* \*\tEurope\/Bucharest\tyes\t/],
        [['serverless', 'schedules', 'show', 'web', 'nightly'], 0, /cron:\s+30 3 \* \* \*/],
      ];
      const results = await Promise.all(steps.map(([argv]) => spawnCli(argv, { env, ...LIMIT })));
      results.forEach((r, i) => {
        const [argv, code, out] = steps[i]!;
        expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(code);
        expect(r.stdout, argv.join(' ')).toMatch(out);
      });
      for (const [argv, out] of [
        [['serverless', 'runs', 'cancel', 'web', active], new RegExp(`^${active}\\tcancelled\\n$`)],
        [['serverless', 'schedules', 'pause', 'web', 'nightly'], /\tpaused\n$/],
        [['serverless', 'schedules', 'resume', 'web', 'nightly'], /\tenabled\n$/],
        [['serverless', 'schedules', 'delete', 'web', 'nightly', '--yes'], /^$/],
      ] as const) {
        const r = await spawnCli([...argv], { env, ...LIMIT });
        expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(0);
        expect(r.stdout, argv.join(' ')).toMatch(out);
      }
      expect(sim.requests.filter((q) => q.method === 'PATCH').map((q) => q.body)).toEqual([{ enabled: false }, { enabled: true }]);
      expect(sim.requests.some((q) => q.method === 'DELETE' && q.path.startsWith(`/api/v1/serverless/${SEED_IDS.web}/schedules/`))).toBe(true);
    },
    SLOW,
  );

  it(
    'bad input through the binary: exit 2, one error line, nothing sent',
    async () => {
      const cases = [
        ['serverless', 'schedules', 'create', 'web', '--name', 'x', '--cron', '0 0 3 * * *', '--timezone', 'UTC', '--', 'ls'],
        ['serverless', 'schedules', 'create', 'web', '--name', 'x', '--cron', '0 3 * * *', '--timezone', 'Europe/Atlantis', '--', 'ls'],
        ['serverless', 'run', 'web', '--env', 'NOEQUALS', '--', 'ls'],
        ['serverless', 'run', 'web', '--wait', '--'],
      ];
      const results = await Promise.all(cases.map((argv) => spawnCli(argv, { env, ...LIMIT })));
      results.forEach((r, i) => {
        expect(r.code, cases[i]!.join(' ')).toBe(2);
        expect(
          r.stderr.split('\n').filter((l) => l.startsWith('error:')),
          cases[i]!.join(' '),
        ).toHaveLength(1);
      });
      expect(sim.requests).toEqual([]);
    },
    SLOW,
  );
});

/** The `infra` lines of the README's "migrate, then roll out" recipe, in order. */
function recipeCommands(): string[][] {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = [...text.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.includes('serverless run web --wait'));
  if (!block) throw new Error('the README has no recipe with `serverless run web --wait`');
  return block
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('infra '))
    .map((l) => shellWords(l.replaceAll('${GITHUB_SHA}', '2.0.0')).slice(1));
}

describe('the README recipe "migrate, then roll out", through bin/infra', () => {
  let sim: Simulator;
  let env: Record<string, string>;
  useSimulator((s, e) => {
    sim = s;
    env = e;
  });

  it(
    'rolls out the new image, then runs the migration once in it (exit 0 each, bash -e order)',
    async () => {
      const commands = recipeCommands();
      expect(commands.map((c) => c.slice(0, 3).join(' '))).toEqual(['serverless update web', 'serverless run web']);
      expect(commands[1]).toEqual(['serverless', 'run', 'web', '--wait', '--timeout', '15m', '--', 'npm', 'run', 'migrate']);
      // Virtual seconds pass quickly while the steps wait (the rollout takes about a minute of sim time).
      const t = setInterval(() => sim.world.clock.advance(2), 5);
      try {
        for (const argv of commands) {
          // --interval goes before `--` (after it, words are the run's command).
          const r = await spawnCli([...argv.slice(0, 3), '--interval', '200ms', ...argv.slice(3)], { env, ...LIMIT });
          expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(0);
        }
      } finally {
        clearInterval(t);
      }
      const run = sim.requests.find((q) => q.method === 'POST' && q.path === runsPath);
      expect(run?.body).toEqual({ command: ['npm', 'run', 'migrate'], timeout_seconds: 900 });
      const update = sim.requests.findIndex((q) => q.method === 'PUT' && q.path === `/api/v1/serverless/${SEED_IDS.web}`);
      expect(update).toBeGreaterThanOrEqual(0);
      expect(update).toBeLessThan(sim.requests.indexOf(run!));
      const runs = await body<{ data: { status: string; image: string }[] }>(await simApi(sim).get(runsPath, { record: false }));
      expect(runs.data).toMatchObject([{ status: 'succeeded', image: 'registry.example.com/acme/web:2.0.0' }]);
    },
    SLOW,
  );
});
