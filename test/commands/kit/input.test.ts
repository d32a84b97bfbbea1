// The one reader of documents the user hands over: bounded, UTF-8 text only, the same words for
// every failure; and through bin/infra, the commands that take a file refuse what is not one
// with exit 2, one line, nothing sent.
import { mkdirSync, mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputProblem, MAX_INPUT_BYTES, readTextFileSync } from '../../../src/commands/kit/input.js';
import { spawnCli } from '../../helpers/cli.js';
import { requestLines, simEnv, useSimulator, type Simulator } from '../../helpers/sim.js';

const dir = mkdtempSync(join(tmpdir(), 'infra-input-'));
const file = (name: string, content: string | Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};
const problem = (path: string, max?: number) => {
  try {
    readTextFileSync(path, max);
  } catch (err) {
    expect(err).toBeInstanceOf(InputProblem);
    return (err as Error).message;
  }
  throw new Error(`${path} was read`);
};

describe('readTextFileSync', () => {
  it('reads UTF-8 text whole, a character split across reads included', () => {
    const text = `${'é'.repeat(40_000)}\nend`;
    expect(readTextFileSync(file('ok.txt', text))).toBe(text);
  });

  it('refuses, in words: missing, a directory, too big (measured, not read), endless, not UTF-8, binary', () => {
    expect(problem(join(dir, 'missing.json'))).toBe(`cannot read ${join(dir, 'missing.json')}: no such file`);
    mkdirSync(join(dir, 'sub'));
    expect(problem(join(dir, 'sub'))).toBe(`cannot read ${join(dir, 'sub')}: it is a directory`);
    const sparse = file('huge.json', '');
    truncateSync(sparse, 4 * 1024 * 1024 * 1024);
    expect(problem(sparse)).toBe(`${sparse} is 4.0 GiB, more than the 8.0 MiB it may hold`);
    expect(MAX_INPUT_BYTES).toBe(8 * 1024 * 1024);
    expect(problem('/dev/zero')).toBe('/dev/zero is larger than the 8.0 MiB it may hold');
    expect(problem(file('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9])))).toMatch(/latin1\.txt is not UTF-8 text$/);
    expect(problem(file('nul.bin', Buffer.from('a\0b')))).toMatch(/nul\.bin is not a text file$/);
    expect(problem(file('small.txt', 'x'.repeat(100)), 64)).toMatch(/small\.txt is 100 B, more than the 64 B it may hold$/);
  });
});

describe('commands that take a file, through bin/infra', () => {
  let sim: Simulator;
  useSimulator((s) => (sim = s));

  it.each([
    [['apply', '-f', '/dev/zero'], /^error: --file: \/dev\/zero is larger than the 8.0 MiB it may hold; nothing was sent$/m],
    [['serverless', 'apply', '-f', '/dev/zero'], /^error: --file: \/dev\/zero is larger than the 8.0 MiB it may hold; nothing was sent$/m],
    [['serverless', 'env', 'import', 'web', '/dev/zero'], /^error: \/dev\/zero is larger than the 8.0 MiB it may hold; nothing was sent$/m],
    [['ssh-keys', 'add', '/dev/zero', '--name', 'k'], /^error: \/dev\/zero is larger than the 64 KiB it may hold; nothing was sent$/m],
    [['api', '/vps', '--method', 'POST', '--input', '/dev/zero'], /^error: --input: \/dev\/zero is larger than the 8.0 MiB it may hold; nothing was sent$/m],
    [['storage', 'buckets', 'policy', 'set', 'acme-assets', '--file', dir], /^error: --file: cannot read .*: it is a directory; nothing was sent$/m],
  ])('infra %j: exit 2, one line, nothing sent', async (argv, line) => {
    const r = await spawnCli(argv, { env: simEnv(sim) });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(line);
    expect(r.stdout).toBe('');
    expect(requestLines(sim)).toEqual([]);
  });

  it('standard input is bounded too: 9 MiB piped into apply -f - is refused', async () => {
    const r = await spawnCli(['apply', '-f', '-'], { env: simEnv(sim), stdin: 'x'.repeat(9 * 1024 * 1024) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: the apply file \(-f -\): standard input holds more than the 8.0 MiB it may; nothing was sent$/m);
    expect(requestLines(sim)).toEqual([]);
  });
});
