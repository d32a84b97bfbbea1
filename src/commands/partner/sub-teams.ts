// `infra partner sub-teams list|create|get|usage|regenerate-key`: the sub-customer teams of a
// partner account. A team's API key is shown only in the answer that makes it (create,
// regenerate-key): printed once on stdout, unmasked, with a warning on stderr that it cannot
// be read again; --json carries it. Any other read shows at most whether a key exists, and a
// key in an answer that is not one of those two is masked.
import type { App } from '../../cli/app.js';
import { defineCommand, flag, required, resourceArg } from '../../cli/command.js';
import { CliError, UsageError } from '../../cli/errors.js';
import { textOption, wideOption } from '../../cli/options.js';
import type { ResourceKind } from '../../client/resources.js';
import { TIMESTAMP_FIT } from '../../output/fit.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { canPrompt, needConfirmation } from '../resource/confirm.js';
import { flatten } from '../resource/read.js';
import { periodOption } from './account.js';

export const SUB_TEAMS: ResourceKind = { path: '/admin/partner/sub-teams', noun: 'sub-team', ids: 'integer', wrapper: 'data', permission: 'partner' };

type Team = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

async function teamId(app: App, ref: string): Promise<string> {
  const client = await app.client();
  return (await client.resources.resolve(SUB_TEAMS, ref, { signal: app.ctx.signal })).id;
}

/** The one place a key is printed: stdout, whole, once; stderr says it cannot be read again. */
function showKeyOnce(app: App, key: unknown, team: string): void {
  if (typeof key !== 'string' || key === '') {
    app.warn(`the answer carried no API key for ${team}: run 'infra partner sub-teams regenerate-key ${team}' to make one`);
    return;
  }
  if (!app.json) app.print(key);
  app.warn(`the API key of ${team} is shown only this once: store it now (hand it to the sub-team's owner); it cannot be read again, only regenerated`);
}

export const listCommand = defineCommand({
  path: ['partner', 'sub-teams', 'list'],
  description: 'list the sub-customer teams of the partner account',
  options: wideOption(),
  examples: ['infra partner sub-teams list', "infra partner sub-teams list --json | jq -r '.data[].name'"],
  run: async (app) => {
    const client = await app.client();
    const res = await client.http.get(SUB_TEAMS.path, { query: { per_page: 100 }, signal: app.ctx.signal });
    if (app.json) {
      app.printJson(res.raw);
      return;
    }
    const data = (res.raw as { data?: unknown } | null)?.data;
    const teams = (Array.isArray(data) ? (data as Team[]) : []).filter((t) => t && typeof t === 'object');
    if (teams.length === 0) {
      app.info('no sub-teams yet');
      return;
    }
    const owner = (t: Team) => (t.owner && typeof t.owner === 'object' ? (t.owner as Team) : {});
    const table = app.table<Team>([
      { header: 'ID', value: (t) => text(t.id) },
      { header: 'NAME', value: (t) => text(t.name) },
      { header: 'OWNER', value: (t) => text(owner(t).email) || text(owner(t).name), fit: { priority: 2 } },
      { header: 'API KEY', value: (t) => (t.has_api_key === true ? 'yes' : 'no') },
      { header: 'CREATED', value: (t) => text(t.created_at), fit: { ...TIMESTAMP_FIT, priority: 1 } },
    ]);
    table.add(teams);
    await table.end();
  },
});

