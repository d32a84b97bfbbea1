// The events of any resource as `events` commands print them: --json the list as sent, a table
// otherwise, and a line on stderr when none are kept (their absence proves nothing).
import type { App } from '../../cli/app.js';
import type { PlatformEvent } from '../../client/schemas.js';

export async function printEvents(app: App, answer: { raw: unknown; data: { events: PlatformEvent[] } }, label: string): Promise<void> {
  const events = answer.data.events;
  if (app.json) {
    app.printJson((answer.raw as { data?: { events?: unknown } })?.data?.events ?? events);
    return;
  }
  if (events.length === 0) {
    app.ctx.stderr.write(`no events are kept for this ${label} right now\n`);
    return;
  }
  const table = app.table<PlatformEvent>([
    { header: 'LAST SEEN', value: (e) => e.last_seen ?? e.first_seen ?? '' },
    { header: 'TYPE', value: (e) => e.type ?? '', color: (v) => (v === 'Warning' ? app.style.yellow(v) : v) },
    { header: 'REASON', value: (e) => e.reason ?? '' },
    { header: 'OBJECT', value: (e) => resourceCell(e.resource), fit: { kind: 'text', min: 16, priority: 2 } },
    { header: 'COUNT', value: (e) => (e.count === undefined || e.count === null ? '' : String(e.count)), fit: { priority: 1 } },
    { header: 'MESSAGE', value: (e) => e.message ?? '', fit: { kind: 'text', min: 20 } },
  ]);
  table.add(events);
  await table.end();
}

/** `Revision/web-00003`; other products send the resource as plain text. */
export function resourceCell(r: PlatformEvent['resource']): string {
  if (!r) return '';
  if (typeof r === 'string') return r;
  return r.kind || r.name ? `${r.kind ?? '?'}/${r.name ?? '?'}` : '';
}
