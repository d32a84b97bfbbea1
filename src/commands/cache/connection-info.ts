import { credentialsRun } from '../database/shared.js';

export const run = credentialsRun('cache');
