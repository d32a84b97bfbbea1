// Every command family, in the order `infra --help` lists them.
import type { Command } from 'commander';
import type { ActionFactory } from '../cli/program.js';
import { registerAuth } from './auth/index.js';
import { registerConfig } from './config/index.js';
import { registerVps } from './vps/index.js';
import { registerServerless } from './serverless/index.js';
import { registerDatabase } from './database/index.js';
import { registerCache } from './cache/index.js';
import { registerSnapshots } from './snapshots/index.js';
import { registerRecovery } from './recovery/index.js';
import { registerApi } from './api/index.js';
import { registerSim } from './sim/index.js';
import { registerCompletion } from './completion/index.js';

export function registerFamilies(program: Command, action: ActionFactory): void {
  for (const register of [registerAuth, registerConfig, registerServerless, registerVps, registerDatabase, registerCache, registerSnapshots, registerRecovery, registerApi, registerSim, registerCompletion]) {
    register(program, action);
  }
}
