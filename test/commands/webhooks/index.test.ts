// The webhooks family end to end against the simulator: the configuration (read, set, turned
// on and off), the signing secret shown once on stdout and said so on stderr, its
// regeneration (confirmed), the deliveries, and the permission the default token lacks.
import { describe, expect, it } from 'vitest';
import { onlyJson } from '../../helpers/cli.js';
import { cli, peek, requestLines, useSimulator, type Simulator } from '../../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));

const run = (argv: string[], opts: Parameters<typeof cli>[2] = {}) => cli(sim, argv, opts);
const TERMINAL = (answer: string) => ({ stdinTTY: true, prompter: { text: async () => answer, secret: async () => '' } });

describe('webhooks config', () => {
  it('get: URL, on or off, whether a secret exists (never the secret); --json as sent', async () => {
    const r = await run(['webhooks', 'config', 'get']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/URL:\s+https:\/\/hooks\.acme\.test\/infra\nEnabled:\s+yes\nSecret:\s+set \(shown only when created or regenerated\)/);
    expect(onlyJson((await run(['webhooks', 'config', 'get', '--json'])).stdout)).toEqual({ webhook_url: 'https://hooks.acme.test/infra', webhook_enabled: true, has_secret: true });
    const unset = await run(['webhooks', 'config', 'get', '--project', 'staging']);
    expect(unset.stdout).toMatch(/URL:\s+not set\nEnabled:\s+no\nSecret:\s+none/);
  });

  it('set --disabled alone: the API needs the URL, so the current one is sent again; no secret shown', async () => {
    const r = await run(['webhooks', 'config', 'set', '--disabled']);
    expect(r.code, r.stderr).toBe(0);
    expect(requestLines(sim)).toEqual(['GET /api/v1/webhooks/config', 'PUT /api/v1/webhooks/config']);
    expect(sim.requests[1]?.body).toEqual({ webhook_url: 'https://hooks.acme.test/infra', webhook_enabled: false });
    expect(r.stdout).toMatch(/Enabled:\s+no/);
    expect(r.stdout).not.toContain('Secret');
    expect(r.stderr).not.toContain('only once');
  });

  it('the first configuration of a project: the secret on stdout once, said so on stderr; later sets do not repeat it', async () => {
    const first = await run(['webhooks', 'config', 'set', '--url', 'https://hooks.acme.test/staging', '--project', 'staging']);
    expect(first.code, first.stderr).toBe(0);
    expect(sim.requests.at(-1)?.body).toEqual({ webhook_url: 'https://hooks.acme.test/staging' });
    const secret = /Secret:\s+(whsec_\w+)/.exec(first.stdout)?.[1];
    expect(secret).toMatch(/^whsec_[0-9a-f]{32}$/);
    expect(first.stderr).toContain('note: the API shows this signing secret only once: store it now');
    const again = await run(['webhooks', 'config', 'set', '--url', 'https://hooks.acme.test/v2', '--enabled', '--project', 'staging', '--json']);
    expect(onlyJson(again.stdout)).toEqual({ message: 'Webhook configuration updated successfully', webhook_url: 'https://hooks.acme.test/v2', webhook_enabled: true, webhook_secret: null });
    expect(again.stderr).not.toContain('only once');
  });

  it('bad input is refused before any request; no URL anywhere is said after the one read', async () => {
    for (const argv of [
      ['webhooks', 'config', 'set'],
      ['webhooks', 'config', 'set', '--enabled', '--disabled'],
      ['webhooks', 'config', 'set', '--url', 'hooks.acme.test'],
      ['webhooks', 'config', 'set', '--url', 'ftp://x.test/h'],
    ]) {
      const r = await run(argv);
      expect(r.code, argv.join(' ')).toBe(2);
    }
    expect(requestLines(sim)).toEqual([]);
    const none = await run(['webhooks', 'config', 'set', '--enabled', '--project', '2']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no webhook URL is configured yet');
    expect(requestLines(sim)).toEqual(['GET /api/v1/webhooks/config']);
  });

  it("the API's field errors: exit 2, printed field by field", async () => {
    const r = await run(['webhooks', 'config', 'set', '--url', 'https://' + 'a'.repeat(2050) + '.test']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('  webhook_url: The webhook url field must not be greater than 2048 characters.');
  });
});

describe('webhooks regenerate-secret', () => {
  it('--yes: the new secret alone on stdout (pipe it to a file), said on stderr; the old one is replaced', async () => {
    const r = await run(['webhooks', 'regenerate-secret', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^whsec_[0-9a-f]{32}\n$/);
    expect(r.stderr).toContain('only once');
    expect(requestLines(sim)).toEqual(['POST /api/v1/webhooks/config/regenerate-secret']);
    const again = await run(['webhooks', 'regenerate-secret', '--yes', '--json']);
    const answer = onlyJson(again.stdout);
    expect(answer).toMatchObject({ message: 'Webhook secret regenerated successfully' });
    expect(answer.webhook_secret).not.toBe(r.stdout.trim());
  });

  it('confirmed: no terminal and no --yes (or CI set) is exit 2; on a terminal the word must be typed', async () => {
    expect((await run(['webhooks', 'regenerate-secret'])).code).toBe(2);
    expect((await run(['webhooks', 'regenerate-secret'], { ...TERMINAL('regenerate'), env: { CI: 'true' } })).code).toBe(2);
    expect((await run(['webhooks', 'regenerate-secret'], TERMINAL('yes'))).code).toBe(1);
    expect(requestLines(sim)).toEqual([]);
    const ok = await run(['webhooks', 'regenerate-secret'], TERMINAL('regenerate'));
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^whsec_/);
  });
});

describe('webhooks deliveries and permissions', () => {
  it('deliveries: newest first, with the outcome', async () => {
    const r = await run(['webhooks', 'deliveries']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('ID\tEVENT\tOUTCOME\tSTATUS\tATTEMPTS\tCREATED\tERROR');
    expect(
      r.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split('\t').slice(0, 5).join(' ')),
    ).toEqual(['9003 static_site.deployed delivered 200 2', '9002 snapshot.completed failed 502 3', '9001 serverless.deployed delivered 200 1']);
    expect(sim.requests[0]?.query).toMatchObject({ per_page: '200' });
    const json = JSON.parse((await run(['webhooks', 'deliveries', '--json', '--per-page', '1', '--page', '2'])).stdout) as Array<{ id: number; signature: string }>;
    expect(json.map((d) => d.id)).toEqual([9002]);
    expect(json[0]?.signature).toMatch(/^sha256=/);
  });

  it('a token without webhook:read: exit 4 naming the permission', async () => {
    const r = await run(['webhooks', 'config', 'get'], { token: sim.tokens.default });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('webhook:read');
    const w = await run(['webhooks', 'regenerate-secret', '--yes'], { token: sim.tokens.default });
    expect(w.code).toBe(4);
    expect(w.stderr).toContain('webhook:write');
    expect((await peek<{ has_secret: boolean }>(sim, '/api/v1/webhooks/config')).has_secret).toBe(true);
  });
});
