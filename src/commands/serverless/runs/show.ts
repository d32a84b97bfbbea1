// `infra serverless runs show <id> <run>`: one run in full (GET .../runs/{run}).
import { resourceArg, defineCommand } from '../../../cli/command.js';
import { CONTAINERS, CONTAINER_RUNS } from '../../../client/families.js';
import { age } from '../../../output/age.js';
import { commandText, durationText, runCommands, runsCall, runsTarget, resolveRun } from './shared.js';

export default defineCommand({
  path: ['serverless', 'runs', 'show'],
  description: 'one run: status, exit code, command, image, times',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS), resourceArg('<run>', 'run id (from infra serverless run or runs list)', CONTAINER_RUNS)],
  examples: ['infra serverless runs show web 0b5c1d2e-8f3a-4c6b-9d7e-1a2b3c4d5e6f', 'infra serverless runs show web 0b5c1d2e-8f3a-4c6b-9d7e-1a2b3c4d5e6f --json | jq .exit_code'],
  run: async (app, { args: [ref, runRef] }) => {
    const t = await runsTarget(app, ref);
    const runId = await resolveRun(t, runRef, app.ctx.signal);
    const { value: r, raw } = await runsCall(t, t.api.get(t.id, runId, { signal: app.ctx.signal }), { noun: 'run', ref: runId });
    if (app.json) {
      app.printJson(raw);
      return;
    }
    const now = app.ctx.clock.now();
    const when = (iso: string | null | undefined) => (iso ? `${iso} (${age(iso, now)})` : undefined);
    app.keyValue([
      ['id', r.id],
      ['container', `${ref}${t.id !== ref ? ` (${t.id})` : ''}`],
      ['status', r.status ?? 'unknown'],
      ['exit code', r.exit_code === undefined || r.exit_code === null ? undefined : String(r.exit_code)],
      ['message', r.message ?? undefined],
      ['command', commandText(r.command)],
      ['image', r.image ?? undefined],
      ['env', r.env_keys.length ? r.env_keys.join(', ') : undefined],
      ['timeout', r.timeout_seconds === undefined || r.timeout_seconds === null ? undefined : durationText(r.timeout_seconds)],
      ['created', when(r.created_at)],
      ['started', when(r.started_at)],
      ['finished', when(r.finished_at)],
      ['duration', durationText(r.duration_seconds) || undefined],
    ]);
    const cmds = runCommands(ref, r.id);
    if (r.terminal === false) app.hint(`still going: follow it with '${cmds.wait}', stop it with '${cmds.cancel}'`);
    else app.hint(`its log: ${cmds.logs}`);
  },
});
