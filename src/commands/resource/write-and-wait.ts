// The tail of `create` and `update` of databases and caches: send, say what was accepted,
// and with --wait follow the operation on the one poller (a create has no read before it).
import type { App } from '../../cli/app.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { resolveResource } from './resolve.js';
import type { FamilySpec } from './family.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';
import { type WaitFlags } from '../kit/wait/flags.js';

/**
 * POST the create body; the new id on stdout (for `id=$(infra database create ...)`).
 * `whenReady` runs once a --wait ended with the instance ready (a database's application user).
 */
export async function createAndWait(
  app: App,
  spec: FamilySpec,
  body: Record<string, unknown>,
  flags: WaitFlags,
  whenReady?: (created: { id: string; name: string }) => Promise<void>,
): Promise<number | void> {
  const client = await app.client();
  const created = await client.resources.create(spec.kind, body, { signal: app.ctx.signal });
  const v = created.value;
  const name = v.name ?? String(body.name);
  if (!app.json) app.print(v.id);
  app.info(`created ${spec.label} ${name} (id ${v.id})${flags.wait ? '' : `; follow it with: infra ${spec.command} wait ${v.id}`}`);
  if (!flags.wait) {
    if (app.json) app.printJson(created.raw);
    return;
  }
  const code = await waitForOperation(app, client, spec, subjectOf(spec, 'create', v.id, name, null), flags, { initial: v });
  if (code === ExitCode.OK && whenReady) await whenReady({ id: v.id, name });
  return code;
}

/** PUT the changed fields of the instance `ref` names; --wait until the update is done. */
export async function updateAndWait(app: App, spec: FamilySpec, ref: string, body: Record<string, unknown>, flags: WaitFlags): Promise<number | void> {
  const { client, id, before, name } = await resolveResource(app, spec, ref);
  const updated = await client.resources.update(spec.kind, id, body, { signal: app.ctx.signal });
  app.info(`updating ${name} (id ${id}): ${Object.keys(body).join(', ')}`);
  if (!flags.wait) {
    if (app.json) app.printJson(updated.raw);
    return;
  }
  return waitForOperation(app, client, spec, subjectOf(spec, 'update', id, name, before), flags, { initial: updated.value });
}
