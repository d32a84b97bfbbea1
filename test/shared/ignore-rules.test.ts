// The ignore subset of serverless deploy, rule by rule (table-driven), and the packing walk.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isIgnored, parseIgnore, parseRule } from '../../src/shared/ignore-rules.js';
import { deploySource } from '../../src/commands/serverless/deploy-pack.js';
import { alwaysSkipped } from '../../src/commands/kit/pack-walk.js';

describe('ignore rules', () => {
  it.each([
    // [rules, path, isDir, ignored]
    ['*.log', 'debug.log', false, true],
    ['*.log', 'logs/deep/debug.log', false, true],
    ['*.log', 'debug.log.txt', false, false],
    ['/*.log', 'debug.log', false, true],
    ['/*.log', 'sub/debug.log', false, false],
    ['build/', 'build', true, true],
    ['build/', 'build', false, false],
    ['build/', 'src/build', true, true],
    ['/build/', 'src/build', true, false],
    ['docs/*.md', 'docs/a.md', false, true],
    ['docs/*.md', 'docs/sub/a.md', false, false],
    ['docs/*.md', 'x/docs/a.md', false, false],
    ['**/tmp', 'a/b/tmp', true, true],
    ['**/tmp', 'tmp', true, true],
    ['assets/**', 'assets/img/a.png', false, true],
    ['assets/**', 'assets', true, false],
    ['a/**/z', 'a/z', false, true],
    ['a/**/z', 'a/b/c/z', false, true],
    ['file?.txt', 'file1.txt', false, true],
    ['file?.txt', 'file10.txt', false, false],
    ['file?.txt', 'file/.txt', false, false],
    ['*.log\n!keep.log', 'keep.log', false, false],
    ['*.log\n!keep.log', 'drop.log', false, true],
    ['!keep.log\n*.log', 'keep.log', false, true],
    ['# a comment\n\n   \n', 'a comment', false, false],
    ['secret.txt   ', 'secret.txt', false, true],
    ['a.b', 'axb', false, false],
    ['[ab].txt', 'a.txt', false, false],
    ['[ab].txt', '[ab].txt', false, true],
  ] as const)('%j on %s (dir: %s) → ignored: %s', (text, path, isDir, ignored) => {
    expect(isIgnored(parseIgnore(text), path, isDir)).toBe(ignored);
  });

  it('blank lines, comments and a lone ! or / are no rules', () => {
    expect(['', '   ', '# x', '!', '/'].map(parseRule)).toEqual([null, null, null, null, null]);
  });

  it.each([
    ['.git', true, false, true],
    ['.git', true, true, true],
    ['node_modules', true, false, true],
    ['node_modules', true, true, false],
    ['node_modules', false, false, false],
    ['.github', true, false, false],
  ] as const)('%s (dir: %s, --include-node-modules: %s) always skipped: %s', (name, isDir, include, skipped) => {
    expect(alwaysSkipped(name, isDir, include)).toBe(skipped);
  });

  it('a directory left out is not entered: a ! rule cannot bring back a file inside it (as in git)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'infra-ign-'));
    mkdirSync(join(dir, 'out'));
    writeFileSync(join(dir, 'Dockerfile'), 'FROM x');
    writeFileSync(join(dir, 'out', 'keep.txt'), 'k');
    writeFileSync(join(dir, '.infraignore'), 'out/\n!out/keep.txt\n');
    const source = await deploySource({ dir });
    expect(source.kind === 'directory' && source.plan.files.map((f) => f.rel)).toEqual(['.infraignore', 'Dockerfile']);
  });

  it('the total limit names the largest files; exit 2 before anything is read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'infra-ign-'));
    writeFileSync(join(dir, 'Dockerfile'), 'FROM x');
    writeFileSync(join(dir, 'a.bin'), Buffer.alloc(600));
    writeFileSync(join(dir, 'b.bin'), Buffer.alloc(500));
    await expect(deploySource({ dir }, { maxTotalBytes: 1000 })).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/holds 1\.1 KiB to upload, over the 1000 B limit; nothing was sent/),
      hint: expect.stringContaining('a.bin (600 B), b.bin (500 B)'),
    });
  });
});
