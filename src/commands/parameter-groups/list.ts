import { listCommand } from '../resource/list.js';
import { PARAMETER_GROUPS } from './family.js';

export default listCommand(PARAMETER_GROUPS, ['infra parameter-groups list --json | jq -r \'.[] | select(.type == "queue") | .name\'']);
