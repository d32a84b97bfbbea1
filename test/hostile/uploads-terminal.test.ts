// An upload on a terminal (a real pseudo-terminal, tmux) through a loopback server reading at
// 1 MB/s: the progress line shows bytes sent of the total, the rate and the time left while
// the body moves, then a final line with the size.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hasTmux, Tmux } from '../tty/tmux.js';
import { CONTAINER_ID, slowServer, type SlowServer } from './upload-server.js';

let server: SlowServer | undefined;
let term: Tmux | undefined;
afterEach(async () => {
  term?.close();
  await server?.close();
  server = term = undefined;
});

describe.runIf(hasTmux || !!process.env.CI)('an upload on a terminal', () => {
  it('shows bytes, total, rate and time left while it moves; then the size it sent', async () => {
    server = await slowServer({ bytesPerSecond: 1024 * 1024 });
    const dir = mkdtempSync(join(tmpdir(), 'infra-upload-'));
    writeFileSync(join(dir, 'Dockerfile'), 'FROM scratch\n');
    writeFileSync(join(dir, 'blob.bin'), randomBytes(4 * 1024 * 1024));
    term = new Tmux({ INFRA_API_URL: server.url, INFRA_TOKEN: 'test-token', INFRA_HTTP_TIMEOUT: '20s' });
    // One poll of the screen at a time: each blocks this process, which also runs the server.
    term.type(`infra serverless deploy ${CONTAINER_ID} --dir ${dir}; echo "exit=$?"`);
    const moving = await term.waitFor(/uploading \d+(\.\d)? (KiB|MiB) of 4\.0 MiB \(\d+%\) · \d+(\.\d)? (KiB|MiB)\/s · about \d+s left/, { timeoutMs: 20_000 });
    // A live line on a terminal, not the timestamped lines of a pipe.
    expect(moving).not.toMatch(/^\d{4}-\d\d-\d\dT/m);
    const screen = await term.waitFor(/^exit=\d+$/m, { timeoutMs: 20_000 });
    expect(screen).toMatch(/^exit=0$/m);
    expect(screen).toMatch(/uploaded 4\.0 MiB in \d+s/);
    expect(screen).toMatch(/^upload accepted: building$/m);
  });
});
