// `infra notifications preferences get|set|reset`: which categories reach which channels
// (GET/PUT /notification-preferences, POST .../reset). `set` sends only the pairs named; a
// category or channel the API does not know is refused before the request.
import { arg, choice, defineCommand, flag } from '../../cli/command.js';
import { wideOption } from '../../cli/options.js';
import { CliError } from '../../cli/errors.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { canPrompt, needConfirmation } from '../resource/confirm.js';
import { CATEGORIES, CHANNELS, DIGESTS } from './api.js';

type Preference = Record<string, unknown>;

export const getCommand = defineCommand({
  path: ['notifications', 'preferences', 'get'],
  description: 'show which notification categories reach which channels',
  options: { enabledOnly: flag('--enabled', 'only the pairs that are on'), ...wideOption() },
  examples: ['infra notifications preferences get', 'infra notifications preferences get --enabled', 'infra notifications preferences get --json | jq \'.preferences[] | select(.channel == "mail")\''],
  run: async (app, { opts }) => {
    const client = await app.client();
    const res = await client.http.get('/notification-preferences', { signal: app.ctx.signal });
    if (app.json) {
      app.printJson(res.raw);
      return;
    }
    const list = (res.raw as { preferences?: unknown } | null)?.preferences;
    // `enabled` is a string in the facts ("true"/"1"), a boolean elsewhere.
    const on = (p: Preference) => p.enabled === true || p.enabled === 'true' || p.enabled === '1' || p.enabled === 1;
    const rows = (Array.isArray(list) ? (list as Preference[]) : []).filter((p) => p && typeof p === 'object' && (!opts.enabledOnly || on(p)));
    if (rows.length === 0) {
      app.info('no preferences');
      return;
    }
    const table = app.table<Preference>([
      { header: 'CATEGORY', value: (p) => String(p.category ?? '') },
      { header: 'CHANNEL', value: (p) => String(p.channel ?? '') },
      { header: 'ENABLED', value: (p) => (on(p) ? 'yes' : 'no') },
      { header: 'DIGEST', value: (p) => String(p.digest_frequency ?? ''), fit: { priority: 1 } },
    ]);
    table.add(rows);
    await table.end();
  },
});

export const setCommand = defineCommand({
  path: ['notifications', 'preferences', 'set'],
  description: 'switch one category on or off for one channel (and its digest)',
  args: [arg('<category>', 'a notification category (e.g. resource_failed)', CATEGORIES), arg('<channel>', 'a channel', CHANNELS), arg('<state>', 'on or off', ['on', 'off'])],
  options: { digest: choice('--digest <frequency>', 'how often it is delivered', DIGESTS) },
  examples: [
    'infra notifications preferences set resource_failed sms on',
    'infra notifications preferences set invoice_generated mail on --digest weekly',
    'infra notifications preferences set new_login slack off',
  ],
  run: async (app, { args: [category, channel, state], opts }) => {
    const client = await app.client();
    const body = { preferences: [{ category, channel, enabled: state === 'on', ...(opts.digest ? { digest_frequency: opts.digest } : {}) }] };
    const res = await client.http.request('PUT', '/notification-preferences', { body, signal: app.ctx.signal });
    if (app.json) app.printJson(res.raw);
    else app.info(`${category} by ${channel}: ${state}${opts.digest ? ` (${opts.digest})` : ''}`);
  },
});

export const resetCommand = defineCommand({
  path: ['notifications', 'preferences', 'reset'],
  description: 'put every notification preference back to the defaults (asks first; --yes otherwise)',
  options: { yes: flag('-y, --yes', 'reset without asking') },
  examples: ['infra notifications preferences reset', 'infra notifications preferences reset --yes'],
  run: async (app, { opts }) => {
    needConfirmation(app, 'reset the notification preferences', opts.yes);
    if (!opts.yes && canPrompt(app)) {
      const answer = (await app.ctx.prompter!.text('Reset every notification preference to the defaults? Type reset to confirm: ')).trim();
      if (answer !== 'reset') throw new CliError(ExitCode.FAILED, 'not done: nothing was sent');
    }
    const client = await app.client();
    const res = await client.http.request('POST', '/notification-preferences/reset', { signal: app.ctx.signal, optionalBody: true });
    if (app.json) app.printJson(res.raw);
    else app.info('notification preferences are back to the defaults');
  },
});
