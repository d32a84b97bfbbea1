import type { CommandRun } from '../../cli/app.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { applyEnv, envEdits, specFields, waitFlags } from './flags.js';
import { afterChange } from './wait-flow.js';

const NOTHING_HINT = 'give at least one of --image, --env, --unset-env, --port, --min, --max, --profile; to roll out the same configuration again use: infra serverless redeploy <id>';

export const run: CommandRun = async (app, { args, opts }) => {
  const flags = waitFlags(opts);
  const change = specFields(opts);
  const edits = envEdits(opts);
  const editsEnv = edits.set.length > 0 || edits.unset.length > 0;
  if (Object.keys(change).length === 0 && !editsEnv) throw new UsageError('nothing to update', NOTHING_HINT);

  const client = await app.client();
  const id = await client.serverless.resolveId(String(args[0]));
  if (editsEnv) {
    // The API replaces environment_variables as a whole (contract 12): read, edit, send all.
    const current = await client.serverless.get(id);
    const env = stringRecord(current.environment_variables);
    if (!env)
      throw new CliError(1, `the API did not return the environment variables of ${current.name}, so --env/--unset-env cannot be applied without losing the others`);
    for (const k of edits.unset) if (!(k in env)) app.warn(`${k} is not set on ${current.name}; nothing to unset`);
    const next = applyEnv(env, edits);
    if (!sameRecord(env, next)) change.environment_variables = next;
    if (Object.keys(change).length === 0) throw new UsageError(`nothing to update: the environment of ${current.name} already is as requested`, NOTHING_HINT);
  }
  const c = await client.serverless.update(id, change);
  return afterChange(app, client, c, `updated ${c.name} (id ${c.id})`, flags);
};

function stringRecord(v: unknown): Record<string, string> | undefined {
  if (v === null) return {};
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) out[k] = typeof x === 'string' ? x : String(x);
  return out;
}

function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => b[k] === a[k]);
}
