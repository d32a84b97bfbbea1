// What the `serverless env` verbs share: reading a container's variables, and changing them
// as ONE write (the API's PUT replaces environment_variables whole), so a batch of keys is one
// rollout, waited for like `serverless update` (changeAndWait). Values are masked wherever
// they are shown unless --show-secrets (docs/behaviour.md#container-environment).
import type { App } from '../../../cli/app.js';
import { flag } from '../../../cli/command.js';
import type { Client } from '../../../client/index.js';
import type { ContainerRead } from '../../../client/serverless.js';
import { need } from '../../../client/wire.js';
import { ExitCode } from '../../../shared/exit-codes.js';
import { maskPassword } from '../../../output/mask.js';
import { waitFlags } from '../flags.js';
import { changeAndWait, prepareChange, readBefore } from '../../kit/wait/container-flow.js';
import type { ProgressFormat } from '../../kit/wait/flags.js';

export function showSecretsOption() {
  return { showSecrets: flag('--show-secrets', 'show the values (masked otherwise, on a terminal, piped and in --json alike)') };
}

/** A value as shown: itself with --show-secrets, else a mask that gives nothing away (not even its length). */
export function shown(value: string, showSecrets: boolean): string {
  return showSecrets ? value : maskPassword(value);
}

/** The variables of a container, read once. */
export async function readEnv(app: App, client: Client, ref: string): Promise<{ id: string; name: string; env: Record<string, string> }> {
  let { id, before, name } = await readBefore(app, client, ref);
  if (before.environment_variables === undefined) before = (await client.serverless.get(id, { signal: app.ctx.signal })).container;
  return { id, name, env: { ...need(before.environment_variables, `GET /api/v1/serverless/${id}`, 'container.environment_variables') } };
}

export interface EnvChangeOptions {
  wait?: boolean;
  timeout?: number;
  interval?: number;
  progress?: ProgressFormat;
  showSecrets: boolean;
}

/**
 * Applies `edit` to the current variables and sends the result as one PUT. No difference: nothing
 * is sent and the command succeeds (the environment already is as asked: a script may run it twice).
 */
export async function changeEnv(app: App, ref: string, opts: EnvChangeOptions, edit: (current: Record<string, string>, name: string) => Record<string, string>): Promise<number> {
  const flags = waitFlags(opts);
  const client = await app.client();
  const prepared = await prepareChange(app, client, ref, flags);
  let { before } = prepared;
  const { id, name } = prepared;
  if (before.environment_variables === undefined) before = (await client.serverless.get(id, { signal: app.ctx.signal })).container;
  const current = { ...need(before.environment_variables, `GET /api/v1/serverless/${id}`, 'container.environment_variables') };
  const next = edit(current, name);
  const changed = describeChange(current, next);
  if (changed === '') {
    app.info(`the environment of ${name} already is as asked; nothing was sent`);
    if (app.json) app.printJson({ id, name, changed: false });
    return ExitCode.OK;
  }
  app.info(`${name}: ${changed}`);
  const write = async (): Promise<ContainerRead> => {
    const answer = await client.serverless.update(id, { environment_variables: next }, { signal: app.ctx.signal });
    // The answer is printed whole with --json: its values are masked like every other output here.
    return opts.showSecrets ? answer : { ...answer, raw: maskedRaw(answer.raw) };
  };
  return changeAndWait(app, client, { ...prepared, before }, write, { verb: 'updated' });
}

/** `set A, B; removed C`: the keys a change touches (never their values). */
export function describeChange(before: Record<string, string>, after: Record<string, string>): string {
  const set = Object.keys(after).filter((k) => before[k] !== after[k]);
  const removed = Object.keys(before).filter((k) => !(k in after));
  return [set.length ? `set ${set.join(', ')}` : '', removed.length ? `removed ${removed.join(', ')}` : ''].filter(Boolean).join('; ');
}

function maskedRaw(raw: Record<string, unknown>): Record<string, unknown> {
  const env = raw.environment_variables;
  if (!env || typeof env !== 'object' || Array.isArray(env)) return raw;
  return { ...raw, environment_variables: Object.fromEntries(Object.entries(env).map(([k, v]) => [k, typeof v === 'string' ? maskPassword(v) : v])) };
}
