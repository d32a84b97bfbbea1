import { resourceArg, defineCommand, flag, type CommandDef } from '../../cli/command.js';
import { openInBrowser, webUrl } from '../kit/open-url.js';
import type { ResourceRead } from '../../client/resources.js';
import { age } from '../../output/age.js';
import type { FamilySpec, Item } from './family.js';

/** The key/value lines of one resource: its status, the family's details, its age. */
export function resourceLines(spec: FamilySpec, read: ResourceRead, now: number): [string, string | undefined][] {
  const r = read.value as Item;
  const d = r.status_details;
  return [
    ['ID', r.id],
    ['Name', r.name ?? undefined],
    ['Status', d ? `${d.summary ?? 'unknown'}${d.operation && !d.operation.terminal ? ` (${d.operation.state ?? 'in flight'})` : ''}` : (r.status ?? undefined)],
    ['Health', d?.health ?? undefined],
    ...(d?.error ? ([['Error', `${d.error.code ?? '?'}: ${d.error.message ?? ''}`.trim()]] as [string, string][]) : []),
    ...spec.details(r, read.answer),
    ['Created', r.created_at ? `${r.created_at} (${age(r.created_at, now)})` : undefined],
  ];
}

export function getCommand(spec: FamilySpec): CommandDef {
  return defineCommand({
    path: [...spec.command.split(' '), 'get'],
    description: `show one ${spec.label}: its status and settings`,
    args: [resourceArg('<id>', `${spec.label} id or name`, spec.kind)],
    // --web only where the family has a web page (apps, static sites).
    options: spec.web ? { web: flag('--web', `open the ${spec.label}'s URL in the browser instead (printed where none can be shown)`) } : {},
    examples: [`infra ${spec.command} get ${spec.example.name}`, `infra ${spec.command} get ${spec.example.id} --json`, ...(spec.web ? [`infra ${spec.command} get ${spec.example.name} --web`] : [])],
    run: async (app, { args: [ref], opts }) => {
      const client = await app.client();
      const id = (await client.resources.resolve(spec.kind, ref, { signal: app.ctx.signal })).id;
      const read = await client.resources.get(spec.kind, id, { signal: app.ctx.signal });
      if (spec.web && (opts as { web?: boolean }).web) return openInBrowser(app, webUrl(spec.web(read.raw as Item), `${spec.label} ${read.value.name ?? id}`), {});
      if (app.json) return app.printJson(read.raw);
      app.keyValue(resourceLines(spec, read, app.serverNow()));
    },
  });
}
