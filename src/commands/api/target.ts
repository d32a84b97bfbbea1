// What `infra api <path-or-url>` requests. A full URL is accepted when it is on the configured
// API host (an operation_url from a restore, a link from --debug), and refused for any other
// host: the request carries the token, which must never leave for another host.
import { UsageError } from '../../cli/errors.js';
import { normalizeApiUrl } from '../../client/http.js';

/** The path (with its query) to request on `apiUrl` for the argument `arg`. */
export function apiTarget(arg: string, apiUrl: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) return normalizePath(arg);
  let url: URL;
  try {
    url = new URL(arg);
  } catch {
    throw new UsageError(`"${arg}" is not a valid URL`, 'give a path such as /vps or a URL on the configured API host');
  }
  const base = new URL(normalizeApiUrl(apiUrl));
  if (url.origin !== base.origin)
    throw new UsageError(
      `refusing to send the token to ${url.origin}: the configured API host is ${base.origin}`,
      'infra api talks to --api-url / INFRA_API_URL only; give a path such as /vps, or change the API URL',
    );
  const basePath = base.pathname.replace(/\/+$/, '');
  if (basePath && url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) throw new UsageError(`${arg} is outside the configured API (${base.href})`, 'give a path such as /vps');
  return normalizePath(url.pathname.slice(basePath.length) + url.search);
}

function normalizePath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.startsWith('/api/v1/') ? withSlash : withSlash.replace(/^\/api\/v1(?=\/|$|\?)/, '') || '/';
}
