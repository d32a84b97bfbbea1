// The design lives in the repository and stays findable: every section of docs/behaviour.md
// that a comment in src/ cites exists, comments cite no document the repository does not
// hold (a numbered "contract"/"spec" section, an issue number), and the README stays a
// short first page (the long read is in docs/).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f));
}

const SOURCES = sourceFiles(join(ROOT, 'src')).map((file) => ({ file: file.slice(ROOT.length), text: readFileSync(file, 'utf8') }));
const anchors = new Set([...readFileSync(join(ROOT, 'docs', 'behaviour.md'), 'utf8').matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!));

describe('the design in the repository', () => {
  it('every docs/behaviour.md#section a comment cites exists', () => {
    const missing = SOURCES.flatMap(({ file, text }) => [...text.matchAll(/docs\/behaviour\.md#([a-z0-9-]+)/g)].filter((m) => !anchors.has(m[1]!)).map((m) => `${file}: #${m[1]}`));
    expect(missing).toEqual([]);
    expect(anchors.size).toBeGreaterThan(20);
  });

  it('no comment cites a numbered section of a document outside the repository, or an issue number', () => {
    const outside = /\b(contract|spec) (section )?\d|\brule \d+[a-d]?\b|§|\bissue #?\d+/i;
    const found = SOURCES.flatMap(({ file, text }) =>
      text
        .split('\n')
        .map((line, i) => [line, i + 1] as const)
        .filter(([line]) => outside.test(line))
        .map(([line, n]) => `${file}:${n}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it('no test reads a file outside the checkout (it would skip or fail on any other machine)', () => {
    // Spelled in pieces so this file does not match itself.
    const outside = new RegExp(['[\'"`]/wo' + 'rk/', '\\.\\./sha' + 'red/', "join\\(ROOT, '\\.\\.'"].join('|'));
    const tests = sourceFiles(join(ROOT, 'test')).filter((file) => outside.test(readFileSync(file, 'utf8')));
    expect(tests.map((file) => file.slice(ROOT.length))).toEqual([]);
  });

  it('the README is a first page: under 15 KB, with the long read in docs/', () => {
    expect(statSync(join(ROOT, 'README.md')).size).toBeLessThan(15_000);
    for (const page of ['architecture', 'behaviour', 'decisions', 'performance', 'wire-format', 'simulator', 'development']) {
      expect(statSync(join(ROOT, 'docs', `${page}.md`)).isFile(), page).toBe(true);
    }
  });
});
