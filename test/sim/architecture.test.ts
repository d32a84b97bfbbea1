// The simulator's layers (issue 19): state ← http (the route toolkit) ← families ← handlers ←
// server. The world owns a registry that families register with, so state never imports a
// family; type-only imports count here too, since the circle the issue named ran through them.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { cyclesOf, layerViolations, sourceTree } from '../helpers/imports.js';

const SIM = join(ROOT, 'src', 'sim');
const tree = sourceTree(SIM);
const source = tree.source;
const simImports = (file: string, text: string) => tree.importsOf(file, text);

const GRAPH = tree.graph();
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

describe('simulator architecture', () => {
  it('reads the imports it judges (the walk is not empty and sees type imports)', () => {
    expect(source.size).toBeGreaterThan(40);
    expect(simImports('families/x.ts', "import type { World } from '../state/world.js';")).toEqual(['state/world.ts']);
    expect(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
        ]),
      ),
    ).toEqual(['a → b → a']);
  });

  it('has no import cycle in src/sim, type-only imports included', () => {
    expect(cyclesOf(GRAPH)).toEqual([]);
  });

  it('layers: state imports no family or handler, families import no handler', () => {
    expect(layerViolations(GRAPH, layer, ALLOWED)).toEqual([]);
  });

  it('every layer of src/sim is named in the table above', () => {
    expect([...new Set([...source.keys()].map(layer))].filter((l) => !(l in ALLOWED))).toEqual([]);
  });
});
