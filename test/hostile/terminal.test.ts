// A hostile API (hostile-proxy.ts: the simulator behind a server on 127.0.0.1 that adds a
// title change, a screen clear, an OSC 8 link, a CR, bidi overrides and a C1 CSI to every
// free-text string) against real processes through bin/infra: no byte of it reaches stdout or
// stderr as the server sent it, its visible form does, our own colours still come through,
// and --json keeps the server's strings exactly.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spawnCli, type CliResult } from '../helpers/cli.js';
import { SEED_IDS, useSimulator, type Simulator } from '../helpers/sim.js';
import { ATTACK, FORBIDDEN, startHostileApi, type HostileApi } from './hostile-proxy.js';

let sim: Simulator;
useSimulator((s) => (sim = s), { reset: false });
let api: HostileApi;
beforeAll(async () => {
  api = await startHostileApi(sim.url);
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const env = (extra: Record<string, string> = {}) => ({ INFRA_API_URL: api.url, INFRA_TOKEN: sim.tokens.admin, ...extra });

/** The attack as shown: every control visible (a CR in a table cell is a space: one row, one line). */
const SHOWN_START = '^[]0;PWNED^G^[[2J^[]8;;https://evil.example/^[\\click^[]8;;^[\\';
const SHOWN_END = 'FAKE\\u{202e}evil\\u{2066}x\\u{2069}\\u{9b}31m^?';

function expectSafe(r: CliResult, where: 'stdout' | 'stderr' = 'stdout'): void {
  expect(r.stdout, r.stderr).not.toMatch(FORBIDDEN);
  expect(r.stderr).not.toMatch(FORBIDDEN);
  expect(r[where]).toContain(SHOWN_START);
  expect(r[where]).toContain(SHOWN_END);
}

describe('server text on stdout and stderr', () => {
  const commands: [string, string[]][] = [
    ['serverless list', ['serverless', 'list']],
    ['serverless get', ['serverless', 'get', SEED_IDS.web]],
    ['serverless logs', ['serverless', 'logs', SEED_IDS.web]],
    ['serverless events', ['serverless', 'events', SEED_IDS.api]],
    ['serverless diagnose', ['serverless', 'diagnose', SEED_IDS.worker]],
    ['vps list', ['vps', 'list']],
  ];

  it.each(commands)('%s: every control shown visibly, none sent on', async (_, argv) => {
    const r = await spawnCli(argv, { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expectSafe(r);
  });

  it('a log line cannot move back over its timestamp: its CR is shown as ␍', async () => {
    const r = await spawnCli(['serverless', 'logs', SEED_IDS.web], { env: env() });
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toMatch(/^\d{4}-\d\d-\d\dT\S+ {2}/);
      expect(line).toContain('\u240dFAKE');
    }
  });

  it('with colour forced: our colours are escapes, the server text is not', async () => {
    const r = await spawnCli(['serverless', 'get', SEED_IDS.web], { env: env({ FORCE_COLOR: '1' }) });
    expect(r.code, r.stderr).toBe(0);
    // The keys are dim: ours.
    expect(r.stdout).toContain('\u001b[2mName:');
    const withoutOurs = r.stdout.replace(/\u001b\[\d+m/g, '');
    expect(withoutOurs).not.toMatch(FORBIDDEN);
    expect(withoutOurs).toContain(SHOWN_START);
  });

  it('NO_COLOR: no escape at all, whatever the server sent', async () => {
    for (const argv of [
      ['serverless', 'get', SEED_IDS.web],
      ['serverless', 'diagnose', SEED_IDS.worker],
    ]) {
      const r = await spawnCli(argv, { env: env({ NO_COLOR: '1', FORCE_COLOR: '1' }) });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout + r.stderr).not.toContain('\u001b');
      expect(r.stdout).toContain(SHOWN_END);
    }
  });

  it('an API error: its message and field errors shown visibly on stderr', async () => {
    api.answer(/\/api\/v1\/serverless\/[^/?]+(\?|$)/, 422, { message: `The given data was invalid.${ATTACK}`, errors: { name: [`name is taken${ATTACK}`] } });
    const r = await spawnCli(['serverless', 'get', SEED_IDS.web], { env: env({ FORCE_COLOR: '1' }) });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('\u001b[31merror:\u001b[39m');
    const withoutOurs = r.stderr.replace(/\u001b\[\d+m/g, '');
    expect(withoutOurs).not.toMatch(FORBIDDEN);
    expect(withoutOurs).toContain(`The given data was invalid.${SHOWN_START}`);
    expect(withoutOurs).toContain(`name is taken${SHOWN_START}`);
  });

  it('a warning naming a server word: shown visibly on stderr', async () => {
    const answer = await fetch(`${sim.url}/api/v1/serverless/${SEED_IDS.web}`, { headers: { authorization: `Bearer ${sim.tokens.admin}` } });
    const body = (await answer.json()) as { container: Record<string, unknown> };
    // A server without status_details: the legacy status is named in a warning.
    const { status_details: _, ...legacy } = body.container;
    api.answer(/\/api\/v1\/serverless\/[^/?]+(\?|$)/, 200, { ...body, container: { ...legacy, status: `running${ATTACK}` } });
    const r = await spawnCli(['serverless', 'get', SEED_IDS.web], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^warning: .*legacy status "running\^\[\]0;PWNED/m);
    expectSafe(r, 'stderr');
  });
});

describe('shell completion', () => {
  it('a name the terminal would act on is never offered; clean names still are', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'infra-complete-'));
    const hostile = await spawnCli(['__complete', 'serverless', 'get', ''], { env: env({ INFRA_CACHE_DIR: cache }) });
    expect(hostile.code).toBe(0);
    expect(hostile.stdout).not.toMatch(FORBIDDEN);
    expect(hostile.stdout).not.toContain('PWNED');
    const clean = await spawnCli(['__complete', 'serverless', 'get', ''], {
      env: { INFRA_API_URL: sim.url, INFRA_TOKEN: sim.tokens.admin, INFRA_CACHE_DIR: mkdtempSync(join(tmpdir(), 'infra-complete-')) },
    });
    expect(clean.stdout.split('\n')).toContain('web');
  });
});

describe('--json keeps the server strings exactly', () => {
  it('get: the name is the server name, attack and all, after a JSON round trip', async () => {
    const r = await spawnCli(['serverless', 'get', SEED_IDS.web, '--json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout) as { name: string; image: string };
    expect(data.name).toBe(`web${ATTACK}`);
    expect(data.image).toContain(ATTACK);
  });

  it('list: every item as the server sent it', async () => {
    const r = await spawnCli(['serverless', 'list', '--json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const items = JSON.parse(r.stdout) as { name: string }[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.name.endsWith(ATTACK)).toBe(true);
  });

  it('logs: each NDJSON line carries the message exactly', async () => {
    const r = await spawnCli(['serverless', 'logs', SEED_IDS.web, '--json'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const text = r.stdout.trim();
    const values = (text.startsWith('[') ? JSON.parse(text) : text.split('\n').map((l) => JSON.parse(l))) as { message: string }[];
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) expect(v.message.endsWith(ATTACK)).toBe(true);
  });
});
