import { dnsRun } from '../database/shared.js';

export const run = dnsRun('cache', false);
