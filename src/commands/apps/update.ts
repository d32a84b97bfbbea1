import { resourceArg, defineCommand, required } from '../../cli/command.js';
import { nonEmpty } from '../../cli/options.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { updateAndWait } from '../resource/write-and-wait.js';
import { APPS } from './family.js';

export default defineCommand({
  path: ['apps', 'update'],
  description: 'move an app to another resource profile (the one setting the API changes); --wait until done',
  args: [resourceArg('<id>', 'app id or name', APPS.kind)],
  options: {
    profile: required('--profile <name>', "new resource profile (see 'infra apps catalog')", nonEmpty('--profile')),
    ...operationWaitOptions('update'),
  },
  examples: ['infra apps update shop-wp --profile large --wait', 'infra apps update journal --profile medium'],
  help: 'A change is refused (exit 1) while another operation runs on the app: wait for it first\n(infra apps wait <id>).',
  run: async (app, { args: [ref], opts }) => updateAndWait(app, APPS, ref, { resource_profile: opts.profile }, waitFlagsOf(opts)),
});
