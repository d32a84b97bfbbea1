// Which requests go through a proxy, and what a failure at the proxy is called. Two rules on
// top of the usual HTTPS_PROXY / HTTP_PROXY / NO_PROXY (read as undici's EnvHttpProxyAgent
// reads them, lower case first): loopback (localhost, 127.0.0.0/8, ::1: `infra sim`, a
// tunnel, a local gateway) never goes through a proxy, whatever NO_PROXY says, since a proxy
// elsewhere cannot reach this machine's loopback; and a plain-http API is forwarded to the
// proxy as an absolute-form request, as HTTP proxies expect, not tunnelled with CONNECT
// (many proxies allow CONNECT to port 443 only). docs/security/limits.md says the same.
import { errorCode } from './http-errors.js';
import type { Env } from './undici.js';

/** Whether `hostname` (as in URL.hostname, IPv6 in brackets) is this machine's loopback. */
export function isLoopback(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  // IPv4-mapped IPv6 (::ffff:127.0.0.1, or as URL writes it, ::ffff:7f00:1).
  if (/^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(h)) return true;
  const v4 = h.replace(/^::ffff:/, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** The proxy settings of `env` (lower case wins, as in EnvHttpProxyAgent), given nothing: none. */
export function proxyOptions(env: Env): { httpProxy: string; httpsProxy: string; noProxy: string } {
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY ?? '';
  return { httpProxy, httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? httpProxy, noProxy: env.no_proxy ?? env.NO_PROXY ?? '' };
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** Whether NO_PROXY exempts host:port: `*`, a host, a domain and its subdomains (`.example.com`, `*.example.com`), optionally `:port`. */
export function exempted(hostname: string, port: number, noProxy: string): boolean {
  const host = hostname.toLowerCase();
  for (const raw of noProxy.split(/[,\s]/)) {
    if (!raw) continue;
    if (raw === '*') return true;
    const m = raw.match(/^(.+):(\d+)$/);
    const entry = (m ? m[1]! : raw).replace(/^\*?\./, '').toLowerCase();
    if (m && Number(m[2]) !== port) continue;
    if (host === entry || host.endsWith(`.${entry}`)) return true;
  }
  return false;
}

/** The proxy URL a request to `url` goes through under `env`, or undefined for a direct connection. */
export function proxyFor(url: URL, env: Env): string | undefined {
  if (isLoopback(url.hostname)) return undefined;
  const { httpProxy, httpsProxy, noProxy } = proxyOptions(env);
  const proxy = url.protocol === 'https:' ? httpsProxy : httpProxy;
  if (!proxy.trim()) return undefined;
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol] || 0;
  return exempted(url.host.replace(/:\d*$/, ''), port, noProxy) ? undefined : proxy;
}

/** host:port of a proxy URL, for messages: never its user or password. */
export function proxyName(proxy: string): string {
  try {
    const u = new URL(proxy);
    return u.port ? `${u.hostname}:${u.port}` : `${u.hostname}:${DEFAULT_PORTS[u.protocol] ?? ''}`;
  } catch {
    return 'the configured proxy';
  }
}

/** A request that failed at the proxy, not at the API: `problem` says what, naming the proxy. */
export class ProxyFailure extends Error {
  override name = 'ProxyFailure';
  readonly code?: string;
  constructor(
    readonly proxy: string,
    readonly problem: string,
    cause: unknown,
  ) {
    super(problem, { cause });
    this.code = (cause as { code?: string } | undefined)?.code;
  }
}

/** Failures to open a connection: through a proxy, the only connection opened is the one to the proxy. */
const CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * The error as the user should read it when the request went through `proxy`: undici says
 * "Proxy response (407) !== 200 when HTTP Tunneling" or "connect ECONNREFUSED", without
 * saying that it was the proxy (the message named the API host instead).
 */
export function atProxy(err: unknown, proxy: string): unknown {
  const name = proxyName(proxy);
  const e = err as { message?: string; code?: string; cause?: { code?: string } };
  const message = e?.message ?? '';
  const status = message.match(/^Proxy response \((\d+)\)/)?.[1] ?? (/Proxy Authentication Required \(407\)/.test(message) ? '407' : undefined);
  if (status === '407') return new ProxyFailure(name, `the proxy ${name} asks for credentials (407 Proxy Authentication Required)`, err);
  if (status) return new ProxyFailure(name, `the proxy ${name} would not open a connection to the API (it answered ${status})`, err);
  const code = e?.code ?? e?.cause?.code;
  if (code && CONNECT_CODES.has(code)) return new ProxyFailure(name, `cannot reach the proxy ${name} (${errorCode(err)})`, err);
  return err;
}
