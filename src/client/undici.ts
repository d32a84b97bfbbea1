// The pieces of undici the client uses, imported from their own modules: undici's index
// loads fetch, WebSocket, mocks and caches too (~70 ms of start-up for every command,
// and scripts call `infra` hundreds of times). The proxy agent (with SOCKS5 support) is
// loaded only when a proxy variable is set.
import type { Dispatcher } from 'undici';
// @ts-expect-error: internal module of undici 7 (no type declarations); pinned by the lockfile.
import requestApi from 'undici/lib/api/api-request.js';
// @ts-expect-error: internal module of undici 7 (no type declarations); pinned by the lockfile.
import AgentImpl from 'undici/lib/dispatcher/agent.js';

export interface AgentOptions {
  keepAliveTimeout?: number;
  connect?: { timeout?: number };
  headersTimeout?: number;
  bodyTimeout?: number;
}

const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY'];

/** Whether EnvHttpProxyAgent would route anything through a proxy (it reads the same variables). */
export function proxyConfigured(env: Record<string, string | undefined> = process.env): boolean {
  return PROXY_VARIABLES.some((name) => (env[name] ?? '').trim() !== '');
}

/** A keep-alive Agent with timeouts; one that honours HTTP(S)_PROXY / NO_PROXY when a proxy is set. */
export async function createAgent(options: AgentOptions): Promise<Dispatcher> {
  if (!proxyConfigured()) return new (AgentImpl as new (o: AgentOptions) => Dispatcher)(options);
  const [{ default: EnvHttpProxyAgent }, { default: DispatcherImpl }, { default: api }] = await Promise.all([
    // @ts-expect-error: internal module of undici 7 (no type declarations); pinned by the lockfile.
    import('undici/lib/dispatcher/env-http-proxy-agent.js'),
    // @ts-expect-error: internal module of undici 7 (no type declarations); pinned by the lockfile.
    import('undici/lib/dispatcher/dispatcher.js'),
    // @ts-expect-error: internal module of undici 7 (no type declarations); pinned by the lockfile.
    import('undici/lib/api/index.js'),
  ]);
  // The proxy agent tunnels with `client.connect()`, a method undici's index puts on every
  // Dispatcher; loading the modules directly skips that, so do what the index does.
  Object.assign((DispatcherImpl as { prototype: object }).prototype, api);
  return new (EnvHttpProxyAgent as new (o: AgentOptions) => Dispatcher)(options);
}

/** undici's `request()` on a given dispatcher (any Dispatcher: tests inject their own). */
export function send(dispatcher: Dispatcher, url: URL, options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'>): Promise<Dispatcher.ResponseData> {
  const call = requestApi as (this: Dispatcher, opts: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
  return call.call(dispatcher, { ...options, origin: url.origin, path: url.pathname + url.search });
}
