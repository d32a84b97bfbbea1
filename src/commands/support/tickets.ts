// `infra support list|get|create|reply|resolve`: support tickets (/support-tickets), named by
// their number (`TCK-00042`). A ticket's text comes from --message, --message-file or an editor
// (body.ts). The API limits how often tickets and replies are sent (429 with `retry_after`):
// the client's retry waits for it within its bounds, and then the command says so (exit 7).
import { arg, choice, defineCommand, option, required } from '../../cli/command.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { intOption, nonEmpty, textOption, wideOption } from '../../cli/options.js';
import { ConflictError } from '../../client/errors.js';
import { TIMESTAMP_FIT } from '../../output/fit.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { messageOptions, readMessage } from './body.js';

type Ticket = Record<string, unknown>;

const STATUSES = ['open', 'in_progress', 'waiting_customer', 'resolved', 'closed'] as const;
const TYPES = ['general', 'technical', 'billing', 'sales'] as const;
const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
const RESOURCE_TYPES = ['cache', 'database', 'vps', 'storage', 'queue', 'serverless', 'static_site', 'app'] as const;

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** A ticket number as the API shows them; anything else is refused before a request. */
function ticketNumber(value: string): string {
  if (!/^[A-Za-z0-9-]{1,40}$/.test(value)) throw new UsageError(`"${value}" is not a ticket number`, "'infra support list' shows them (e.g. TCK-00042)");
  return value;
}
const ticketPath = (n: string) => `/support-tickets/${encodeURIComponent(ticketNumber(n))}`;

export const listCommand = defineCommand({
  path: ['support', 'list'],
  description: 'list your support tickets, the most recently updated first',
  options: {
    status: choice('--status <status>', 'only tickets in this state', STATUSES),
    limit: option('--limit <n>', 'at most this many (default 50, at most 100)', intOption('--limit', 1, 100)),
    ...wideOption(),
  },
  examples: ['infra support list', 'infra support list --status waiting_customer', "infra support list --json | jq -r '.data[].number'"],
  run: async (app, { opts }) => {
    const client = await app.client();
    const res = await client.http.get('/support-tickets', { query: { per_page: opts.limit ?? 50, ...(opts.status ? { status: opts.status } : {}) }, signal: app.ctx.signal });
    if (app.json) {
      app.printJson(res.raw);
      return;
    }
    const data = (res.raw as { data?: unknown } | null)?.data;
    const items = (Array.isArray(data) ? (data as Ticket[]) : []).filter((t) => t && typeof t === 'object').slice(0, opts.limit ?? 50);
    if (items.length === 0) {
      app.info(opts.status ? `no ${opts.status} tickets` : 'no support tickets');
      return;
    }
    const table = app.table<Ticket>([
      { header: 'NUMBER', value: (t) => text(t.number) },
      { header: 'STATUS', value: (t) => text(t.status) },
      { header: 'PRIORITY', value: (t) => text(t.priority), fit: { priority: 2 } },
      { header: 'TYPE', value: (t) => text(t.type), fit: { priority: 1 } },
      { header: 'UPDATED', value: (t) => text(t.updated_at), fit: { ...TIMESTAMP_FIT, priority: 3 } },
      { header: 'SUBJECT', value: (t) => text(t.subject), fit: { kind: 'text', min: 16 } },
    ]);
    table.add(items);
    await table.end();
  },
});

export const getCommand = defineCommand({
  path: ['support', 'get'],
  description: 'show a support ticket with its message and the replies',
  args: [arg('<number>', 'ticket number (e.g. TCK-00042)')],
  examples: ['infra support get TCK-00042', 'infra support get TCK-00042 --json'],
  run: async (app, { args: [number] }) => {
    const path = ticketPath(number);
    const client = await app.client();
    const res = await client.http.get(path, { signal: app.ctx.signal });
    if (app.json) {
      app.printJson(res.raw);
      return;
    }
    const t = ((res.raw as { ticket?: unknown } | null)?.ticket ?? {}) as Ticket;
    const resource = t.resource && typeof t.resource === 'object' ? (t.resource as Record<string, unknown>) : undefined;
    app.keyValue([
      ['Ticket', text(t.number)],
      ['Subject', text(t.subject)],
      ['Status', text(t.status)],
      ['Type', text(t.type)],
      ['Priority', text(t.priority)],
      ['About', resource ? [text(resource.type), text(resource.name) || text(resource.id)].filter(Boolean).join(' ') : undefined],
      ['Opened', text(t.created_at)],
      ['Updated', text(t.updated_at)],
    ]);
    app.print(`\n${text(t.message)}`);
    for (const r of Array.isArray(t.replies) ? (t.replies as Ticket[]) : []) {
      app.print(`\n--- ${r.from_support === true ? 'support' : 'you'} (${text(r.author)}, ${text(r.created_at)})\n${text(r.message)}`);
    }
  },
});

