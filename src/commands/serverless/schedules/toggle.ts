// pause and resume: PATCH .../schedules/{schedule} `{enabled}` (the provider's client's verb).
import { resourceArg, defineCommand, type CommandDef } from '../../../cli/command.js';
import { CONTAINERS, CONTAINER_SCHEDULES } from '../../../client/families.js';
import { runsCall, runsTarget } from '../runs/shared.js';
import { findSchedule } from './shared.js';

export function toggleCommand(verb: 'pause' | 'resume'): CommandDef {
  const enabled = verb === 'resume';
  return defineCommand({
    path: ['serverless', 'schedules', verb],
    description: enabled ? 'resume a paused schedule (its runs start again)' : 'pause a schedule (no runs until resumed)',
    args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS), resourceArg('<schedule>', 'schedule name or id', CONTAINER_SCHEDULES)],
    examples: [`infra serverless schedules ${verb} web nightly-cleanup`],
    help: `Prints the schedule's id and state; --json the schedule as the API answered. ${enabled ? 'Resuming' : 'Pausing'} a schedule that already is ${enabled ? 'running' : 'paused'} changes nothing.`,
    run: async (app, { args: [ref, name] }) => {
      const t = await runsTarget(app, ref);
      const { value: s } = await findSchedule(app, t, name);
      const { value, raw } = await runsCall(t, t.api.setEnabled(t.id, s.id, enabled, { signal: app.ctx.signal }), { noun: 'schedule', ref: name });
      if (app.json) app.printJson(raw);
      else app.print(`${value.id}\t${value.enabled === false ? 'paused' : 'enabled'}`);
      app.info(`schedule ${s.name ?? s.id} of ${ref} ${enabled ? 'resumed' : 'paused'}${enabled && value.next_run_at ? `; next run ${value.next_run_at}` : ''}`);
    },
  });
}
