// `infra storage buckets policy set <bucket> --file F`: PUT .../policy with the bucket's own
// statements (they replace the current ones) → 202 with the policy as it will apply. The file
// (`-` for stdin) holds a statement array, a policy `{Statement: [...]}`, or the request body.
import { resourceArg, defineCommand, required } from '../../../cli/command.js';
import { UsageError } from '../../../cli/errors.js';
import { readInput } from '../../kit/input.js';
import { BUCKETS } from './family.js';
import { withPolicyRetry } from './policy-retry.js';
import { nonEmpty } from '../../../cli/options.js';

/** The statements of what the file holds, or why it cannot be read as them. */
export function statementsOf(text: string): Record<string, unknown>[] {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new UsageError('the policy file is not JSON', 'give a JSON array of statements, a policy {"Statement": [...]}, or {"custom_policy_statements": [...]}');
  }
  const o = v as Record<string, unknown>;
  const list = Array.isArray(v) ? v : Array.isArray(o?.custom_policy_statements) ? o.custom_policy_statements : Array.isArray(o?.Statement) ? o.Statement : undefined;
  if (!list || !list.every((s) => typeof s === 'object' && s !== null && !Array.isArray(s))) {
    throw new UsageError('the policy file holds no list of statements', 'give a JSON array of statements, a policy {"Statement": [...]}, or {"custom_policy_statements": [...]}');
  }
  return list as Record<string, unknown>[];
}

export default defineCommand({
  path: ['storage', 'buckets', 'policy', 'set'],
  description: "replace a bucket's own policy statements (an empty list removes them)",
  args: [resourceArg('<bucket>', 'bucket id or name', BUCKETS.kind)],
  options: { file: required('-f, --file <path>', "JSON file with the statements ('-' reads standard input)", nonEmpty('--file')) },
  examples: ['infra storage buckets policy set acme-assets --file policy.json', "echo '[]' | infra storage buckets policy set acme-assets --file -"],
  run: async (app, { args: [ref], opts }) => {
    const { text } = await readInput(app, opts.file, { flag: '--file', what: 'the policy' });
    const statements = statementsOf(text);
    const client = await app.client();
    const found = await client.resources.resolve(BUCKETS.kind, ref, { signal: app.ctx.signal });
    const name = found.item?.name ?? ref;
    const { raw } = await withPolicyRetry(app, `the policy change of ${name}`, () => client.buckets.setPolicy(found.id, statements, { signal: app.ctx.signal }));
    if (app.json) return app.printJson(raw);
    const status = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).status : undefined;
    app.info(`policy of ${name} accepted: ${statements.length} statement${statements.length === 1 ? '' : 's'} of its own${typeof status === 'string' ? ` (${status})` : ''}`);
  },
});
