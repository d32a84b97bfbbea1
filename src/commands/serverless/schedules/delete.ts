// `infra serverless schedules delete <id> <schedule>`: DELETE .../schedules/{schedule}, with
// the confirmation of every delete (type the name on a terminal; --yes otherwise, never a
// prompt in CI).
import { resourceArg, defineCommand, flag } from '../../../cli/command.js';
import { CONTAINERS, CONTAINER_SCHEDULES } from '../../../client/families.js';
import { confirmByName, needConfirmation } from '../../resource/confirm.js';
import { runsCall, runsTarget } from '../runs/shared.js';
import { findSchedule } from './shared.js';

export default defineCommand({
  path: ['serverless', 'schedules', 'delete'],
  description: 'delete a schedule (asks to type its name on a terminal; --yes otherwise)',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS), resourceArg('<schedule>', 'schedule name or id', CONTAINER_SCHEDULES)],
  options: { yes: flag('-y, --yes', 'delete without asking') },
  examples: ['infra serverless schedules delete web nightly-cleanup', 'infra serverless schedules delete web nightly-cleanup --yes'],
  help: 'Runs already started by the schedule are not stopped.',
  run: async (app, { args: [ref, name], opts }) => {
    needConfirmation(app, `delete schedule ${name}`, opts.yes);
    const t = await runsTarget(app, ref);
    const { value: s } = await findSchedule(app, t, name);
    const label = s.name ?? s.id;
    await confirmByName(app, `Delete schedule ${label} (id ${s.id}) of ${ref}? This cannot be undone.`, label, opts.yes);
    await runsCall(t, t.api.deleteSchedule(t.id, s.id, { signal: app.ctx.signal }), { noun: 'schedule', ref: name });
    if (app.json) app.printJson({ id: s.id, name: s.name ?? null, deleted: true });
    app.info(`schedule ${label} of ${ref} deleted`);
  },
});
