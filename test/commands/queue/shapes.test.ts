// The queue simulator against the real shapes (real-api.md), field by field through the
// fixtures' checker, in every state an operation can meet; and every queue command's help
// examples, run against the simulator as written.
import { describe, expect, it } from 'vitest';
import { checkValue, Shapes } from '../../fixtures/facts.js';
import { runCli } from '../../helpers/cli.js';
import { exampleRuns } from '../../helpers/help-examples.js';
import { body as bodyOf, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const EVENTS = SEED_IDS.queues.events;
const ARCHIVE = SEED_IDS.queues.archive;
const tty = (answer: string) => ({ stdinTTY: true, prompter: { text: async () => answer, secret: async () => '' } });

describe('the simulator answers in the real shapes (real-api.md)', () => {
  const shapes = new Shapes();
  const check = async (operation: string, path: string, status: number, method = 'GET', body?: unknown) => {
    const res = await h.api.send(method, path, body);
    expect(res.status, `${method} ${path}`).toBe(status);
    const problems = checkValue(await bodyOf(res), shapes.response(operation, status)!.type, shapes);
    expect(problems.map((p) => `${operation} ${status} ${p.path}: ${p.message}`)).toEqual([]);
  };
  const Q = '/api/v1/queue';
  const OP = `${Q}/{queueInstance}`;

  it('every operation of the family, in each of its states', async () => {
    await check(`GET ${Q}`, Q, 200);
    await check(`GET ${OP}`, `${Q}/${EVENTS}`, 200);
    await check(`GET ${OP}/connection-info`, `${Q}/${EVENTS}/connection-info`, 200);
    await check(`GET ${OP}/metrics`, `${Q}/${EVENTS}/metrics`, 200);
    await check(`GET ${OP}/metrics`, `${Q}/${ARCHIVE}/metrics`, 200);
    await check(`GET ${OP}/events`, `${Q}/${EVENTS}/events`, 200);
    await check(`GET ${OP}/logs`, `${Q}/${EVENTS}/logs`, 200);
    await check(`GET ${OP}/diagnose`, `${Q}/${EVENTS}/diagnose`, 200);
    await check(`POST ${Q}`, Q, 201, 'POST', { name: 'shape-rabbit', resource_profile: 'queue-small' });
    await check(`POST ${Q}`, Q, 422, 'POST', { name: 'Bad Name' });
    await check(`PUT ${OP}`, `${Q}/${EVENTS}`, 200, 'PUT', { automated_snapshots_enabled: false });
    await check(`POST ${OP}/start`, `${Q}/${EVENTS}/start`, 422, 'POST');
    await check(`DELETE ${OP}`, `${Q}/${EVENTS}`, 422, 'DELETE');
    await check(`POST ${OP}/start`, `${Q}/${ARCHIVE}/start`, 200, 'POST');
    await check(`GET ${OP}`, `${Q}/${ARCHIVE}`, 200);
    await check(`POST ${OP}/stop`, `${Q}/${ARCHIVE}/stop`, 422, 'POST');
    h.api.advance(60);
    await check(`POST ${OP}/stop`, `${Q}/${ARCHIVE}/stop`, 200, 'POST');
    h.api.advance(60);
    await check(`DELETE ${OP}`, `${Q}/${ARCHIVE}`, 200, 'DELETE');
    await check(`GET ${OP}`, `${Q}/${ARCHIVE}`, 200);
    h.api.advance(60);
    await check(`GET ${OP}`, `${Q}/${ARCHIVE}`, 404);
  });
});

describe('help', () => {
  it('every verb has examples that run against the simulator as written', async () => {
    const verbs = ['list', 'get', 'create', 'update', 'delete', 'start', 'stop', 'connection-info', 'metrics', 'wait', 'diagnose', 'logs', 'events'];
    let ran = 0;
    for (const verb of verbs) {
      const help = await runCli(['queue', verb, '--help']);
      expect(help.code).toBe(0);
      for (const ex of exampleRuns(help.stdout)) {
        h.reset();
        const r = await h.cli(ex.argv, { ...(ex.stdin === undefined ? tty(ex.argv[2] ?? '') : { stdin: ex.stdin }) });
        expect(r.code, `infra ${ex.argv.join(' ')}\n${r.stderr}`).toBe(0);
        ran++;
      }
    }
    expect(ran).toBeGreaterThanOrEqual(verbs.length * 2);
  });
});
