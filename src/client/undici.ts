// The transport. Everything here is undici's public API except two imports: undici's index
// loads fetch, WebSocket, mocks, caches and the HTTP/2 client with every command, which costs
// more start-up than the whole rest of the client. `npm run bench` (scripts/bench-undici.mjs)
// measures what these two imports save in every run (the rule: at least 30 ms, or use the
// index), and test/client/undici-internals.test.ts fails when an undici upgrade moves or
// changes them: they must stay the very objects the index exports.
import type { Dispatcher } from 'undici';
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

/**
 * The proxy settings of `env` as EnvHttpProxyAgent reads them (lower case wins), spelled
 * out: given nothing, the agent would read the process's environment instead of the caller's.
 */
export function proxyOptions(env: Env): { httpProxy: string; httpsProxy: string; noProxy: string } {
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY ?? '';
  return { httpProxy, httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? httpProxy, noProxy: env.no_proxy ?? env.NO_PROXY ?? '' };
}

/**
 * A keep-alive Agent with timeouts; with a proxy variable set in `env`, undici's
 * EnvHttpProxyAgent (loaded from undici's index then, and only then).
 */
export async function createAgent(options: AgentOptions, env: Env): Promise<Dispatcher> {
  if (!proxyConfigured(env)) return new Agent(options);
  // The default export: a bundle gives a CommonJS module only that (Node gives both).
  const { EnvHttpProxyAgent } = (await import('undici')).default;
  return new EnvHttpProxyAgent({ ...options, ...proxyOptions(env) });
}

/** undici's `request()` on a given dispatcher (any Dispatcher: tests and library users inject their own). */
export function send(dispatcher: Dispatcher, url: URL, options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'>): Promise<Dispatcher.ResponseData> {
  return requestOn.call(dispatcher, { ...options, origin: url.origin, path: url.pathname + url.search });
}
