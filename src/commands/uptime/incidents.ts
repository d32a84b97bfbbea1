import { field } from '../resource/family.js';
import { rowsCommand } from '../resource/rows.js';
import { UPTIME } from './family.js';

export default rowsCommand(UPTIME, {
  verb: 'incidents',
  sub: 'incidents',
  description: 'the outages of a check: when each started and ended, and the first error',
  columns: [
    { header: 'ID', value: (r) => field(r, 'id') ?? '' },
    { header: 'STARTED', value: (r) => field(r, 'started_at') ?? '' },
    { header: 'ENDED', value: (r) => (r.ongoing === true ? 'ongoing' : (field(r, 'ended_at') ?? '')) },
    { header: 'FIRST ERROR', value: (r) => field(r, 'first_error') ?? '', fit: { kind: 'text', min: 16 } },
  ],
  empty: 'no incidents: the check has not been down',
  examples: ['infra uptime incidents api-health', "infra uptime incidents api-health --json | jq '.[] | select(.ongoing)'"],
});
