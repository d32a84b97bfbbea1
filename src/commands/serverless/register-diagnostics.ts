import type { Command } from 'commander';
import type { ActionFactory } from '../../cli/program.js';

export function registerDiagnostics(serverless: Command, action: ActionFactory): void {
  void serverless;
  void action;
}
