// The manifest routes by path and alias before loading a command, so each line must say what
// its definition says: a missing alias is an "unknown command" for a command that exists.
import { describe, expect, it } from 'vitest';
import { COMMANDS, FAMILIES } from '../../src/commands/index.js';

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

  // A family's descriptor lists its generic verbs; a verb it lists that no line names would be
  // a command nobody can run (and one the help never shows).
  it('names every verb a family descriptor lists', async () => {
    const paths = new Set(COMMANDS.map((c) => c.path));
    const unlisted: string[] = [];
    for (const family of FAMILIES) {
      const spec = await family.load();
      expect(spec.command).toBe(family.command);
      for (const word of Object.keys(spec.verbs ?? {})) if (!paths.has(`${family.command} ${word}`)) unlisted.push(`${family.command} ${word}`);
    }
    expect(FAMILIES.length).toBeGreaterThan(10);
    expect(unlisted).toEqual([]);
  });

  it('lists each path once', () => {
    const paths = COMMANDS.map((c) => c.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });
});
