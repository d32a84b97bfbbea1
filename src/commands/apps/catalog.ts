// `infra apps catalog`: the app types `apps create --type` takes, their versions (the default
// marked) and resource profiles.
import { defineCommand } from '../../cli/command.js';
import { wideOption } from '../../cli/options.js';
import { field } from '../resource/family.js';
import { APPS } from './family.js';

type Entry = Record<string, unknown>;

/** `{ "6.7": {default: true}, ... }` → `6.7*, 6.6` (the default first, marked). */
export function versionsText(v: unknown): string {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return Array.isArray(v) ? v.join(', ') : '';
  const entries = Object.entries(v as Record<string, { default?: unknown } | null>);
  entries.sort(([, a], [, b]) => Number(b?.default === true) - Number(a?.default === true));
  return entries.map(([name, meta]) => (meta?.default === true ? `${name}*` : name)).join(', ');
}

/** The facts type `resource_profiles` as a string; a list is read too. */
export function profilesText(p: unknown): string {
  return Array.isArray(p)
    ? p.join(', ')
    : typeof p === 'string'
      ? p
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .join(', ')
      : '';
}

export default defineCommand({
  path: ['apps', 'catalog'],
  description: 'the app types you can create (WordPress, n8n, Ghost...), their versions and profiles',
  options: wideOption(),
  examples: ['infra apps catalog', "infra apps catalog --json | jq -r '.data[].app_type'"],
  run: async (app) => {
    const client = await app.client();
    const { raw } = await client.resources.read(APPS.kind, '/catalog', { signal: app.ctx.signal });
    if (app.json) return app.printJson(raw);
    const data = (raw as { data?: unknown })?.data;
    const entries = Array.isArray(data) ? (data.filter((e) => e && typeof e === 'object') as Entry[]) : [];
    const table = app.table<Entry>([
      { header: 'TYPE', value: (e) => field(e, 'app_type') ?? '' },
      { header: 'NAME', value: (e) => field(e, 'display_name') ?? '' },
      { header: 'VERSIONS', value: (e) => versionsText(e.versions) },
      { header: 'PROFILES', value: (e) => profilesText(e.resource_profiles), fit: { kind: 'text', min: 12, priority: 1 } },
      { header: 'DESCRIPTION', value: (e) => field(e, 'description') ?? '', fit: { kind: 'text', min: 20 } },
    ]);
    table.add(entries);
    await table.end();
    if (entries.length === 0) app.info('the catalog is empty');
    else app.hint('* the default version; create one with: infra apps create --type <TYPE> --name <name> --profile <profile>');
  },
});
