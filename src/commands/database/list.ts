import { listRun } from './shared.js';

export const run = listRun('database');
