// A read of a family that is neither a list nor one resource (metrics, plans, images,
// password, status): `--json` prints the answer as sent; people get it as aligned lines.
import { resourceArg, defineCommand, flag, type CommandDef } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { maskPassword } from '../../output/mask.js';
import type { FamilySpec } from './family.js';
import type { ReadSpec } from './verb-specs.js';
import { printChoices } from '../kit/plans-table.js';

/** Flattens an answer into `a.b.c  value` lines (arrays of objects as one line each). */
export function flatten(value: unknown, prefix = '', out: [string, string][] = [], secrets: readonly string[] = [], show = true): [string, string][] {
  if (value === null || typeof value !== 'object') {
    const key = prefix.split('.').at(-1) ?? prefix;
    out.push([prefix || 'value', secrets.includes(key) && !show ? maskPassword(value as string | null) : String(value)]);
    return out;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) out.push([prefix, '(none)']);
    value.forEach((v, i) => flatten(v, `${prefix}[${i}]`, out, secrets, show));
    return out;
  }
  for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out, secrets, show);
  return out;
}

export function readCommand(spec: FamilySpec, read: ReadSpec): CommandDef {
  const secret = !!read.secrets?.length;
  return defineCommand({
    path: [...spec.command.split(' '), read.verb],
    description: read.description,
    args: read.perResource ? [resourceArg('[id]', `${spec.label} id or name`, spec.kind)] : [],
    options: secret ? { showSecrets: flag('--show-secrets', 'show secrets unmasked') } : {},
    examples: read.examples ?? [
      read.perResource ? `infra ${spec.command} ${read.verb} ${spec.example.name}` : `infra ${spec.command} ${read.verb}`,
      `infra ${spec.command} ${read.verb}${read.perResource ? ` ${spec.example.name}` : ''} --json`,
    ],
    run: async (app, { args, opts }) => {
      const client = await app.client();
      let sub = read.sub;
      if (read.perResource) {
        const ref = args[0];
        if (!ref) throw new UsageError(`give the ${spec.label}'s id or name`);
        const id = (await client.resources.resolve(spec.kind, ref, { signal: app.ctx.signal })).id;
        sub = sub.replace('{id}', encodeURIComponent(id));
      }
      const { raw } = await client.resources.read(spec.kind, sub, { signal: app.ctx.signal });
      if (app.json) {
        app.printJson(raw);
        return;
      }
      // A list to choose from (plans, images) reads as a table; anything else as key: value lines.
      if (!secret && (await printChoices(app, raw))) return;
      if (read.view && raw && typeof raw === 'object' && !Array.isArray(raw)) return app.keyValue(read.view(raw as Record<string, unknown>));
      app.keyValue(flatten(raw, '', [], read.secrets ?? [], (opts as { showSecrets?: boolean }).showSecrets === true));
    },
  });
}
