// The whole command tree with no-op actions, for what only reads it: help texts, the man
// page, completion scripts.
import type { Command } from 'commander';
import { COMMANDS, GROUPS } from '../commands/index.js';
import { buildProgram } from '../cli/program.js';

export async function loadTree(): Promise<Command> {
  const defs = await Promise.all(COMMANDS.map((c) => c.load()));
  return buildProgram(defs, GROUPS, { handler: () => async () => {} });
}
