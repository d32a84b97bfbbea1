import { listRun } from '../database/shared.js';

export const run = listRun('cache');
