// A big deploy through a slow link, measured: `serverless deploy` of a 100 MiB build context
// (incompressible: the archive is as big) through bin/infra to a loopback server that reads
// the upload at 2 MB/s (the request stream paused between slices). It must complete, show its
// progress (a plain line every 10 s on a pipe), and keep the process's peak memory under
// 150 MB (measured by /usr/bin/time -v, else by polling /proc/<pid>/status VmHWM): the archive
// is written to a temporary file and streamed, never held in memory. Not a unit test: it
// takes about a minute. Run `npm run build` first.
// Usage: node scripts/bench-upload.mjs [--mib N] [--rate BYTES_PER_S]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const MIB = arg('--mib', 100);
const RATE = arg('--rate', 2_000_000);
const RSS_LIMIT_MB = 150;
const ID = '0b6f3c1e-5a2d-4c7e-9f10-2b3c4d5e6f70';

// The build context: files of at most 25 MiB (one file may be 50 MiB at most).
const dir = mkdtempSync(join(tmpdir(), 'infra-bench-upload-'));
writeFileSync(join(dir, 'Dockerfile'), 'FROM scratch\nCOPY . /\n');
for (let left = MIB, i = 0; left > 0; i++, left -= 25) writeFileSync(join(dir, `blob-${i}.bin`), randomBytes(Math.min(25, left) * 1024 * 1024));

let received = 0;
let complete = false;
const server = createServer((req, res) => {
  const send = (status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'GET' && req.url === `/api/v1/serverless/${ID}`)
    return send(200, { container: { id: ID, name: 'web', slug: 'web', status: 'running', spec_generation: 1, observed_generation: 1 }, metrics: [], url: '', monthly_cost: 0 });
  if (req.method !== 'POST') return send(404, { message: 'not here' });
  const slice = RATE / 20;
  let budget = slice;
  req.on('data', (chunk) => {
    received += chunk.length;
    budget -= chunk.length;
    if (budget > 0) return;
    req.pause();
    setTimeout(() => req.resume(), Math.ceil(((slice - budget) / RATE) * 1000));
    budget = slice;
  });
  req.on('end', () => {
    complete = true;
    send(202, { message: 'Deployment initiated.', container_id: ID, status: 'building' });
  });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}`;

const timeV = existsSync('/usr/bin/time');
const argv = [join(ROOT, 'bin', 'infra'), 'serverless', 'deploy', ID, '--dir', dir];
const env = { PATH: process.env.PATH, HOME: tmpdir(), INFRA_API_URL: url, INFRA_TOKEN: 'bench', INFRA_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'infra-bench-cfg-')) };
const started = Date.now();
const child = timeV ? spawn('/usr/bin/time', ['-v', process.execPath, ...argv], { env }) : spawn(process.execPath, argv, { env });
let stderr = '';
child.stderr.on('data', (d) => {
  stderr += d;
});
// Without /usr/bin/time: the peak as the kernel keeps it, read while the process lives.
let polledKb = 0;
const poll = timeV
  ? undefined
  : setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) polledKb = Math.max(polledKb, Number(m[1]));
      } catch {}
    }, 100);
const code = await new Promise((r) => child.on('close', r));
clearInterval(poll);
const seconds = (Date.now() - started) / 1000;
server.close();
rmSync(dir, { recursive: true, force: true });

const peakKb = timeV ? Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? 0) : polledKb;
const progressLines = stderr.split('\n').filter((l) => /uploading .* of .*\/s/.test(l));
console.log(`deploy of ${MIB} MiB at ${(RATE / 1e6).toFixed(1)} MB/s: exit ${code}, ${seconds.toFixed(1)} s, ${(received / 1048576).toFixed(1)} MiB received${complete ? ' (complete)' : ''}`);
console.log(`peak RSS: ${(peakKb / 1024).toFixed(1)} MB (limit ${RSS_LIMIT_MB} MB; ${timeV ? '/usr/bin/time -v' : '/proc VmHWM'})`);
console.log(`progress lines: ${progressLines.length}${progressLines.length ? `, the last: ${progressLines.at(-1).replace(/^\S+ /, '')}` : ''}`);
const ok = code === 0 && complete && peakKb > 0 && peakKb / 1024 < RSS_LIMIT_MB && progressLines.length > 0;
if (!ok) {
  console.log(stderr);
  process.exitCode = 1;
}
