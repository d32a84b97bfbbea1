// Uploads on a slow link, through bin/infra against a loopback server that reads the body at
// 1 MB/s (test/hostile/upload-server.ts): the time limit of an upload is a stall limit (no
// bytes taken for INFRA_HTTP_TIMEOUT, or no answer within it after the body), never the time
// the body takes; a stalled server fails with a sentence; Ctrl-C says how far it got.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli.js';
import { CONTAINER_ID, slowServer, type SlowServer } from './upload-server.js';

const MiB = 1024 * 1024;

/** A build context with `mib` MiB that does not compress (the archive is as big). */
function context(mib: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'infra-upload-'));
  writeFileSync(join(dir, 'Dockerfile'), 'FROM scratch\nCOPY blob.bin /\n');
  writeFileSync(join(dir, 'blob.bin'), randomBytes(mib * MiB));
  return dir;
}

let server: SlowServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const env = (s: SlowServer, timeout: string) => ({ INFRA_API_URL: s.url, INFRA_TOKEN: 'test-token', INFRA_HTTP_TIMEOUT: timeout });
const uploads = (s: SlowServer) => s.received.filter((r) => r.method === 'POST');

describe('uploads on a slow link', () => {
  it('a body that takes twice INFRA_HTTP_TIMEOUT to send completes while it moves (1 MB/s)', async () => {
    server = await slowServer({ bytesPerSecond: MiB });
    const r = await spawnCli(['serverless', 'deploy', CONTAINER_ID, '--dir', context(6)], { env: env(server, '3s'), timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/UND_ERR|unexpected error/);
    expect(r.stderr).toMatch(/^upload accepted: building$/m);
    // Piped stderr: plain lines, and the final one with the size.
    expect(r.stderr).toMatch(/uploaded 6\.0 MiB in \d+s/);
    const [upload] = uploads(server);
    expect(upload).toMatchObject({ url: `/api/v1/serverless/${CONTAINER_ID}/deploy`, complete: true });
    expect(upload!.bytes).toBeGreaterThan(6 * MiB);
  });

  it('a server that stops reading: exit 7 with the sentence, how far it got and that nothing was deployed', async () => {
    server = await slowServer({ bytesPerSecond: 64 * MiB, stallAfter: 256 * 1024 });
    const r = await spawnCli(['serverless', 'deploy', CONTAINER_ID, '--dir', context(24)], { env: env(server, '2s'), timeoutMs: 20_000 });
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toMatch(
      new RegExp(`^error: the upload to POST /api/v1/serverless/${CONTAINER_ID}/deploy stalled: the server took no bytes for 2s \\(\\d+\\.\\d MiB of 24\\.0 MiB sent\\); nothing was deployed$`, 'm'),
    );
    expect(r.stderr).toMatch(/^hint: run the same command again; INFRA_HTTP_TIMEOUT sets how long an upload may stall/m);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('error:'))).toHaveLength(1);
    expect(uploads(server)[0]?.complete).toBe(false);
  });

  it('Ctrl-C during an upload: how far it got, that nothing was deployed, what to run; exit 130', async () => {
    server = await slowServer({ bytesPerSecond: MiB });
    const s = server;
    const r = await spawnCli(['serverless', 'deploy', CONTAINER_ID, '--dir', context(12)], {
      env: env(s, '5s'),
      timeoutMs: 20_000,
      onSpawn: (child) => void s.uploadStarted.then(() => setTimeout(() => child.kill('SIGINT'), 300)),
    });
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/^error: interrupted: the upload was cut at \d+(\.\d)? MiB of 12 MiB; nothing was deployed$/m);
    expect(r.stderr).toMatch(/^hint: run the same command again$/m);
    expect(uploads(s)[0]?.complete).toBe(false);
  });

  it('--progress json: upload events with bytes sent and the total, then the wait', async () => {
    server = await slowServer({ bytesPerSecond: 64 * MiB });
    const r = await spawnCli(['serverless', 'deploy', CONTAINER_ID, '--dir', context(1), '--wait', '--progress', 'json', '--timeout', '1s'], { env: env(server, '5s'), timeoutMs: 20_000 });
    const events = r.stderr
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { event?: string; sent_bytes?: number; total_bytes?: number });
    const done = events.find((e) => e.event === 'uploaded');
    expect(done, r.stderr).toMatchObject({ sent_bytes: expect.any(Number), total_bytes: expect.any(Number) });
    expect(done!.sent_bytes).toBe(done!.total_bytes);
    expect(done!.total_bytes).toBeGreaterThan(MiB);
  });
});
