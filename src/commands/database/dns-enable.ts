import { dnsRun } from './shared.js';

export const run = dnsRun('database', true);
