import { listCommand } from '../resource/list.js';
import { QUEUE } from './family.js';

export default listCommand(QUEUE, ['infra queue list --json | jq -r \'.[] | select(.status == "running") | .name\'']);
