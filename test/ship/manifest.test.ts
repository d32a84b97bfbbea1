// The manifest routes by path and alias before loading a command, so each line must say what
// its definition says: a missing alias is an "unknown command" for a command that exists.
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/commands/index.js';

describe('src/commands/index.ts', () => {
  it('each line names the path and aliases its definition declares', async () => {
    const mismatches: string[] = [];
    for (const entry of COMMANDS) {
      const def = await entry.load();
      const declared = { path: def.path.join(' '), aliases: [...(def.aliases ?? [])].sort() };
      const listed = { path: entry.path, aliases: [...(entry.aliases ?? [])].sort() };
      if (JSON.stringify(declared) !== JSON.stringify(listed)) mismatches.push(`${entry.path}: listed ${JSON.stringify(listed)}, declared ${JSON.stringify(declared)}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('lists each path once', () => {
    const paths = COMMANDS.map((c) => c.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });
});
