// What an API URL may be, and the key a stored token is filed under. Pure: the rules of
// docs/security/hosts-and-tokens.md, tested directly.

/** The service's own address: what a person with an account means when they give none. */
export const DEFAULT_API_URL = 'https://danubedata.ro';

/** Where the service lets a person create a token, for a given API URL. */
export function tokenPage(apiUrl: string): string {
  return `${hostKey(apiUrl)}/user/api-tokens`;
}

/**
 * The key a token is stored under: scheme, host, port (when not the default) and the path
 * base, without a trailing slash, `/api/v1` or query. Two spellings of one API share a key
 * (`https://Example.com/`, `https://example.com:443/api/v1`); http and https never do, so a
 * token stored for https is never sent in the clear. Assumes a URL that parses.
 */
export function hostKey(apiUrl: string): string {
  const url = new URL(apiUrl);
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

/** localhost, 127.0.0.0/8 and ::1: traffic that never leaves the machine. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * `text` with any `user:password@` of a URL in it replaced: an error message or a trace
 * may quote a URL a person typed, and the password in it must not reach a log.
 */
export function redactUrl(text: string): string {
  return text.replace(/(\/\/)[^/@\s?#]*@/g, '$1***@');
}

export interface UrlCheck {
  /** The problem in one line (the URL in it redacted), or undefined when the URL may be used. */
  problem?: string;
  hint?: string;
}

/**
 * Whether `value` may be used as the API URL. `source` names where it came from (so the
 * person knows what to fix); `allowHttp` is the explicit permission for plain http to a host
 * that is not loopback.
 */
export function checkApiUrl(value: string, source: string, allowHttp: boolean): UrlCheck {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: `invalid API URL "${redactUrl(value)}" (from ${source})`, hint: `give a URL such as ${DEFAULT_API_URL}` };
  }
  const shown = redactUrl(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: `invalid API URL "${shown}" (from ${source}): only http and https are supported` };
  if (url.username !== '' || url.password !== '')
    return {
      problem: `the API URL from ${source} holds a user name or password ("${shown}"); it was not used`,
      hint: "give the URL without 'user:password@'; the token goes in 'infra auth login' or INFRA_TOKEN",
    };
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !allowHttp)
    return {
      problem: `refusing plain http to ${url.host} (from ${source}): the token would cross the network unencrypted`,
      hint: `use https://${url.host}${url.pathname === '/' ? '' : url.pathname}, or allow it explicitly with --allow-http, INFRA_ALLOW_HTTP=1 or 'infra config set allow-http true'`,
    };
  return {};
}

/**
 * What is wrong with a token as an HTTP header value, or undefined. A line break or control
 * character would be refused by the HTTP stack at send time, which then looked like a
 * network failure (retried, then "check the network"); white space inside means more than
 * the token was pasted. The token itself is never part of the answer.
 */
export function tokenProblem(token: string): string | undefined {
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c === 0x0a || c === 0x0d) return `a line break at character ${i + 1}`;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return `a control character at character ${i + 1}`;
    if (/\s/.test(token[i]!)) return `white space at character ${i + 1}`;
    if (c > 0xff) return `a character that cannot be sent in an HTTP header at character ${i + 1}`;
  }
  return undefined;
}

/** A token as piped or typed: one trailing line break (`echo`, a file's last line) is not part of it. */
export function tokenFromInput(text: string): string {
  return text.replace(/\r?\n$/, '');
}