export const createCommand = defineCommand({
  path: ['partner', 'sub-teams', 'create'],
  description: 'create a sub-customer team and its owner; its API key is printed this once',
  options: {
    name: required('--name <name>', 'name of the team', textOption('--name')),
    ownerEmail: required('--owner-email <email>', "the owner's email (an account is made when there is none)", (v: string) => {
      if (!/^[^@\s]+@[^@\s]+$/.test(v)) throw new UsageError(`--owner-email: "${v}" is not an email address`);
      return v;
    }),
    ownerName: required('--owner-name <name>', "the owner's name", textOption('--owner-name')),
  },
  examples: ['infra partner sub-teams create --name Globex --owner-email hank@globex.example --owner-name "Hank Scorpio" > globex-key.txt'],
  run: async (app, { opts }) => {
    const client = await app.client();
    const res = await client.http.request('POST', SUB_TEAMS.path, { body: { name: opts.name, owner_email: opts.ownerEmail, owner_name: opts.ownerName }, signal: app.ctx.signal });
    const raw = (res.raw ?? {}) as Team;
    const team = (raw.team && typeof raw.team === 'object' ? raw.team : {}) as Team;
    if (app.json) app.printJson(raw);
    app.info(`created sub-team ${text(team.name) || opts.name} (id ${text(team.id)})${raw.user_created === true ? `; an account was made for ${opts.ownerEmail}` : ''}`);
    showKeyOnce(app, raw.api_key, text(team.id) || opts.name);
  },
});

export const getCommand = defineCommand({
  path: ['partner', 'sub-teams', 'get'],
  description: 'show a sub-customer team',
  args: [resourceArg('<team>', 'sub-team id or name', SUB_TEAMS)],
  examples: ['infra partner sub-teams get Globex', 'infra partner sub-teams get 501 --json'],
  run: async (app, { args: [ref] }) => {
    const id = await teamId(app, ref);
    const client = await app.client();
    const res = await client.http.get(`${SUB_TEAMS.path}/${encodeURIComponent(id)}`, { signal: app.ctx.signal });
    if (app.json) {
      app.printJson(res.raw);
      return;
    }
    const raw = (res.raw ?? {}) as Team;
    app.keyValue(flatten(raw.data ?? raw, '', [], ['api_key'], false));
  },
});

export const usageCommand = defineCommand({
  path: ['partner', 'sub-teams', 'usage'],
  description: 'what a sub-customer team costs in a billing month',
  args: [resourceArg('<team>', 'sub-team id or name', SUB_TEAMS)],
  options: { period: periodOption() },
  examples: ['infra partner sub-teams usage Globex', 'infra partner sub-teams usage 501 --period 2026-10 --json'],
  run: async (app, { args: [ref], opts }) => {
    const id = await teamId(app, ref);
    const client = await app.client();
    const res = await client.http.get(`${SUB_TEAMS.path}/${encodeURIComponent(id)}/usage`, { query: opts.period ? { period: opts.period } : {}, signal: app.ctx.signal });
    if (app.json) {
      app.printJson(res.raw);
      return;
    }
    const raw = (res.raw ?? {}) as Team;
    app.keyValue(flatten(raw.data ?? raw, '', [], ['api_key'], false));
  },
});

export const regenerateCommand = defineCommand({
  path: ['partner', 'sub-teams', 'regenerate-key'],
  description: "replace a sub-team's API key (the old one stops working; the new one is printed this once): asks on a terminal, --yes otherwise",
  args: [resourceArg('<team>', 'sub-team id or name', SUB_TEAMS)],
  options: { yes: flag('-y, --yes', 'regenerate without asking') },
  examples: ['infra partner sub-teams regenerate-key Globex', 'infra partner sub-teams regenerate-key 501 --yes > globex-key.txt'],
  run: async (app, { args: [ref], opts }) => {
    needConfirmation(app, `regenerate the API key of ${ref}`, opts.yes);
    const id = await teamId(app, ref);
    if (!opts.yes && canPrompt(app)) {
      const answer = (await app.ctx.prompter!.text(`Regenerate the API key of ${ref}? Its current key stops working. Type "regenerate" to confirm: `)).trim();
      if (answer !== 'regenerate') throw new CliError(ExitCode.FAILED, 'not done: the key was not regenerated; nothing was sent');
    }
    const client = await app.client();
    const res = await client.http.request('POST', `${SUB_TEAMS.path}/${encodeURIComponent(id)}/regenerate-api-key`, { signal: app.ctx.signal, optionalBody: true });
    const raw = (res.raw ?? {}) as Team;
    if (app.json) app.printJson(raw);
    showKeyOnce(app, raw.api_key ?? (raw.data && typeof raw.data === 'object' ? (raw.data as Team).api_key : undefined), ref);
  },
});
