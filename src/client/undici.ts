// The two pieces of undici the client uses, imported from their own modules: undici's
// index loads fetch, WebSocket, mocks and caches too, which costs ~70 ms of start-up
// for every command (scripts call `infra` hundreds of times).
import type { Dispatcher } from 'undici';
// @ts-expect-error: internal module of undici 7 (no type declarations); pinned by the lockfile.
import requestApi from 'undici/lib/api/api-request.js';
// @ts-expect-error: internal module of undici 7 (no type declarations); pinned by the lockfile.
import EnvHttpProxyAgentImpl from 'undici/lib/dispatcher/env-http-proxy-agent.js';

export interface ProxyAgentOptions {
  keepAliveTimeout?: number;
  connect?: { timeout?: number };
  headersTimeout?: number;
  bodyTimeout?: number;
}

/** An Agent that honours HTTP_PROXY / HTTPS_PROXY / NO_PROXY (keep-alive, timeouts). */
export function createAgent(options: ProxyAgentOptions): Dispatcher {
  return new (EnvHttpProxyAgentImpl as new (o: ProxyAgentOptions) => Dispatcher)(options);
}

/** undici's `request()` on a given dispatcher (any Dispatcher: tests inject their own). */
export function send(dispatcher: Dispatcher, url: URL, options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'>): Promise<Dispatcher.ResponseData> {
  const call = requestApi as (this: Dispatcher, opts: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
  return call.call(dispatcher, { ...options, origin: url.origin, path: url.pathname + url.search });
}
