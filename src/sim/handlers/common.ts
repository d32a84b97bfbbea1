// Shared pieces of the route handlers: auth + permission guard, JSON answers, paging.
import { HttpResponse } from 'msw';
import type { Project, TokenRecord } from '../state/auth.js';
import type { World } from '../state/world.js';

export const API = '*/api/v1';

export interface Ctx {
  world: World;
  token: TokenRecord;
  project: Project;
  request: Request;
  url: URL;
  params: Record<string, string>;
  now: number;
}

type Params = Record<string, string | readonly string[] | undefined>;
type Resolver = (info: { request: Request; params: Params }) => Promise<Response>;

export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  return HttpResponse.json(body as Parameters<typeof HttpResponse.json>[0], { status, headers });
}

export function message(status: number, text: string, extra: Record<string, unknown> = {}): Response {
  return json({ message: text, ...extra }, status);
}

export function invalid(errors: Record<string, string[]>, text = 'The given data was invalid.'): Response {
  return json({ message: text, errors }, 422);
}

export function notFound(what: string): Response {
  return message(404, `${what} not found.`);
}

/** Authenticates, selects the project and checks one permission (null = any valid token). */
export function guarded(world: World, permission: string | null, fn: (ctx: Ctx) => Response | Promise<Response>): Resolver {
  return async ({ request, params }) => {
    const auth = world.auth.authenticate(request.headers.get('authorization'), request.headers.get('x-team-id'));
    if (!auth.ok) return message(auth.status, auth.message);
    if (permission && !auth.token.permissions.has(permission)) {
      return message(403, `This action is unauthorized: the token lacks the ${permission} permission.`, { required_permission: permission });
    }
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(params)) if (typeof v === 'string') flat[k] = v;
    return fn({ world, token: auth.token, project: auth.project, request, url: new URL(request.url), params: flat, now: world.now() });
  };
}

/** Strictly numeric ids only: anything else is a 404, like an unknown id. */
export function numericId(raw: string | undefined): number | null {
  return raw !== undefined && /^[0-9]{1,12}$/.test(raw) ? Number(raw) : null;
}

export async function readJson(request: Request): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; response: Response }> {
  const text = await request.text();
  if (text.trim() === '') return { ok: true, body: {} };
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return { ok: true, body: v as Record<string, unknown> };
  } catch {
    // fall through
  }
  return { ok: false, response: message(400, 'The request body must be a JSON object.') };
}

export const MAX_PER_PAGE = 100;

/** Spec 2.1 list shape; `page`/`per_page` are validated (422 with field errors). */
export function paginate<T>(url: URL, items: T[]): Response {
  const errors: Record<string, string[]> = {};
  const page = intParam(url, 'page', 1, 1, Number.MAX_SAFE_INTEGER, errors);
  const perPage = intParam(url, 'per_page', 20, 1, MAX_PER_PAGE, errors);
  if (Object.keys(errors).length) return invalid(errors);
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const data = items.slice((page - 1) * perPage, page * perPage);
  return json({ data, pagination: { current_page: page, last_page: lastPage, per_page: perPage, total: items.length } });
}

export function intParam(url: URL, name: string, def: number, min: number, max: number, errors: Record<string, string[]>): number {
  const raw = url.searchParams.get(name);
  if (raw === null) return def;
  if (!/^[0-9]+$/.test(raw)) {
    errors[name] = [`The ${name} field must be an integer.`];
    return def;
  }
  const n = Number(raw);
  if (n < min || n > max) {
    errors[name] = [`The ${name} field must be between ${min} and ${max}.`];
    return def;
  }
  return n;
}
