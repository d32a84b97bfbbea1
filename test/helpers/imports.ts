// The import graph of a folder of src/, read as text, for the architecture tests: which files
// import which (static, `export from`, dynamic; type-only ones optionally dropped), the import
// cycles, and the imports that cross layers a table does not allow.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

export interface SourceTree {
  /** Each .ts file under the root, by its path relative to the root, with its text. */
  source: Map<string, string>;
  /** The files of the tree a text imports, relative to the root; `withTypes: false` drops type-only imports. */
  importsOf(file: string, text?: string, withTypes?: boolean): string[];
  graph(withTypes?: boolean): Map<string, string[]>;
}

export function sourceTree(root: string): SourceTree {
  const rel = (f: string) => relative(root, f).replaceAll('\\', '/');
  const source = new Map(files(root).map((f) => [rel(f), readFileSync(f, 'utf8')]));
  const importsOf = (file: string, text = source.get(file) ?? '', withTypes = true) => {
    // Type-only imports vanish at run time: they count for layering, not always for cycles.
    const code = withTypes ? text : text.replace(/(?:import|export) type [^;]*;/g, '');
    const specs = [...code.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
    return specs.map((s) => rel(resolve(dirname(join(root, file)), s.replace(/\.js$/, '.ts')))).filter((f) => !f.startsWith('..'));
  };
  return { source, importsOf, graph: (withTypes = true) => new Map([...source].map(([f, t]) => [f, importsOf(f, t, withTypes)])) };
}

/** Every import cycle, each as `a → b → a`. */
export function cyclesOf(graph: Map<string, string[]>): string[] {
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

/** The imports from one layer into another that `allowed` (what each layer may import besides itself) does not list. */
export function layerViolations(graph: Map<string, string[]>, layer: (file: string) => string, allowed: Record<string, readonly string[]>): string[] {
  const bad: string[] = [];
  for (const [file, deps] of graph) {
    const from = layer(file);
    for (const dep of deps) {
      const to = layer(dep);
      if (to !== from && !(allowed[from] ?? []).includes(to)) bad.push(`${file} → ${dep}`);
    }
  }
  return bad;
}
