// What `serverless probe` measures from this machine, with Node's own dns, tls and http(s):
// the name's resolution, the TLS handshake (protocol, issuer, days to expiry), the status and
// the time to first byte of a first request, then K warm requests on the same connection.
// The clock is injected: latencies are differences of `now()`, so tests measure a simulator
// whose delays are simulated time. Never sends the API token: the URL is the container's.
import { lookup as dnsLookup } from 'node:dns/promises';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP } from 'node:net';
import type { TLSSocket } from 'node:tls';

export interface ProbeDeps {
  /** GET unless said (--method): only methods that change nothing, as the probe repeats its request. */
  method?: string;
  now(): number;
  /** Name resolution (default: the system resolver, every address). */
  lookup?: (host: string) => Promise<{ address: string; family: number }[]>;
  /** Per request: no answer within this long fails the probe (a socket timeout, not a sleep). */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Certificates to trust besides the system's (tests). */
  ca?: string | Buffer;
  userAgent?: string;
}

export interface DnsResult {
  host: string;
  /** The URL holds an address: nothing to resolve. */
  literal: boolean;
  addresses: string[];
  ms: number | null;
  error?: string;
}

export interface TlsResult {
  protocol: string | null;
  issuer: string | null;
  subject: string | null;
  valid_to: string | null;
  days_to_expiry: number | null;
  authorized: boolean;
  error?: string;
}

export interface Sample {
  status: number;
  /** TCP connect; null on a reused connection. */
  connect_ms: number | null;
  tls_ms: number | null;
  /** From the request on a ready connection to the first byte of the answer: the server's time. */
  ttfb_ms: number;
  total_ms: number;
  reused: boolean;
}

/** A first request is a likely cold start when it took at least this many times the warm median... */
export const COLD_FACTOR = 3;
/** ...and at least this much longer (a scale from zero adds seconds; jitter on fast answers does not count). */
export const COLD_EXTRA_MS = 500;

export interface ColdStart {
  likely: boolean | null;
  reason: string;
}

export interface ProbeReport {
  url: string;
  dns: DnsResult;
  /** null: plain HTTP (not a failure). */
  tls: TlsResult | null;
  first: Sample | null;
  warm: Sample[];
  warm_median_ms: number | null;
  cold_start: ColdStart;
  /** Where it stopped, when it did. */
  error?: string;
}

export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Pure: whether the first request looks like a scale from zero. */
export function coldStart(first: number | null, warm: readonly number[]): ColdStart {
  const m = median(warm);
  if (first === null) return { likely: null, reason: 'the first request did not complete' };
  if (m === null) return { likely: null, reason: 'no warm requests to compare with (--warm-requests 0)' };
  const likely = first >= COLD_FACTOR * m && first - m >= COLD_EXTRA_MS;
  const rule = `threshold: ${COLD_FACTOR}x the warm median and ${COLD_EXTRA_MS} ms slower`;
  return {
    likely,
    reason: likely ? `the first request took ${ms(first)}, the warm median ${ms(m)} (${rule})` : `the first request (${ms(first)}) was close to the warm median (${ms(m)}) (${rule})`,
  };
}

