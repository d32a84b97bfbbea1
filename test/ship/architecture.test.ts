// The shape of src/: dependencies flow one way (commands → rollout, diagnose, output →
// client; shared below everything), there are no import cycles, and the joins issue 13 named
// stay mended (no casts of command options, no process.env outside settings and context, no
// bare exit numbers outside the one table).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

const SRC = join(ROOT, 'src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

const ALL = files(SRC);
const rel = (f: string) => relative(SRC, f).replaceAll('\\', '/');
const source = new Map(ALL.map((f) => [rel(f), readFileSync(f, 'utf8')]));

/** The src files a file imports (static, `export from` and dynamic), as paths relative to src. */
function importsOf(file: string, withTypes = true): string[] {
  let text = source.get(file)!;
  // Type-only imports vanish at run time: they count for layering, not for cycles.
  if (!withTypes) text = text.replace(/(?:import|export) type [^;]*;/g, '');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specs.map((s) => rel(resolve(dirname(join(SRC, file)), s.replace(/\.js$/, '.ts')))).filter((f) => source.has(f));
}

const GRAPH = new Map([...source.keys()].map((f) => [f, importsOf(f)]));
const RUNTIME = new Map([...source.keys()].map((f) => [f, importsOf(f, false)]));
const layer = (f: string) => f.split('/')[0]!;

/** What each top-level folder may import (itself always). */
const ALLOWED: Record<string, readonly string[]> = {
  shared: [],
  client: ['shared'],
  output: ['client', 'shared'],
  rollout: ['client', 'shared'],
  diagnose: ['client', 'shared'],
  sim: ['client', 'shared'],
  commands: ['cli', 'client', 'output', 'rollout', 'diagnose', 'shared', 'sim'],
  cli: ['commands', 'client', 'output', 'shared', 'sim'],
  'lib.ts': ['client'],
};

describe('architecture', () => {
  it('dependencies flow one way', () => {
    const bad: string[] = [];
    for (const [file, deps] of GRAPH) {
      const from = layer(file);
      for (const dep of deps) {
        const to = layer(dep);
        if (to !== from && !(ALLOWED[from] ?? []).includes(to)) bad.push(`${file} → ${dep}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('there are no import cycles in src', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...path.slice(path.indexOf(f)), f].join(' → '));
        return;
      }
      state.set(f, 'open');
      for (const d of RUNTIME.get(f) ?? []) visit(d, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of RUNTIME.keys()) visit(f, []);
    expect(cycles).toEqual([]);
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
    const readers = ['cli/run.ts', 'cli/settings.ts', 'cli/context.ts', 'commands/completion/main.ts'];
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
