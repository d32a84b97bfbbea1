import * as z from 'zod/mini';
import type { App } from '../../cli/app.js';
import { arg, defineCommand, flag, list, option, withChoices, withDefault } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { paginate } from '../../client/paginate.js';
import { rawStream } from '../../output/terminal-guard.js';
import { readInput } from '../kit/input.js';
import { writeItemsArray } from './items-array.js';
import { apiTarget } from './target.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];

export default defineCommand({
  path: ['api'],
  description: 'make an authenticated request to any endpoint (like gh api)',
  args: [arg('<path>', 'an endpoint path such as /vps (the /api/v1 prefix is optional), or a full URL on the configured API host')],
  options: {
    // Any case is accepted (checked in run): the list is for help and completion.
    method: withChoices(
      withDefault('-X, --method <method>', 'HTTP method', 'GET', (v) => v),
      METHODS,
    ),
    field: list('-f, --field <key=value>', 'add a field: query parameter for GET, JSON body member otherwise (repeatable)'),
    input: option('--input <file>', 'JSON request body from a file ("-" for standard input)'),
    paginate: flag('--paginate', 'follow every page of a list and print one JSON array of its items'),
  },
  examples: ['infra api /user/teams', 'infra api /vps --paginate | jq length', 'infra api -X POST /database/"$DB_ID"/dns', 'infra api -X PUT /serverless/"$ID" -f min_scale=1'],
  run: async (app, { args, opts }) => {
    const path = apiTarget(args[0], app.requireApiUrl());
    const method = opts.method.toUpperCase();
    if (!METHODS.includes(method)) throw new UsageError(`--method must be one of ${METHODS.join(', ')}, not "${opts.method}"`);
    const fields = parseFields(opts.field);
    if (opts.paginate && method !== 'GET') throw new UsageError('--paginate works with GET only');
    const input = opts.input === undefined ? undefined : await readBody(app, opts.input);
    if (input !== undefined && Object.keys(fields).length && method !== 'GET') throw new UsageError('give either --input or -f fields for the body, not both');
    const query = method === 'GET' ? fields : undefined;
    const body = method === 'GET' ? undefined : (input ?? (Object.keys(fields).length ? fields : undefined));
    const client = await app.client();
    if (opts.paginate) {
      // The list pages as they are, items of any shape: one array, written as the pages come.
      const perPage = typeof query?.per_page === 'number' ? query.per_page : undefined;
      const pages = paginate(client.http, path, z.unknown(), { all: true, perPage, query: stringQuery(query) });
      if (app.query) {
        // --query sees the whole array (docs/behaviour.md#query): gathered, within the walk's bounds.
        const all: unknown[] = [];
        for await (const page of pages) for (const item of page.raw) all.push(item);
        app.printJson(all);
        return;
      }
      await writeItemsArray(rawStream(app.ctx.stdout), pages);
      return;
    }
    const res = await client.http.request<unknown>(method, path, { query, body });
    if (res.data !== undefined) app.printJson(res.data);
  },
});

/** Query values as text (numbers and booleans of -f fields print as they were typed). */
function stringQuery(query: Record<string, string | number | boolean> | undefined): Record<string, string> | undefined {
  return (
    query &&
    Object.fromEntries(
      Object.entries(query)
        .filter(([k]) => k !== 'page' && k !== 'per_page')
        .map(([k, v]) => [k, String(v)]),
    )
  );
}

function parseFields(fields: string[]): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const f of fields) {
    const eq = f.indexOf('=');
    if (eq <= 0) throw new UsageError(`--field expects key=value, got "${f}"`);
    const value = f.slice(eq + 1);
    // Like gh's -F: numbers and booleans keep their type in a JSON body.
    out[f.slice(0, eq)] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value === 'true' ? true : value === 'false' ? false : value;
  }
  return out;
}

async function readBody(app: App, file: string): Promise<unknown> {
  const { text, label } = await readInput(app, file, { flag: '--input', what: 'the request body (--input -)' });
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`--input: ${label} is not valid JSON`);
  }
}