export function ms(v: number): string {
  return v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`;
}

async function resolve(host: string, deps: ProbeDeps): Promise<DnsResult> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return { host: bare, literal: true, addresses: [bare], ms: null };
  const t0 = deps.now();
  try {
    const found = deps.lookup ? await deps.lookup(bare) : await dnsLookup(bare, { all: true });
    return { host: bare, literal: false, addresses: found.map((a) => a.address), ms: deps.now() - t0 };
  } catch (err) {
    return { host: bare, literal: false, addresses: [], ms: deps.now() - t0, error: `${(err as NodeJS.ErrnoException).code ?? 'lookup failed'}: ${bare} does not resolve` };
  }
}

export async function probe(url: URL, warmRequests: number, deps: ProbeDeps): Promise<ProbeReport> {
  const dns = await resolve(url.hostname, deps);
  const secure = url.protocol === 'https:';
  const report: ProbeReport = { url: url.toString(), dns, tls: null, first: null, warm: [], warm_median_ms: null, cold_start: { likely: null, reason: 'not measured' } };
  if (dns.error) return { ...report, error: dns.error };
  const addresses = dns.addresses.map((a) => ({ address: a, family: isIP(a) }));
  // One connection, kept alive: the first request pays for connect and TLS, the warm ones do not.
  const agentOptions = { keepAlive: true, maxSockets: 1, lookup: fixedLookup(addresses), autoSelectFamily: true };
  const agent = secure ? new https.Agent({ ...agentOptions, rejectUnauthorized: false, ...(deps.ca ? { ca: deps.ca } : {}) }) : new http.Agent(agentOptions);
  try {
    const tls: { value: TlsResult | null } = { value: null };
    try {
      report.first = await request(url, agent, secure, deps, tls);
    } catch (err) {
      report.tls = tls.value;
      return { ...report, error: (err as Error).message };
    }
    report.tls = tls.value;
    for (let i = 0; i < warmRequests; i++) {
      try {
        report.warm.push(await request(url, agent, secure, deps, tls));
      } catch (err) {
        return { ...report, ...summary(report), error: `warm request ${i + 1}: ${(err as Error).message}` };
      }
    }
    return { ...report, ...summary(report) };
  } finally {
    agent.destroy();
  }
}

function summary(r: ProbeReport): Pick<ProbeReport, 'warm_median_ms' | 'cold_start'> {
  const warm = r.warm.map((s) => s.ttfb_ms);
  return { warm_median_ms: median(warm), cold_start: coldStart(r.first?.ttfb_ms ?? null, warm) };
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void;

/** The addresses resolved once, handed to the connection (no second lookup to time or to differ). */
function fixedLookup(addresses: { address: string; family: number }[]) {
  return (_host: string, options: { all?: boolean } | number, cb: LookupCallback) => {
    if (typeof options === 'object' && options.all) cb(null, addresses);
    else cb(null, addresses[0]!.address, addresses[0]!.family);
  };
}

function request(url: URL, agent: http.Agent, secure: boolean, deps: ProbeDeps, tls: { value: TlsResult | null }): Promise<Sample> {
  const mod = secure ? https : http;
  return new Promise<Sample>((resolveSample, reject) => {
    const t0 = deps.now();
    let connectedAt: number | null = null;
    let secureAt: number | null = null;
    let reused = false;
    let respondedAt = 0;
    const req = mod.request(url, {
      agent,
      method: deps.method ?? 'GET',
      headers: { 'user-agent': deps.userAgent ?? 'infra-cli probe', accept: '*/*' },
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
    req.setTimeout(deps.timeoutMs, () => req.destroy(new Error(`no answer within ${ms(deps.timeoutMs)}`)));
    req.on('socket', (socket) => {
      if (!socket.connecting) {
        reused = true;
        return;
      }
      socket.once('connect', () => (connectedAt = deps.now()));
      if (secure) {
        socket.once('secureConnect', () => {
          secureAt = deps.now();
          const s = socket as TLSSocket;
          tls.value = tlsOf(s, deps.now());
          if (!s.authorized) req.destroy(new Error(`TLS: the certificate is not trusted (${String(s.authorizationError)})`));
        });
      }
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (deps.signal?.aborted) return reject(deps.signal.reason);
      reject(new Error(err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message));
    });
    req.on('response', (res) => {
      respondedAt = deps.now();
      res.resume();
      res.on('end', () => {
        const ready = secureAt ?? connectedAt ?? t0;
        resolveSample({
          status: res.statusCode ?? 0,
          connect_ms: connectedAt === null ? null : connectedAt - t0,
          tls_ms: secureAt === null || connectedAt === null ? null : secureAt - connectedAt,
          ttfb_ms: respondedAt - ready,
          total_ms: deps.now() - t0,
          reused,
        });
      });
      res.on('error', reject);
    });
    req.end();
  });
}

function tlsOf(s: TLSSocket, now: number): TlsResult {
  const cert = s.getPeerCertificate();
  const name = (o: Record<string, string | string[] | undefined> | undefined) => {
    const v = o?.O ?? o?.CN;
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  };
  const validTo = cert && cert.valid_to ? cert.valid_to : null;
  const expires = validTo ? Date.parse(validTo) : NaN;
  return {
    protocol: s.getProtocol() ?? null,
    issuer: cert ? name(cert.issuer as unknown as Record<string, string>) : null,
    subject: cert ? name(cert.subject as unknown as Record<string, string>) : null,
    valid_to: validTo,
    days_to_expiry: Number.isNaN(expires) ? null : Math.floor((expires - now) / 86_400_000),
    authorized: s.authorized,
    ...(s.authorized ? {} : { error: String(s.authorizationError) }),
  };
}
