// The shape of src/: dependencies flow one way (commands → wait, diagnose, output →
// client; shared below everything), there are no import cycles, and the joins issue 13 named
// stay mended (no casts of command options, no process.env outside settings and context, no
// bare exit numbers outside the one table).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { cyclesOf, layerViolations, sourceTree } from '../helpers/imports.js';

const SRC = join(ROOT, 'src');
const tree = sourceTree(SRC);
const source = tree.source;

const GRAPH = tree.graph();
const RUNTIME = tree.graph(false);
const layer = (f: string) => f.split('/')[0]!;

/** What each top-level folder may import (itself always). */
const ALLOWED: Record<string, readonly string[]> = {
  shared: [],
  client: ['shared'],
  output: ['client', 'shared'],
  wait: ['client', 'shared'],
  diagnose: ['client', 'shared'],
  sim: ['client', 'shared'],
  commands: ['cli', 'client', 'output', 'wait', 'diagnose', 'shared', 'sim'],
  // The command framework: what commands import. It never reaches back up to them.
  cli: ['client', 'output', 'shared'],
  // The program's entry: the only place that knows the command index.
  program: ['cli', 'commands', 'client', 'output', 'shared', 'sim'],
  'lib.ts': ['client'],
};

describe('architecture', () => {
  it('dependencies flow one way', () => {
    expect(layerViolations(GRAPH, layer, ALLOWED)).toEqual([]);
  });

  // A family is a folder of src/commands (vps, database, alerts...). What two families use
  // lives in commands/resource (the generic verbs and what builds on a family's spec) or
  // commands/kit (helpers without a family); only the command index names every family.
  const familyOf = (f: string) => (f.startsWith('commands/') && f.split('/').length > 2 ? f.split('/')[1]! : undefined);
  const SHARED = ['kit', 'resource'];

  it('no family imports another family', () => {
    const crossings = [...GRAPH].flatMap(([f, deps]) => {
      const own = familyOf(f);
      if (!own) return [];
      const allowed = SHARED.includes(own) ? SHARED : [own, ...SHARED];
      return deps.filter((d) => familyOf(d) && !allowed.includes(familyOf(d)!)).map((d) => `${f} → ${d}`);
    });
    expect(crossings).toEqual([]);
  });

  it('helpers shared by families live in commands/kit or commands/resource, never in a commands/shared', () => {
    expect([...source.keys()].filter((f) => f.startsWith('commands/shared/'))).toEqual([]);
  });

  // What is waited for that is no family (a run, a build, an operation, an approval) hands the
  // wait its read and words (readSubject); a stand-in family would lend it a family's routes.
  it('only a family declares a family descriptor: nothing poses as one to reach the wait', () => {
    const hits = [...source].filter(([f, t]) => f.startsWith('commands/') && !f.endsWith('/family.ts') && /:\s*FamilySpec\s*=\s*\{/.test(t)).map(([f]) => f);
    expect(hits).toEqual([]);
  });

  it('there are no import cycles in src', () => {
    expect(cyclesOf(RUNTIME)).toEqual([]);
  });

  it('commands read typed values: no casts of options or arguments', () => {
    const hits = [...source].filter(([f]) => f.startsWith('commands/')).flatMap(([f, t]) => [...t.matchAll(/\b(opts\.\w+|args\[\d\]) as\b|String\(args\[/g)].map((m) => `${f}: ${m[0]}`));
    expect(hits).toEqual([]);
  });

  it("undici's internal modules are imported in src/client/undici.ts only", () => {
    const hits = [...source].filter(([f, t]) => /['"]undici\/lib\//.test(t) && f !== 'client/undici.ts').map(([f]) => f);
    expect(hits).toEqual([]);
  });

  it('the environment is read in settings, context and the entries only', () => {
    const readers = ['program/run.ts', 'cli/settings.ts', 'cli/context.ts', 'commands/completion/entry.ts'];
    const hits = [...source].filter(([f, t]) => /process\.env/.test(t) && !readers.includes(f) && !f.startsWith('sim/')).map(([f]) => f);
    expect(hits).toEqual([]);
  });

  it('exit codes are named from the one table', () => {
    const hits = [...source]
      .filter(([f]) => f !== 'shared/exit-codes.ts' && !f.startsWith('sim/'))
      .flatMap(([f, t]) => [...t.matchAll(/new (?:CliError|UsageError)\(\d|exitCode: \d|code: \d+[,}]/g)].map((m) => `${f}: ${m[0]}`));
    expect(hits).toEqual([]);
  });
});
