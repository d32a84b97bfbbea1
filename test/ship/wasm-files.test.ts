// undici's HTTP parser (llhttp, WebAssembly) ships in the CLI bundle as two .wasm files
// (dist/cli/wasm/, written by scripts/build.mjs), not as the base64 text undici keeps it in:
// that text was part of the pack's source on every run and, for the SIMD parser, of its cache
// entry too. This proves the files are undici's own bytes, that no chunk still carries the
// text, and that a real request through bin/infra compiles the parser from the file, the SIMD
// one by default and the plain one when undici is told to do without SIMD.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/cli.js';
import { simEnv, useSimulator, type Simulator } from '../helpers/sim.js';

const require = createRequire(join(ROOT, 'package.json'));
const PARSERS = [
  { file: 'llhttp_simd.wasm', bytes: require('undici/lib/llhttp/llhttp_simd-wasm.js') as Buffer },
  { file: 'llhttp.wasm', bytes: require('undici/lib/llhttp/llhttp-wasm.js') as Buffer },
];
const WASM_DIR = join(ROOT, 'dist', 'cli', 'wasm');

// Records the size of every WebAssembly module compiled (undici compiles its parser once).
const PROBE = `
const compiled = [];
const Original = WebAssembly.Module;
WebAssembly.Module = function (bytes, ...rest) { compiled.push(bytes.byteLength); return new Original(bytes, ...rest); };
process.on('exit', () => require('node:fs').writeFileSync(process.env.PROBE_OUT, JSON.stringify(compiled)));
`;

let sim: Simulator;
useSimulator((s) => (sim = s));

async function compiledSizes(argv: string[], extra: Record<string, string> = {}): Promise<{ sizes: number[]; stdout: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'infra-wasm-files-'));
  writeFileSync(join(dir, 'probe.cjs'), PROBE);
  const out = join(dir, 'compiled.json');
  const child = spawn(process.execPath, ['-r', join(dir, 'probe.cjs'), BIN, ...argv], {
    env: { PATH: process.env.PATH ?? '', INFRA_CONFIG_DIR: join(dir, 'config'), INFRA_CACHE_DIR: join(dir, 'cache'), PROBE_OUT: out, ...simEnv(sim), ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve));
  expect(code, stderr).toBe(0);
  return { sizes: JSON.parse(readFileSync(out, 'utf8')) as number[], stdout };
}

describe("undici's WebAssembly parser as files of the CLI bundle", () => {
  it.each(PARSERS)('dist/cli/wasm/$file is the bytes undici ships', ({ file, bytes }) => {
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(readFileSync(join(WASM_DIR, file)).equals(bytes)).toBe(true);
  });

  it('no chunk of the CLI bundle (nor the pack) holds either parser as text', () => {
    const cli = join(ROOT, 'dist', 'cli');
    const chunks = readdirSync(cli, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.cjs'));
    expect(chunks).toContain('pack.cjs');
    const marks = PARSERS.map((p) => p.bytes.toString('base64').slice(200, 264));
    for (const chunk of chunks) {
      const text = readFileSync(join(cli, chunk), 'latin1');
      for (const mark of marks) expect(text.includes(mark), chunk).toBe(false);
    }
  });

  it('a request compiles the SIMD parser from its file; without SIMD, the plain one; same answer', async () => {
    const argv = ['vps', 'list', '--json'];
    const simd = await compiledSizes(argv);
    expect(simd.sizes).toEqual([PARSERS[0]!.bytes.length]);
    const plain = await compiledSizes(argv, { UNDICI_NO_WASM_SIMD: '1' });
    expect(plain.sizes).toEqual([PARSERS[1]!.bytes.length]);
    expect(plain.stdout).toBe(simd.stdout);
    expect(JSON.parse(simd.stdout)).not.toEqual([]);
  });
});
