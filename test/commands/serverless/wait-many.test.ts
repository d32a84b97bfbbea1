// serverless wait with several containers, --progress json on every waiting command (and the
// operation wait of the product families), and the GitHub Actions report of a finished wait.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Capture, onlyJson } from '../../helpers/cli.js';
import { REG, SEED_IDS, useHarness, type Harness } from '../../helpers/sim.js';

let h: Harness;
useHarness((x) => (h = x));

const { web, api, worker, edge } = SEED_IDS;
/** Changes sent as a script would, so the wait is the only command under test. */
const update = async (id: string, body: Record<string, unknown>) => {
  const res = await h.api.send('PUT', `/api/v1/serverless/${id}`, body, { record: false });
  expect(res.status).toBe(200);
};
const events = (stderr: string) =>
  stderr
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const lines = (stderr: string) => stderr.split('\n').filter((l) => l && !l.startsWith('{'));

describe('serverless wait <id> <id>...', () => {
  it('waits on all at once: one line per container as each finishes; exit 1 when one failed', async () => {
    await update(web, { image_tag: '1.3.0' });
    await update(api, { image_tag: 'oom' });
    const r = await h.cli(['serverless', 'wait', 'web', 'api', 'worker']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    // worker had failed already (decided on its first read), web is ready, api degraded.
    expect(r.stderr).toMatch(/^error: worker: rollout of generation 1 of worker failed: serverless\.image_not_found$/m);
    expect(r.stderr).toMatch(/^\S+Z web: generation 4 of web is ready \(\d+s\)$/m);
    expect(r.stderr).toMatch(/^error: api: rollout of generation 3 of api degraded: the new revision failed while the previous revision keeps serving$/m);
    expect(r.stderr).toMatch(/^hint: redeploying the same configuration fails the same way; /m);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('error: 2 of 3 rollouts did not end ready: api degraded, worker failed');
    // One read of each to start, polls until each is done, none after.
    const after = (id: string) => h.seen.filter((s) => s.id === id);
    expect(after(worker)).toHaveLength(1);
    expect(after(web).at(-1)?.terminal).toBe(true);
    expect(after(api).at(-1)?.terminal).toBe(true);
  });

  it.each([
    ['degraded beats timeout', ['api'], 3],
    ['timeout beats ready', [], 6],
  ] as const)('the worst outcome decides: %s', async (_what, extra, code) => {
    await update(web, { image_tag: '1.3.0' });
    await update(edge, { image_tag: 'slow' });
    if (extra.length) await update(api, { image_tag: 'crash' });
    const r = await h.cli(['serverless', 'wait', 'web', 'edge', ...extra, '--timeout', '30s', '--json']);
    expect(r.code).toBe(code);
    const out = JSON.parse(r.stdout) as { id: string; outcome: string }[];
    expect(out.map((o) => [o.id, o.outcome])).toEqual([[web, 'ready'], [edge, 'timeout'], ...(extra.length ? [[api, 'degraded']] : [])]);
    expect(r.stderr).toContain(`hint: resume waiting with: infra serverless wait edge --generation 3\n`);
  });

  it('all ready: exit 0, --json an array of the wait objects in the order given', async () => {
    await update(web, { image_tag: '1.3.0' });
    await update(edge, { image_tag: '1.0.1' });
    const r = await h.cli(['serverless', 'wait', edge, web, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ id: edge, spec_generation: 3, observed_generation: 3, outcome: 'ready', evidence: 'generation' });
    expect(out[1]).toMatchObject({ id: web, spec_generation: 4, outcome: 'ready' });
    expect(Object.keys(out[0]!)).toEqual(['id', 'spec_generation', 'observed_generation', 'outcome', 'evidence', 'elapsed_seconds', 'status_details']);
  });

  it('on a terminal: one spinner for the waits still running, a line as each ends', async () => {
    await update(web, { image_tag: '1.3.0' });
    await update(edge, { image_tag: '1.0.1' });
    const stderr = Object.assign(new Capture(true, 100), { cursorTo: () => true, moveCursor: () => true, clearLine: () => true });
    const r = await h.cli(['serverless', 'wait', 'web', 'edge'], { stderr });
    expect(r.code, stderr.text).toBe(0);
    const text = stderr.text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
    expect(text).toMatch(/waiting for 2 rollouts: web .* · edge /);
    expect(text).toMatch(/✔ web: generation 4 of web is ready/);
    expect(text).toMatch(/✔ edge: generation 3 of edge is ready/);
  });

  it('shares one list read per cycle; a list it cannot read only means each container is read on its own', async () => {
    await update(web, { image_tag: '1.3.0' });
    await update(edge, { image_tag: '1.3.0' });
    const shared = await h.cli(['serverless', 'wait', web, edge, '--json']);
    expect(shared.code, shared.stderr).toBe(0);
    // No container read before a verdict could come: one each, the read that decided.
    expect(h.seen.map((s) => s.id).sort()).toEqual([web, edge].sort());
    h.reset();
    h.seen.length = 0;
    await update(web, { image_tag: '1.3.0' });
    await update(edge, { image_tag: '1.3.0' });
    // An item the client cannot read (no id): the list is no use, the waits read their containers.
    h.sim.use(http.get('*/api/v1/serverless', () => HttpResponse.json({ data: [{ name: 'broken' }], pagination: { current_page: 1, last_page: 1, per_page: 200, total: 1 } })));
    const alone = await h.cli(['serverless', 'wait', web, edge, '--json']);
    expect(alone.code, alone.stderr).toBe(0);
    expect((JSON.parse(alone.stdout) as { outcome: string }[]).map((o) => o.outcome)).toEqual(['ready', 'ready']);
    expect(h.seen.length).toBeGreaterThan(2);
  });

  it('one id keeps the single object', async () => {
    const r = await h.cli(['serverless', 'wait', 'web', '--json']);
    expect(onlyJson(r.stdout)).toMatchObject({ id: web, outcome: 'ready' });
  });

  it('Ctrl-C: exit 130, every wait says how to resume it', async () => {
    await update(web, { image_tag: '1.3.0' });
    await update(api, { image_tag: '2.4.0' });
    const ctrl = new AbortController();
    // Interrupted at the first pause: the rollouts were read (from the list they share) and are running.
    const r = await h.cli(['serverless', 'wait', 'web', 'api'], { signal: ctrl.signal, onIdle: () => void ctrl.abort(new Error('interrupted')) });
    expect(r.code).toBe(130);
    expect(r.stderr).toContain(`hint: resume waiting with: infra serverless wait web --generation 4\n`);
    expect(r.stderr).toContain(`hint: resume waiting with: infra serverless wait api --generation 3\n`);
  });
});

describe('--progress json', () => {
  const base = { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), elapsed_seconds: expect.any(Number) };

  it('update --wait: an event per change, then the final one; no human progress lines', async () => {
    const r = await h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:1.3.0`, '--wait', '--progress', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const ev = events(r.stderr);
    expect(ev[0]).toEqual({ ...base, id: web, name: 'web', generation: 4, phase: 'queued', summary: 'ready', health: 'healthy', operation: 'queued' });
    expect(ev.map((e) => e.phase)).toEqual(['queued', 'rolling_out', 'done']);
    expect(ev.at(-1)).toEqual({ ...base, id: web, name: 'web', generation: 4, phase: 'done', summary: 'ready', health: 'healthy', operation: 'succeeded', outcome: 'ready', evidence: 'generation' });
    // What remains on stderr is not progress: the change's own line.
    expect(lines(r.stderr)).toEqual([`updated web (id ${web}): generation 4`]);
  });

  it.each([
    ['create', ['serverless', 'create', '--name', 'shop', '--image', `${REG}/shop:1.0`, '--wait', '--progress', 'json'], 'ready'],
    ['redeploy', ['serverless', 'redeploy', 'web', '--wait', '--progress', 'json'], 'ready'],
    ['rollback', ['serverless', 'rollback', 'web', '--wait', '--progress', 'json'], 'ready'],
    ['wait', ['serverless', 'wait', 'api', '--progress', 'json'], 'degraded'],
  ])('%s: events end with the outcome', async (_cmd, argv, outcome) => {
    const r = await h.cli(argv);
    const ev = events(r.stderr);
    expect(ev.length).toBeGreaterThan(0);
    expect(ev.at(-1)).toMatchObject({ phase: 'done', outcome });
    expect(ev.filter((e) => e.phase === 'done')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/Z (rolling out|waiting for)/);
  });

  it('a rate limit on the read before the change is an event too, not a line of prose', async () => {
    let limited = false;
    h.sim.use(
      http.get('*/api/v1/serverless/:id', () => {
        if (limited) return undefined;
        limited = true;
        return HttpResponse.json({ message: 'Too Many Attempts.' }, { status: 429, headers: { 'retry-after': '3' } });
      }),
    );
    const r = await h.cli(['serverless', 'update', web, '--min', '2', '--wait', '--progress', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const ev = events(r.stderr);
    expect(ev[0]).toMatchObject({ id: null, name: null, phase: 'read_error', error: 'rate limited by the API; retrying in 3s (attempt 2 of 4)' });
    expect(ev.at(-1)).toMatchObject({ phase: 'done', outcome: 'ready' });
    expect(lines(r.stderr)).toEqual([`updated web (id ${web}): generation 4`]);
  });

  it('the human progress is unchanged without the option', async () => {
    const r = await h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:1.3.0`, '--wait']);
    expect(events(r.stderr)).toEqual([]);
    expect(r.stderr).toMatch(/^\S+Z waiting for generation 4 of web \(timeout 15m\)$/m);
    expect(r.stderr).toMatch(/^\S+Z generation 4 of web is ready/m);
  });

  it('the wait command of a product family (vps wait)', async () => {
    await h.cli(['vps', 'reboot', 'vps-02']);
    const r = await h.cli(['vps', 'wait', 'vps-02', '--progress', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(events(r.stderr).at(-1)).toMatchObject({ id: SEED_IDS.vps[1], phase: 'done', outcome: 'ready' });
  });

  it('the operation wait of a product family (vps stop --wait)', async () => {
    const r = await h.cli(['vps', 'stop', 'vps-01', '--wait', '--progress', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const ev = events(r.stderr);
    expect(ev.at(-1)).toMatchObject({ id: SEED_IDS.vps[0], name: 'vps-01', generation: null, phase: 'done', outcome: 'ready' });
    expect(r.stderr).not.toMatch(/Z stopping vps-01/);
  });
});

describe('GitHub Actions', () => {
  const dir = mkdtempSync(join(tmpdir(), 'infra-gh-'));
  let n = 0;
  const summaryFile = () => {
    const p = join(dir, `summary-${++n}.md`);
    writeFileSync(p, '# Deploy\n\n');
    return p;
  };

  it('a degraded and a failed rollout become ::error:: annotations; the job summary gets one table', async () => {
    await update(web, { image_tag: '1.3.0' });
    await update(api, { image_tag: 'crash' });
    const file = summaryFile();
    const r = await h.cli(['serverless', 'wait', 'web', 'api', 'worker'], { env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: file } });
    expect(r.code).toBe(1);
    const annotations = r.stderr.split('\n').filter((l) => l.startsWith('::'));
    expect(annotations).toHaveLength(2);
    expect(annotations[0]).toMatch(
      /^::error title=Rollout of api degraded::rollout of generation 3 of api degraded: the new revision failed while the previous revision keeps serving%0Acode: +serverless\.crash_loop%0A/,
    );
    expect(annotations[1]).toMatch(/^::error title=Rollout of worker failed::rollout of generation 1 of worker failed: serverless\.image_not_found%0A/);
    expect(r.stdout).toBe('');
    const md = readFileSync(file, 'utf8');
    expect(md.startsWith('# Deploy\n\n| container | revision | outcome | duration | hint |\n| --- | --- | --- | --- | --- |\n')).toBe(true);
    const rows = md.trim().split('\n').slice(4);
    expect(rows[0]).toMatch(/^\| web \| web-00004 \| ready \| \d+s \| {3}\|$/);
    expect(rows[1]).toMatch(/^\| api \| api-00003 \| degraded \| \d+s \| redeploying the same configuration fails the same way; .+ \|$/);
    expect(rows[2]).toMatch(/^\| worker \| worker-00001 \| failed \| 0ms \| the image or tag does not exist: .+ \|$/);
  });

  it('a single wait that ends ready: no annotation, one row; a timeout is a row too', async () => {
    const file = summaryFile();
    const env = { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: file };
    const ok = await h.cli(['serverless', 'update', 'web', '--image', `${REG}/web:1.3.0`, '--wait'], { env });
    expect(ok.code).toBe(0);
    expect(ok.stderr).not.toMatch(/^::/m);
    await update(edge, { image_tag: 'slow' });
    const slow = await h.cli(['serverless', 'wait', 'edge', '--timeout', '20s'], { env });
    expect(slow.code).toBe(6);
    expect(slow.stderr).not.toMatch(/^::/m);
    const rows = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => /^\| (web|edge) /.test(l));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^\| web \| web-00004 \| ready \| /);
    expect(rows[1]).toMatch(new RegExp(`^\\| edge \\| edge-00003 \\| timeout \\| 20s \\| resume waiting with: infra serverless wait edge --generation 3 \\|$`));
  });

  it('without GITHUB_ACTIONS=true: neither', async () => {
    const file = summaryFile();
    const r = await h.cli(['serverless', 'wait', 'worker'], { env: { GITHUB_ACTIONS: 'false', GITHUB_STEP_SUMMARY: file } });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/^::/m);
    expect(readFileSync(file, 'utf8')).toBe('# Deploy\n\n');
  });

  it('a summary file that cannot be written is a warning, not a failure', async () => {
    const r = await h.cli(['serverless', 'wait', 'web'], { env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(dir, 'missing-dir', 'summary.md') } });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warning: could not append the rollout summary to GITHUB_STEP_SUMMARY /m);
  });
});
