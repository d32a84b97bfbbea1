import { readFile } from 'node:fs/promises';
import type { CommandRun, App } from '../../cli/app.js';
import { UsageError } from '../../cli/errors.js';
import { ResponseShapeError } from '../../client/errors.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];

export const run: CommandRun = async (app, { args, opts }) => {
  const path = normalizePath(String(args[0]));
  const method = String(opts.method).toUpperCase();
  if (!METHODS.includes(method)) throw new UsageError(`--method must be one of ${METHODS.join(', ')}, not "${opts.method}"`);
  const fields = parseFields((opts.field as string[] | undefined) ?? []);
  if (opts.paginate && method !== 'GET') throw new UsageError('--paginate works with GET only');
  const input = opts.input === undefined ? undefined : await readInput(app, String(opts.input));
  if (input !== undefined && Object.keys(fields).length && method !== 'GET') throw new UsageError('give either --input or -f fields for the body, not both');
  const query = method === 'GET' ? fields : undefined;
  const body = method === 'GET' ? undefined : (input ?? (Object.keys(fields).length ? fields : undefined));
  const client = await app.client();
  if (opts.paginate) {
    const items: unknown[] = [];
    for (let page = 1; ; page++) {
      const res = await client.http.get<unknown>(path, { query: { ...query, page } });
      const list = res.data as { data?: unknown; pagination?: { current_page?: number; last_page?: number } };
      if (!Array.isArray(list?.data) || !list.pagination)
        throw new ResponseShapeError(`--paginate needs a list response with data and pagination; GET ${path} is not one`, res.status, `GET ${path}`);
      items.push(...list.data);
      if ((list.pagination.current_page ?? page) >= (list.pagination.last_page ?? page) || list.data.length === 0) break;
    }
    app.printJson(items);
    return;
  }
  const res = await client.http.request<unknown>(method, path, { query, body });
  if (res.data !== undefined) app.printJson(res.data);
};

function normalizePath(path: string): string {
  if (/^https?:\/\//.test(path)) throw new UsageError('give a path such as /vps, not a full URL', 'the host comes from --api-url / INFRA_API_URL');
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.startsWith('/api/v1/') ? withSlash : withSlash.replace(/^\/api\/v1(?=\/|$)/, '') || '/';
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

async function readInput(app: App, file: string): Promise<unknown> {
  let text = '';
  if (file === '-') {
    for await (const chunk of app.ctx.stdin) text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
  } else {
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      throw new UsageError(`--input: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`--input: ${file === '-' ? 'standard input' : file} is not valid JSON`);
  }
}
