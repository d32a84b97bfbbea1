// The transport. Everything here is undici's public API except two imports: undici's index
// loads fetch, WebSocket, mocks, caches and the HTTP/2 client with every command, which costs
// more start-up than the whole rest of the client. `npm run bench` (scripts/bench-undici.mjs)
// measures what these two imports save in every run (the rule: at least 30 ms, or use the
// index), and test/client/undici-internals.test.ts fails when an undici upgrade moves or
// changes them: they must stay the very objects the index exports.
import type { Dispatcher } from 'undici';
import { atProxy, proxyFor } from './proxy.js';
// @ts-expect-error: undici's own module for `Agent` (no type declarations); see the header.
import AgentImpl from 'undici/lib/dispatcher/agent.js';
// @ts-expect-error: undici's own module for `Dispatcher.prototype.request` (no type declarations); see the header.
import requestImpl from 'undici/lib/api/api-request.js';

/** The two internal paths, by name, for the test that guards them. */
export const UNDICI_INTERNALS = { Agent: 'undici/lib/dispatcher/agent.js', request: 'undici/lib/api/api-request.js' } as const;

const Agent = AgentImpl as typeof import('undici').Agent;
const requestOn = requestImpl as (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

export type Env = Readonly<Record<string, string | undefined>>;

export interface AgentOptions {
  keepAliveTimeout?: number;
  connect?: { timeout?: number };
  headersTimeout?: number;
  bodyTimeout?: number;
}

const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY'];

/** Whether EnvHttpProxyAgent would route anything through a proxy (it reads the same variables). */
export function proxyConfigured(env: Env): boolean {
  return PROXY_VARIABLES.some((name) => (env[name] ?? '').trim() !== '');
}

export { proxyOptions } from './proxy.js';

/**
 * A keep-alive Agent with timeouts; with a proxy variable set in `env`, a dispatcher that
 * sends each request directly or through undici's ProxyAgent (loaded from undici's index
 * then, and only then) by the rules of proxy.ts, and says which failures were the proxy's.
 */
export async function createAgent(options: AgentOptions, env: Env): Promise<Dispatcher> {
  if (!proxyConfigured(env)) return new Agent(options);
  // The default export: a bundle gives a CommonJS module only that (Node gives both).
  const undici = (await import('undici')).default;
  const direct = new Agent(options);
  const agents = new Map<string, Dispatcher>();
  const through = (proxy: string): Dispatcher => {
    let agent = agents.get(proxy);
    // proxyTunnel false: plain http goes to the proxy as an absolute-form request; https is tunnelled (CONNECT) either way.
    if (!agent) agents.set(proxy, (agent = new undici.ProxyAgent({ ...options, uri: proxy, proxyTunnel: false })));
    return agent;
  };
  class Routed extends undici.Dispatcher {
    override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
      const proxy = proxyFor(new URL(String(opts.origin)), env);
      if (!proxy) return direct.dispatch(opts, handler);
      // request()'s handler takes errors through onError: there they are renamed for the proxy.
      const legacy = handler as { onError?: (err: Error) => void };
      const onError = legacy.onError;
      if (onError) legacy.onError = (err) => onError.call(handler, atProxy(err, proxy) as Error);
      return through(proxy).dispatch(opts, handler);
    }
    override async close(): Promise<void> {
      await Promise.all([direct.close(), ...[...agents.values()].map((a) => a.close())]);
    }
    override async destroy(): Promise<void> {
      await Promise.all([direct.destroy(), ...[...agents.values()].map((a) => a.destroy())]);
    }
  }
  return new Routed();
}

/** undici's `request()` on a given dispatcher (any Dispatcher: tests and library users inject their own). */
export function send(dispatcher: Dispatcher, url: URL, options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'>): Promise<Dispatcher.ResponseData> {
  return requestOn.call(dispatcher, { ...options, origin: url.origin, path: url.pathname + url.search });
}
