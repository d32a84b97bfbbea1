import type { Command } from 'commander';
import type { ActionFactory } from '../../cli/program.js';
import { registerRollout } from './register-rollout.js';
import { registerDiagnostics } from './register-diagnostics.js';

export function registerServerless(program: Command, action: ActionFactory): void {
  const serverless = program
    .command('serverless')
    .description('serverless containers: rollouts, status, logs and diagnosis');
  registerRollout(serverless, action);
  registerDiagnostics(serverless, action);
}
