// `infra storage buckets policy get <bucket>`: GET .../policy → `{custom_policy_statements,
// effective_policy, status}`. People get the counts and the effective policy as JSON (the
// statements' fields are the S3 policy language's, shown as written); --json the answer.
import { resourceArg, defineCommand } from '../../../cli/command.js';
import { BUCKETS } from './family.js';

export default defineCommand({
  path: ['storage', 'buckets', 'policy', 'get'],
  description: "show a bucket's policy: its own statements and the effective policy",
  args: [resourceArg('<bucket>', 'bucket id or name', BUCKETS.kind)],
  examples: ['infra storage buckets policy get acme-assets', "infra storage buckets policy get acme-assets --json | jq '.custom_policy_statements'"],
  run: async (app, { args: [ref] }) => {
    const client = await app.client();
    const { id } = await client.resources.resolve(BUCKETS.kind, ref, { signal: app.ctx.signal });
    const { raw } = await client.buckets.policy(id, { signal: app.ctx.signal });
    if (app.json) return app.printJson(raw);
    const p = (raw ?? {}) as Record<string, unknown>;
    const custom = Array.isArray(p.custom_policy_statements) ? p.custom_policy_statements : [];
    const effective = p.effective_policy && typeof p.effective_policy === 'object' ? (p.effective_policy as Record<string, unknown>) : null;
    const statements = effective && Array.isArray(effective.Statement) ? effective.Statement : [];
    app.keyValue([
      ['status', typeof p.status === 'string' ? p.status : undefined],
      ['custom statements', String(custom.length)],
      ['effective statements', effective ? String(statements.length) : 'none (no policy applies)'],
    ]);
    if (effective) app.print(JSON.stringify(effective, null, 2));
  },
});
