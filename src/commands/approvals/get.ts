// `approvals get <approval>`: one approval of GET /api/v1/approvals/{approval}.
import { arg, defineCommand } from '../../cli/command.js';
import { accountApi, approvalLines } from '../kit/approvals.js';

export default defineCommand({
  path: ['approvals', 'get'],
  description: "show one approval: what it decides, its status, the reviewer's reason, its review page",
  args: [arg('<approval>', "approval id (printed by 'infra account limits request')")],
  examples: ['infra approvals get 0b6d3a9e-2f41-4c8e-9a57-1e2f3a4b5c6d', 'infra approvals get 0b6d3a9e-2f41-4c8e-9a57-1e2f3a4b5c6d --json | jq -r .status'],
  run: async (app, { args: [id] }) => {
    const client = await app.client();
    const { approval, raw } = await accountApi(client).approval(id, { signal: app.ctx.signal });
    if (app.json) return app.printJson(raw);
    app.keyValue(approvalLines(approval));
    if (approval.terminal === false) app.hint(`follow it with: infra approvals wait ${id}`);
  },
});
