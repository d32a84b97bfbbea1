import type { Command } from 'commander';
import type { ActionFactory } from '../../cli/program.js';

export function registerSnapshots(program: Command, action: ActionFactory): void {
  void program;
  void action;
}
