// serverless probe's options of the provider's CLI: --url (no API request), --method (only
// methods that change nothing: the probe repeats its request), --cold (needs warm requests).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli as simCli, useSimulator, type Simulator } from '../../helpers/sim.js';

let sim: Simulator;
useSimulator((s) => (sim = s));
const cli = (argv: string[]) => simCli(sim, argv);

let server: Server;
let base = '';
const seen: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(204).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('serverless probe options', () => {
  it('--url probes that URL with --method, and asks the API nothing', async () => {
    seen.length = 0;
    const r = await cli(['serverless', 'probe', '--url', `${base}/healthz?deep=1`, '--method', 'head', '--warm-requests', '2', '--cold']);
    expect(r.code, r.stderr).toBe(0);
    expect(seen).toEqual(['HEAD /healthz?deep=1', 'HEAD /healthz?deep=1', 'HEAD /healthz?deep=1']);
    expect(sim.requests).toEqual([]);
    expect(r.stdout).toMatch(/^Status: +204/m);
  });

  it.each([
    [['serverless', 'probe', '--method', 'POST', 'web'], /--method must be one of GET, HEAD, OPTIONS/],
    [['serverless', 'probe', '--url', 'ftp://x.example.com/'], /--url must be http or https/],
    [['serverless', 'probe', '--url', 'https://u:p@x.example.com/'], /must not carry a user or password/],
    [['serverless', 'probe', 'web', '--url', 'https://x.example.com/'], /not both/],
    [['serverless', 'probe'], /give a container to probe, or --url/],
    [['serverless', 'probe', 'web', '--cold', '--warm-requests', '0'], /--cold needs warm requests/],
  ])('%j: exit 2, nothing sent', async (argv, says) => {
    seen.length = 0;
    const r = await cli(argv);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(says);
    expect([sim.requests, seen]).toEqual([[], []]);
  });
});
