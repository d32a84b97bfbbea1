// Shared pieces of the route handlers: auth + permission guard, the real error shapes,
// JSON answers, the envelope and paging.
import { HttpResponse } from 'msw';
import type { Team, TokenRecord } from '../state/auth.js';
import type { World } from '../state/world.js';

export const API = '*/api/v1';

export interface Ctx {
  world: World;
  token: TokenRecord;
  team: Team;
  request: Request;
  url: URL;
  params: Record<string, string>;
  now: number;
}

type Params = Record<string, string | readonly string[] | undefined>;
export type Resolver = (info: { request: Request; params: Params }) => Promise<Response>;

export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  return HttpResponse.json(body as Parameters<typeof HttpResponse.json>[0], { status, headers });
}

/** 401/403/404 (and a few others): `{message}`. */
export function message(status: number, text: string, extra: Record<string, unknown> = {}): Response {
  return json({ message: text, ...extra }, status);
}

/** 409 and the "cannot be X in its current state" 422s: `{error}`. */
export function refuse(status: 409 | 422, text: string, extra: Record<string, unknown> = {}): Response {
  return json({ error: text, ...extra }, status);
}

/** 422 `{message, errors}`; the message is the first error, as Laravel words it. */
export function invalid(errors: Record<string, string[]>): Response {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  const text = (all[0] ?? 'The given data was invalid.') + (more > 0 ? ` (and ${more} more error${more > 1 ? 's' : ''})` : '');
  return json({ message: text, errors }, 422);
}

/** A model the route could not bind: the real service answers with Laravel's wording. */
export function notFound(model: string, id: string | undefined): Response {
  return message(404, `No query results for model [App\\Models\\${model}] ${id ?? ''}`.trimEnd());
}

export function envelope(data: unknown, meta: Record<string, unknown> = {}) {
  return { success: true, data, error: null, meta };
}

export function envelopeError(status: number, data: unknown, code: string, text: string, retryable: boolean): Response {
  return json({ success: false, data, error: { code, message: text, retryable }, meta: {} }, status);
}

/** Authenticates, selects the team and checks one permission (null = any valid token). */
export function guarded(world: World, permission: string | null, fn: (ctx: Ctx) => Response | Promise<Response>): Resolver {
  return async ({ request, params }) => {
    const auth = world.auth.authenticate(request.headers.get('authorization'), request.headers.get('x-team-id'));
    if (!auth.ok) return message(auth.status, auth.message);
    if (permission && !auth.token.permissions.has(permission)) {
      return message(403, `This action is unauthorized. The token does not have the ${permission} ability.`);
    }
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(params)) if (typeof v === 'string') flat[k] = v;
    return fn({ world, token: auth.token, team: auth.team, request, url: new URL(request.url), params: flat, now: world.now() });
  };
}

export async function readJson(request: Request): Promise<{ ok: true; body: Record<string, unknown>; empty: boolean } | { ok: false; response: Response }> {
  const text = await request.text();
  if (text.trim() === '') return { ok: true, body: {}, empty: true };
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return { ok: true, body: v as Record<string, unknown>, empty: Object.keys(v).length === 0 };
  } catch {
    // fall through
  }
  return { ok: false, response: message(400, 'The request body must be a JSON object.') };
}

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 200;

/**
 * The list shape `{data, pagination}`. The server's page is 15 by default; a larger
 * per_page than 200 is clamped silently (and reported), a non-integer or < 1 is a 422.
 */
export function paginate<T>(url: URL, items: T[]): Response {
  const errors: Record<string, string[]> = {};
  const page = intParam(url, 'page', 1, 1, Number.MAX_SAFE_INTEGER, errors);
  const perPage = Math.min(MAX_PER_PAGE, intParam(url, 'per_page', DEFAULT_PER_PAGE, 1, Number.MAX_SAFE_INTEGER, errors));
  if (Object.keys(errors).length) return invalid(errors);
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const data = items.slice((page - 1) * perPage, page * perPage);
  return json({ data, pagination: { current_page: page, last_page: lastPage, per_page: perPage, total: items.length } });
}

export function intParam(url: URL, name: string, def: number, min: number, max: number, errors: Record<string, string[]>): number {
  const raw = url.searchParams.get(name);
  if (raw === null) return def;
  if (!/^[0-9]+$/.test(raw)) {
    errors[name] = [`The ${name.replace(/_/g, ' ')} field must be an integer.`];
    return def;
  }
  const n = Number(raw);
  if (n < min) {
    errors[name] = [`The ${name.replace(/_/g, ' ')} field must be at least ${min}.`];
    return def;
  }
  if (n > max) {
    errors[name] = [`The ${name.replace(/_/g, ' ')} field must not be greater than ${max}.`];
    return def;
  }
  return n;
}