export const createCommand = defineCommand({
  path: ['support', 'create'],
  description: 'open a support ticket (the text from --message, --message-file, or an editor at a terminal); prints its number',
  options: {
    subject: required('--subject <text>', 'one line saying what is wrong', textOption('--subject')),
    type: choice('--type <type>', 'general (default), technical, billing or sales', TYPES, 'general'),
    priority: choice('--priority <priority>', 'low, normal (default), high or urgent', PRIORITIES, 'normal'),
    resourceType: choice('--resource-type <type>', 'the kind of resource it is about', RESOURCE_TYPES),
    resource: option('--resource <id>', 'the id of the resource it is about (with --resource-type)', nonEmpty('--resource')),
    ...messageOptions('message'),
  },
  examples: [
    'infra support create --subject "ml-k8s GPU pool fails" --type technical --priority high --message-file notes.txt',
    'infra database diagnose orders | infra support create --subject "Database slow" --resource-type database --message-file -',
    'infra support create --subject "Invoice question" --type billing --message "Which card was charged?"',
  ],
  run: async (app, { opts }) => {
    if (opts.resource && !opts.resourceType) throw new UsageError('--resource needs --resource-type', 'e.g. --resource-type database --resource <id>');
    const message = await readMessage(app, opts, 'message');
    const client = await app.client();
    const body = { type: opts.type, priority: opts.priority, subject: opts.subject, message, ...(opts.resourceType ? { resource_type: opts.resourceType, resource_id: opts.resource ?? null } : {}) };
    const res = await client.http.request('POST', '/support-tickets', { body, signal: app.ctx.signal });
    const t = ((res.raw as { ticket?: unknown } | null)?.ticket ?? {}) as Ticket;
    if (app.json) {
      app.printJson(res.raw);
      return;
    }
    app.print(text(t.number));
    app.info(`opened ticket ${text(t.number)}: ${opts.subject}; follow it with: infra support get ${text(t.number)}`);
  },
});

export const replyCommand = defineCommand({
  path: ['support', 'reply'],
  description: 'reply to a support ticket (the text from --message, --message-file, or an editor at a terminal)',
  args: [arg('<number>', 'ticket number')],
  options: messageOptions('reply'),
  examples: ['infra support reply TCK-00042 --message "Tried again in fsn1: same error."', 'infra support reply TCK-00042 --message-file - < details.txt'],
  run: async (app, { args: [number], opts }) => {
    const path = `${ticketPath(number)}/replies`;
    const message = await readMessage(app, opts, 'reply');
    const client = await app.client();
    const res = await client.http.request('POST', path, { body: { message }, signal: app.ctx.signal });
    if (app.json) app.printJson(res.raw);
    else app.info(`replied to ${number}`);
  },
});

export const resolveCommand = defineCommand({
  path: ['support', 'resolve'],
  description: 'mark a support ticket as resolved',
  args: [arg('<number>', 'ticket number')],
  examples: ['infra support resolve TCK-00042'],
  run: async (app, { args: [number] }) => {
    const path = `${ticketPath(number)}/resolve`;
    const client = await app.client();
    try {
      const res = await client.http.request('POST', path, { signal: app.ctx.signal, optionalBody: true });
      if (app.json) app.printJson(res.raw);
      else app.info(`resolved ${number}`);
    } catch (err) {
      if (err instanceof ConflictError && err.status === 409)
        throw new CliError(
          ExitCode.FAILED,
          `${number} cannot be resolved (409): it is resolved or closed already`,
          `'infra support get ${number}' shows its state; 'infra support create' opens a new one`,
        );
      throw err;
    }
  },
});
