// Issue 22, "never silent", through bin/infra on a real terminal (tmux): a server that
// accepts and never answers gets a spinner naming the request with its seconds ticking and
// the time limit said before it expires; piped, one line after 10 s; a rollout wait's
// elapsed time ticks every second, not only when a read comes back.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simApi, simEnv, useSimulator, type Simulator } from '../helpers/sim.js';
import { hasTmux, Tmux } from './tmux.js';

let sim: Simulator;
useSimulator((s) => (sim = s), { speed: 1 });

describe.runIf(hasTmux || !!process.env.CI)('never silent on a terminal', () => {
  let mute: Server;
  const sockets: Socket[] = [];
  let muteUrl = '';
  let term: Tmux;
  beforeAll(async () => {
    // Accepts connections, reads the request, never answers.
    mute = createServer((s) => {
      sockets.push(s);
      s.on('data', () => {});
    });
    await new Promise<void>((r) => mute.listen(0, '127.0.0.1', () => r()));
    muteUrl = `http://127.0.0.1:${(mute.address() as { port: number }).port}`;
    term = new Tmux();
  });
  afterAll(async () => {
    term?.close();
    for (const s of sockets) s.destroy();
    await new Promise((r) => mute.close(r));
  });

  it('a request without an answer: a spinner at 2 s with the seconds ticking, the limit said before it expires, exit 7', async () => {
    term.clear();
    term.type(`INFRA_API_URL=${muteUrl} INFRA_TOKEN=t INFRA_HTTP_TIMEOUT=6s infra vps list; echo "status=$?"`);
    await term.waitFor(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] waiting for an answer from GET \/api\/v1\/vps \(gives up at 6s\) · 2s$/m, { timeoutMs: 5_000 });
    await term.waitFor(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] no answer from GET \/api\/v1\/vps for 3s; giving up at 6s · 4s$/m, { timeoutMs: 5_000 });
    await term.waitFor(/^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] no answer from GET \/api\/v1\/vps for 3s; giving up at 6s · 5s$/m, { timeoutMs: 3_000 });
    const end = await term.waitFor(/^status=\d+/m, { timeoutMs: 10_000 });
    expect(end).toMatch(/^status=7$/m);
    expect(end).toMatch(/error: no answer from GET \/api\/v1\/vps within 6s/);
  }, 30_000);

  it('piped: one line after 10 s', async () => {
    term.clear();
    term.type(`INFRA_API_URL=${muteUrl} INFRA_TOKEN=t INFRA_HTTP_TIMEOUT=12s infra vps list 2>&1 | cat; echo "done=$?"`);
    const end = await term.waitFor(/^done=\d+/m, { timeoutMs: 20_000 });
    expect(end).toMatch(/^no answer from GET \/api\/v1\/vps for 10s; giving up at 12s$/m);
    expect(end).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
  }, 30_000);

  it('a rollout wait whose reads take 4 s: the elapsed time ticks every second', async () => {
    await simApi(sim).control('/_sim/faults', { latency_ms: 4_000 });
    term.clear();
    const env = simEnv(sim);
    term.type(`INFRA_API_URL=${env.INFRA_API_URL} INFRA_TOKEN=${env.INFRA_TOKEN} infra serverless update web --image registry.sim.local/acme/web:v7 --wait`);
    // Three seconds in a row inside one 4-second read of the wait.
    for (const n of [9, 10, 11]) await term.waitFor(new RegExp(`^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] .*generation \\d+.* · ${n}s$`, 'm'), { timeoutMs: n === 9 ? 40_000 : 3_000 });
    term.key('C-c');
    await term.waitFor(/hint: resume waiting with/, { timeoutMs: 10_000 });
    await simApi(sim).control('/_sim/faults', { latency_ms: 0 });
  }, 60_000);
});
