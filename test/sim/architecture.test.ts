// The simulator's layers (issue 19): state ← http (the route toolkit) ← families ← handlers ←
// server. The world owns a registry that families register with, so state never imports a
// family; type-only imports count here too, since the circle the issue named ran through them.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';

const SIM = join(ROOT, 'src', 'sim');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

const rel = (f: string) => relative(SIM, f).replaceAll('\\', '/');
const source = new Map(files(SIM).map((f) => [rel(f), readFileSync(f, 'utf8')]));

/** The src/sim files a file imports (static, type-only, `export from`, dynamic), relative to src/sim. */
function simImports(file: string, text: string): string[] {
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return specs.map((s) => rel(resolve(dirname(join(SIM, file)), s.replace(/\.js$/, '.ts')))).filter((f) => !f.startsWith('..'));
}

const GRAPH = new Map([...source].map(([f, t]) => [f, simImports(f, t)]));
const layer = (f: string) => (f.includes('/') ? f.split('/')[0]! : f);

/** What each layer of src/sim may import besides itself. */
const ALLOWED: Record<string, readonly string[]> = {
  'clock.ts': [],
  'openapi.ts': [],
  state: ['clock.ts'],
  http: ['state', 'clock.ts'],
  families: ['http', 'state', 'clock.ts'],
  handlers: ['families', 'http', 'state', 'clock.ts', 'openapi.ts'],
  'server.ts': ['handlers', 'families', 'state'],
  'cli.ts': ['server.ts'],
};

function cyclesOf(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  const mark = new Map<string, 'open' | 'done'>();
  const visit = (f: string, path: string[]) => {
    if (mark.get(f) === 'done') return;
    if (mark.get(f) === 'open') {
      found.push([...path.slice(path.indexOf(f)), f].join(' → '));
      return;
    }
    mark.set(f, 'open');
    for (const d of graph.get(f) ?? []) visit(d, [...path, f]);
    mark.set(f, 'done');
  };
  for (const f of graph.keys()) visit(f, []);
  return found;
}

describe('simulator architecture', () => {
  it('reads the imports it judges (the walk is not empty and sees type imports)', () => {
    expect(source.size).toBeGreaterThan(40);
    expect(simImports('families/x.ts', "import type { World } from '../state/world.js';")).toEqual(['state/world.ts']);
    expect(cyclesOf(new Map([['a', ['b']], ['b', ['a']]]))).toEqual(['a → b → a']);
  });

  it('has no import cycle in src/sim, type-only imports included', () => {
    expect(cyclesOf(GRAPH)).toEqual([]);
  });

  it('layers: state imports no family or handler, families import no handler', () => {
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

  it('every layer of src/sim is named in the table above', () => {
    expect([...new Set([...source.keys()].map(layer))].filter((l) => !(l in ALLOWED))).toEqual([]);
  });
});
