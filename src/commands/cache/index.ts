import type { Command } from 'commander';
import type { ActionFactory } from '../../cli/program.js';
import { registerDatastore } from '../database/index.js';

export function registerCache(program: Command, action: ActionFactory): void {
  registerDatastore(program, action, 'cache');
}
