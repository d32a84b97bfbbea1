// Connection details of databases and caches (docs/behaviour.md#connection, docs/behaviour.md#api-connection-fields), shared by the
// `database` and `cache` families: the pair to connect to now, which plane it is on, both
// endpoints, and the read endpoints that only the private network reaches. The planes come
// from the instance (`connection_*`, `internal_*`, `dns_*`); user, password and URL from
// the credentials answer, whose `host`/`port` are the pair to connect to now.
import type { App } from '../../cli/app.js';
import type { Credentials, Datastore } from '../../client/schemas.js';
import { maskPassword, maskUrlPassword } from '../../output/mask.js';

type Fields = Pick<Datastore, 'dns_hostname' | 'dns_port' | 'connection_host' | 'connection_port' | 'internal_host' | 'internal_port' | 'internal_endpoint'>;

/** Public DNS is on when the public pair exists; connection_* then points at it. */
export function dnsEnabled(f: Partial<Fields>): boolean {
  return !!f.dns_hostname && f.dns_port !== null && f.dns_port !== undefined;
}

export function pair(host: string | null | undefined, port: number | null | undefined): string | undefined {
  if (!host) return undefined;
  return port === null || port === undefined ? host : `${host}:${port}`;
}

/** Never dns_hostname with `port`: the engine port on the shared load balancer is someone else's. */
export function currentPair(f: Partial<Fields>): string | undefined {
  return pair(f.connection_host, f.connection_port);
}

export function privatePair(f: Partial<Fields>): string | undefined {
  return pair(f.internal_host, f.internal_port) ?? f.internal_endpoint ?? undefined;
}

export function publicPair(f: Partial<Fields>): string | undefined {
  return dnsEnabled(f) ? pair(f.dns_hostname, f.dns_port) : undefined;
}

export const READ_ENDPOINTS_NOTE = 'private network only (replicas, Sentinel): they keep the engine port even with public DNS on';

const FIELD_KEYS = ['dns_hostname', 'dns_port', 'connection_host', 'connection_port', 'internal_host', 'internal_port', 'internal_endpoint'] as const;

/**
 * The connection fields to show: the credentials answer's where it carries them (docs/behaviour.md#api-connection-fields
 * names them there too), else the instance's. A field the answer has is never "not given".
 */
export function mergedFields(c: Credentials, instance: Partial<Fields> | undefined): Partial<Fields> | undefined {
  const given = Object.fromEntries(FIELD_KEYS.filter((k) => c[k] !== undefined && c[k] !== null).map((k) => [k, c[k]]));
  if (!instance && Object.keys(given).length === 0) return undefined;
  return { ...(instance ?? {}), ...given };
}

/** The key/value view of `credentials` / `connection-info`; the planes are shown when known. */
export function credentialsView(c: Credentials, instance: Partial<Fields> | undefined, showSecrets: boolean): [string, string | undefined][] {
  const fields = mergedFields(c, instance);
  const now = pair(c.host, c.port) ?? (fields ? currentPair(fields) : undefined);
  const planes: [string, string | undefined][] = fields
    ? [
        ['plane', dnsEnabled(fields) ? 'public (public DNS is on)' : 'private (public DNS is off)'],
        ['private endpoint', privatePair(fields) ?? '(not given by the API)'],
        ['public endpoint', dnsEnabled(fields) ? publicPair(fields) : 'none (public DNS is off)'],
      ]
    : [];
  return [
    ['connect to', now ?? '(not given by the API)'],
    ...planes,
    ['read endpoints', READ_ENDPOINTS_NOTE],
    ['username', c.username ?? undefined],
    ['password', showSecrets ? (c.password ?? '(none)') : maskPassword(c.password)],
    // The application user is what an app connects as; without these rows a person found its
    // password only in --json. Masked like the superuser's unless --show-secrets.
    ['application user', c.application_user?.username ?? undefined],
    ['application password', c.application_user ? (showSecrets ? (c.application_user.password ?? '(none)') : maskPassword(c.application_user.password)) : undefined],
    ['database', c.database ?? undefined],
    ['url', c.connection_info ? (showSecrets ? c.connection_info : maskUrlPassword(c.connection_info)) : undefined],
  ];
}

/**
 * `--url`: on a terminal the password is masked unless --show-secrets (a screen is read over
 * shoulders and recorded); piped, the URL goes out whole, since that is what
 * `psql "$(infra database credentials db --url)"` needs.
 */
export function urlOutput(app: App, url: string, showSecrets: boolean): void {
  if (!app.ctx.stdout.isTTY || showSecrets) return app.print(url);
  app.print(maskUrlPassword(url));
  app.hint('the password is masked on a terminal: --show-secrets shows it; piped, --url prints the URL whole');
}
