// What a followed run prints of its log on each poll (the logs route answers the whole text
// every time): only what is new, whole lines while the run goes on, a rewrite said once;
// and the exit code a run's outcome gives.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_EXIT_RULES, RunExitCode, runExitCode } from '../../../src/shared/exit-codes.js';
import { ROOT } from '../../helpers/cli.js';
import { INITIAL_TAIL, tailStep, type TailState } from '../../../src/commands/serverless/runs/log-tail.js';

/** Feeds answers in order; returns what was printed and the remarks made. */
function feed(answers: readonly (readonly [text: string, final: boolean])[]): { out: string[]; notices: string[] } {
  let state: TailState = INITIAL_TAIL;
  const out: string[] = [];
  const notices: string[] = [];
  for (const [text, final] of answers) {
    const step = tailStep(state, text, final);
    state = step.state;
    out.push(step.out);
    if (step.notice) notices.push(step.notice);
  }
  return { out, notices };
}

describe('tailStep', () => {
  it.each([
    [
      'prints only what is new',
      [
        ['a\n', false],
        ['a\nb\n', false],
        ['a\nb\nc\n', true],
      ],
      ['a\n', 'b\n', 'c\n'],
      0,
    ],
    [
      'holds a half-written line until it ends',
      [
        ['a\nhal', false],
        ['a\nhalf\n', false],
      ],
      ['a\n', 'half\n'],
      0,
    ],
    [
      'prints a half-written line at the end, with a newline',
      [
        ['a\nlast', false],
        ['a\nlast', true],
      ],
      ['a\n', 'last\n'],
      0,
    ],
    [
      'nothing new: nothing printed',
      [
        ['a\n', false],
        ['a\n', false],
        ['a\n', true],
      ],
      ['a\n', '', ''],
      0,
    ],
    [
      'an empty answer changes nothing',
      [
        ['a\n', false],
        ['', false],
        ['a\nb\n', true],
      ],
      ['a\n', '', 'b\n'],
      0,
    ],
    [
      'shorter: said once, printed from its start',
      [
        ['a\nb\nc\n', false],
        ['x\n', false],
        ['x\ny\n', true],
      ],
      ['a\nb\nc\n', 'x\n', 'y\n'],
      1,
    ],
    [
      'changed at the start: said once, printed again',
      [
        ['live 1\n', false],
        ['stored 1\nstored 2\n', true],
      ],
      ['live 1\n', 'stored 1\nstored 2\n'],
      1,
    ],
    [
      'a log that keeps only its end: only what follows what was shown',
      [
        ['1\n2\n3\n', false],
        ['2\n3\n4\n', false],
        ['3\n4\n5\n', true],
      ],
      ['1\n2\n3\n', '4\n', '5\n'],
      1,
    ],
    [
      'a second rewrite is not said again',
      [
        ['a\n', false],
        ['b\n', false],
        ['c\n', true],
      ],
      ['a\n', 'b\n', 'c\n'],
      1,
    ],
  ] as const)('%s', (_what, answers, printed, notices) => {
    const r = feed(answers);
    expect(r.out).toEqual(printed);
    expect(r.notices).toHaveLength(notices);
  });
});

describe('the exit code of a terminal run', () => {
  it.each([
    ['succeeded', 0, 0],
    ['failed', 3, 3],
    ['failed', 255, 255],
    ['failed', null, 1],
    ['failed', 0, 1],
    ['failed', 300, 1],
    ['timed_out', null, 124],
    ['cancelled', null, 125],
    ['exploded', null, 1],
  ] as const)('%s with exit code %j → %i', (status, exitCode, expected) => {
    expect(runExitCode(status, exitCode)).toBe(expected);
  });

  it('the README documents each rule beside the exit-code table', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const [code] of RUN_EXIT_RULES) expect(readme).toMatch(new RegExp(`\\n\\| ${code} \\| `));
    expect(RUN_EXIT_RULES.map(([c]) => c)).toEqual(['0', '1-255', String(RunExitCode.TIMED_OUT), String(RunExitCode.CANCELLED)]);
  });
});
