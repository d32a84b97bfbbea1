import type { Command } from 'commander';
import type { ActionFactory } from '../../cli/program.js';

export function registerCache(program: Command, action: ActionFactory): void {
  void program;
  void action;
}
