// Connection details of databases and caches (contract 9, spec 2.2), shared by the
// `database` and `cache` families: the pair to connect to now, which plane it is on,
// both endpoints, and the read endpoints that only the private network reaches.
import type { Credentials, DnsAnswer } from '../../client/schemas.js';
import { maskPassword, maskUrlPassword } from '../../output/mask.js';

type ConnectionFields = DnsAnswer;

/** Public DNS is on when the public pair exists; connection_* then points at it. */
export function dnsEnabled(f: ConnectionFields): boolean {
  return !!f.dns_hostname && f.dns_port !== null && f.dns_port !== undefined;
}

export function pair(host: string | null | undefined, port: number | null | undefined): string | undefined {
  if (!host) return undefined;
  return port === null || port === undefined ? host : `${host}:${port}`;
}

/** Never dns_hostname with `port`: the engine port on the shared load balancer is someone else's. */
export function currentPair(f: ConnectionFields): string | undefined {
  return pair(f.connection_host, f.connection_port);
}

export function privatePair(f: ConnectionFields): string | undefined {
  return pair(f.internal_host, f.internal_port) ?? f.internal_endpoint ?? undefined;
}

export function publicPair(f: ConnectionFields): string | undefined {
  return dnsEnabled(f) ? pair(f.dns_hostname, f.dns_port) : undefined;
}

export function readEndpointsText(f: ConnectionFields): string {
  const list = (f.read_endpoints ?? []).map((r) => `${r.host}:${r.port}${r.role ? ` (${r.role})` : ''}`);
  const note = 'private network only';
  return list.length ? `${list.join(', ')}; ${note}` : `${note} (replicas, Sentinel)`;
}

/** The key/value view of `credentials` / `connection-info`. */
export function credentialsView(c: Credentials, showSecrets: boolean): [string, string | undefined][] {
  const on = dnsEnabled(c);
  return [
    ['connect to', currentPair(c) ?? '(not given by the API)'],
    ['plane', on ? 'public (public DNS is on)' : 'private (public DNS is off)'],
    ['private endpoint', privatePair(c) ?? '(not given by the API)'],
    ['public endpoint', on ? publicPair(c) : 'none (public DNS is off)'],
    ['read endpoints', readEndpointsText(c)],
    ['username', c.username ?? undefined],
    ['password', showSecrets ? (c.password ?? '(none)') : maskPassword(c.password)],
    ['database', c.database ?? undefined],
    ['url', showSecrets ? c.connection_info : maskUrlPassword(c.connection_info)],
  ];
}
