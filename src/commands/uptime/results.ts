import { field } from '../resource/family.js';
import { rowsCommand } from '../resource/rows.js';
import { UPTIME } from './family.js';

export default rowsCommand(UPTIME, {
  verb: 'results',
  sub: 'results',
  description: 'the latest results of a check: when, up or down, status, response time, error',
  columns: [
    { header: 'CHECKED AT', value: (r) => field(r, 'checked_at') ?? '' },
    { header: 'RESULT', value: (r) => (r.ok === true ? 'up' : r.ok === false ? 'down' : '') },
    { header: 'STATUS', value: (r) => field(r, 'status_code') ?? '' },
    { header: 'TIME', value: (r) => (field(r, 'response_time_ms') ? `${field(r, 'response_time_ms')} ms` : '') },
    { header: 'ERROR', value: (r) => field(r, 'error') ?? '', fit: { kind: 'text', min: 16 } },
  ],
  empty: 'no results yet: the check has not run (infra uptime test <id> runs it now)',
  examples: ['infra uptime results api-health', 'infra uptime results api-health --limit 10', "infra uptime results api-health --json | jq '[.[] | select(.ok | not)] | length'"],
  note: (raw) => {
    const days = (raw.meta as Record<string, unknown> | undefined)?.retention_days;
    return typeof days === 'number' ? `results are kept ${days} days` : undefined;
  },
});
