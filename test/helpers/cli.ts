// Running the CLI in tests: in-process through run() with captured streams (fast), or as a
// real process through bin/infra (for what only a process shows: exit, signals, TTY).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { run } from '../../src/program/run.js';
import type { Context } from '../../src/cli/context.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'infra');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export class Capture {
  text = '';
  constructor(
    public isTTY = false,
    public columns = 0,
  ) {}
  write(chunk: string | Uint8Array) {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }
}

/**
 * The API URL of a test that gives none: a closed port on loopback. The CLI's own default is
 * the real service, and a test must never reach the network: unset, a request fails closed.
 * A test that means "no URL given" passes INFRA_API_URL: undefined.
 */
export const CLOSED_API_URL = 'http://127.0.0.1:9';

export function tempConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'infra-test-'));
}

export interface InProcessOptions extends Partial<Omit<Context, 'env' | 'stdin'>> {
  env?: Record<string, string | undefined>;
  stdin?: string;
  stdinTTY?: boolean;
}

/** Runs the CLI in this process. The environment is only what the test gives (plus a fresh config dir). */
export async function runCli(argv: string[], opts: InProcessOptions = {}): Promise<CliResult> {
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = Readable.from(opts.stdin === undefined ? [] : [opts.stdin]) as Readable & { isTTY?: boolean };
  stdin.isTTY = opts.stdinTTY ?? false;
  const { env, stdin: _s, stdinTTY: _t, ...rest } = opts;
  const code = await run(argv, {
    stdout,
    stderr,
    stdin,
    env: { INFRA_CONFIG_DIR: tempConfigDir(), INFRA_API_URL: CLOSED_API_URL, ...env },
    ...rest,
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

export interface SpawnOptions {
  env?: Record<string, string | undefined>;
  stdin?: string;
  timeoutMs?: number;
  /** Called with the child once it started (to send signals). */
  onSpawn?: (child: ReturnType<typeof spawn>) => void;
  /** Called with all stdout so far whenever more arrives (to act when a line shows). */
  onStdout?: (text: string, child: ReturnType<typeof spawn>) => void;
  /** Leave stdin open (the test ends it); `stdin` is then not written. */
  stdinOpen?: boolean;
  /** The working directory of the process (default: the test's own). */
  cwd?: string;
}

/** Runs bin/infra as a real process with exactly the environment given (no inherited CI, NO_COLOR...). */
export function spawnCli(argv: string[], opts: SpawnOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    // Names are not remembered between processes (the cache directory is shared by every test): a test that wants it says INFRA_REMEMBER_NAMES: undefined.
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      INFRA_CONFIG_DIR: tempConfigDir(),
      INFRA_API_URL: CLOSED_API_URL,
      INFRA_REMEMBER_NAMES: '0',
    };
    // A key given as undefined removes it (INFRA_API_URL: undefined, to test the default).
    for (const [k, v] of Object.entries(opts.env ?? {})) {
      if (v !== undefined) env[k] = v;
      else if (k in (opts.env ?? {})) delete env[k];
    }
    const child = spawn(process.execPath, [BIN, ...argv], { env, stdio: ['pipe', 'pipe', 'pipe'], ...(opts.cwd ? { cwd: opts.cwd } : {}) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      opts.onStdout?.(stdout, child);
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`infra ${argv.join(' ')} did not finish within ${opts.timeoutMs ?? 15000} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, opts.timeoutMs ?? 15_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : -1), stdout, stderr });
    });
    // A process may stop reading and exit before all of stdin is written (a bounded reader
    // refusing a large input): the rest is EPIPE, which is the test's expectation, not an error.
    child.stdin.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') reject(err);
    });
    if (!opts.stdinOpen) child.stdin.end(opts.stdin ?? '');
    opts.onSpawn?.(child);
  });
}

/** The one JSON object a command printed; fails when stdout holds anything else. */
export function onlyJson(stdout: string): Record<string, unknown> {
  const text = stdout.trim();
  if (!text.startsWith('{') || !text.endsWith('}')) throw new Error(`stdout is not one JSON object: ${stdout}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * stderr of a run with --json, its error object (the last line) said again as the text lines
 * it stands for (`error: …`, its details, `hint: …`), so a test of the words reads both forms.
 * stderr without an error object is returned as it is.
 */
export function errorText(stderr: string): string {
  const lines = stderr.trimEnd().split('\n');
  const last = lines.at(-1) ?? '';
  if (!last.startsWith('{"error":')) return stderr;
  const e = (JSON.parse(last) as { error: { message: string; details: string[]; hint: string | null; fields: Record<string, string[]> } }).error;
  const fields = Object.entries(e.fields).flatMap(([f, msgs]) => msgs.map((m) => `  ${f}: ${m}`));
  const said = [`error: ${e.message}`, ...fields, ...e.details, ...(e.hint ? [`hint: ${e.hint}`] : [])];
  return [...lines.slice(0, -1), ...said].join('\n') + '\n';
}
