import { credentialsRun } from './shared.js';

export const run = credentialsRun('database');
