import { InvalidArgumentError } from 'commander';
import { resourceArg, defineCommand, flag, option, withChoices, withDefault } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { CONTAINERS } from '../../client/families.js';
import type { App } from '../../cli/app.js';
import { CliError } from '../../cli/errors.js';
import { durationOption, intOption } from '../../cli/options.js';
import { need } from '../../client/wire.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { formatDuration } from '../../shared/duration.js';
import { COLD_EXTRA_MS, COLD_FACTOR, ms, probe, type ProbeReport, type Sample } from './probe-measure.js';

const DEFAULT_TIMEOUT_MS = 10_000;

function pathOption(value: string): string {
  const v = value.trim();
  if (!v || /\s/.test(v) || /^[a-z][a-z0-9+.-]*:/i.test(v)) throw new InvalidArgumentError('--path takes a path such as /healthz (not a URL, no spaces).');
  return v.startsWith('/') ? v : `/${v}`;
}

/** The container's URL with the path appended (a URL with a path prefix keeps it). */
export function probeUrl(base: string, path: string): URL {
  const u = new URL(base);
  const [p, q] = path.split('?', 2) as [string, string | undefined];
  u.pathname = `${u.pathname.replace(/\/+$/, '')}${p}`;
  if (q !== undefined) u.search = `?${q}`;
  return u;
}

/** Methods that change nothing: the probe sends its request 1 + --warm-requests times. */
export const PROBE_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

function methodOption(value: string): string {
  const v = value.trim().toUpperCase();
  if (!(PROBE_METHODS as readonly string[]).includes(v))
    throw new InvalidArgumentError(`--method must be one of ${PROBE_METHODS.join(', ')} (the probe repeats its request, so only methods that change nothing).`);
  return v;
}

function urlOption(value: string): URL {
  let u: URL;
  try {
    u = new URL(value.trim());
  } catch {
    throw new InvalidArgumentError('--url takes a full URL such as https://web.example.com/healthz.');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new InvalidArgumentError('--url must be http or https.');
  if (u.username || u.password) throw new InvalidArgumentError('--url must not carry a user or password.');
  return u;
}

export default defineCommand({
  path: ['serverless', 'probe'],
  description: "check a container's URL from this machine: DNS, TLS, status, time to first byte, cold start versus warm latency",
  args: [resourceArg('[id]', 'container id, name or slug (or --url)', CONTAINERS)],
  options: {
    url: option('--url <url>', "probe this URL instead of a container's own (no API request; --path is not added)", urlOption),
    path: withDefault('--path <path>', 'path to request', '/', pathOption),
    method: withChoices(option('--method <method>', 'request method (default GET)', methodOption), PROBE_METHODS),
    cold: flag('--cold', 'judge a cold start: needs warm requests to compare with (refused with --warm-requests 0)'),
    expectStatus: option('--expect-status <code>', 'the status that counts as success (default: any 2xx or 3xx)', intOption('--expect-status', 100, 599)),
    warmRequests: withDefault('--warm-requests <n>', 'requests after the first, on the same connection, whose median is the warm latency', 5, intOption('--warm-requests', 0, 100)),
    timeout: option('--timeout <duration>', 'give up on a request without an answer after this long (default 10s)', durationOption('--timeout', { min: 100 })),
  },
  examples: [
    'infra serverless probe web',
    'infra serverless probe --url https://web.example.com/healthz --method HEAD --cold',
    'infra serverless probe api --path /healthz --expect-status 200 --warm-requests 10',
    'infra serverless probe web --json | jq .cold_start',
  ],
  help: `A cold start is called likely when the first request's time to first byte is at least ${COLD_FACTOR}x the median of the warm requests and ${COLD_EXTRA_MS} ms slower than it (a scale from zero adds seconds; a fast service's jitter does not count). Plain HTTP is not a TLS failure. Exit 1 when the name does not resolve, the connection or TLS fails, or the status is not the one expected.`,
  run: async (app, { args: [ref], opts }) => {
    if (ref !== undefined && opts.url) throw new UsageError('give a container or --url, not both');
    if (ref === undefined && !opts.url) throw new UsageError('give a container to probe, or --url', 'infra serverless probe web');
    if (opts.cold && opts.warmRequests === 0) throw new UsageError('--cold needs warm requests to compare the first one with', 'drop --warm-requests 0 (the default is 5)');
    const target = opts.url ? { id: null, name: opts.url.host, url: opts.url } : await containerTarget(app, ref!, opts.path);
    const { id, name, url } = target;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(ExitCode.FAILED, `the URL of ${name} is not http(s): ${url}`);
    const timeoutMs = opts.timeout ?? DEFAULT_TIMEOUT_MS;
    if (!app.json) app.info(`probing ${url} (1 request, then ${opts.warmRequests} warm)`);
    const r = await probe(url, opts.warmRequests, { now: () => app.ctx.clock.now(), timeoutMs, signal: app.ctx.signal, userAgent: 'infra-cli probe', ...(opts.method ? { method: opts.method } : {}) });
    if (app.ctx.signal.aborted) throw app.ctx.signal.reason;
    const status = r.first?.status ?? null;
    const expected = opts.expectStatus === undefined ? '2xx or 3xx' : String(opts.expectStatus);
    const statusOk = status !== null && (opts.expectStatus === undefined ? status >= 200 && status < 400 : status === opts.expectStatus);
    const warmBad = r.warm.find((s) => s.status !== status);
    if (app.json) app.printJson({ id, name, ...r, status, expected_status: expected, status_ok: statusOk });
    else show(app, r, expected, timeoutMs);
    if (r.error) throw new CliError(ExitCode.FAILED, `probe of ${name} failed: ${r.error}`, hintFor(r, id));
    if (!statusOk) throw new CliError(ExitCode.FAILED, `probe of ${name}: status ${status}, expected ${expected}`, id === null ? undefined : `see why with: infra serverless diagnose ${id}`);
    if (warmBad) app.warn(`a warm request answered ${warmBad.status}, the first one ${status}`);
    return ExitCode.OK;
  },
});

/** A container's URL with the path, read from the API. */
async function containerTarget(app: App, ref: string, path: string): Promise<{ id: string; name: string; url: URL }> {
  const client = await app.client();
  const id = await client.serverless.resolveId(ref, { signal: app.ctx.signal });
  const read = await client.serverless.get(id, { signal: app.ctx.signal });
  const base = need(read.container.url, `GET /api/v1/serverless/${id}`, 'url');
  return { id, name: read.container.name ?? ref, url: probeUrl(base, path) };
}

function hintFor(r: ProbeReport, id: string | null): string {
  if (id === null) return r.dns.error ? 'check the host name of --url' : 'check the URL given with --url';
  if (r.dns.error) return 'the URL may not be published yet, or this machine uses another resolver';
  if (r.tls && !r.tls.authorized) return "this machine does not trust the certificate; check the URL's certificate chain";
  return `see why with: infra serverless diagnose ${id}`;
}

function show(app: App, r: ProbeReport, expected: string, timeoutMs: number): void {
  const sample = (s: Sample | null) => (s ? `${ms(s.ttfb_ms)} to first byte, ${ms(s.total_ms)} in all` : undefined);
  const dns = r.dns.literal ? `${r.dns.host} (an address: nothing to resolve)` : r.dns.error ? `failed: ${r.dns.error}` : `${r.dns.addresses.join(', ')} (${ms(r.dns.ms ?? 0)})`;
  const tls = r.tls
    ? `${r.tls.protocol ?? '?'}, issuer ${r.tls.issuer ?? '?'}, ${r.tls.days_to_expiry === null ? 'expiry unknown' : `expires in ${r.tls.days_to_expiry} days`}${r.tls.authorized ? '' : ` (NOT TRUSTED: ${r.tls.error ?? ''})`}`
    : new URL(r.url).protocol === 'http:'
      ? 'none (plain HTTP)'
      : undefined;
  const cold = r.cold_start.likely === null ? `cannot tell: ${r.cold_start.reason}` : `${r.cold_start.likely ? 'likely' : 'not likely'}: ${r.cold_start.reason}`;
  app.keyValue([
    ['URL', r.url],
    ['DNS', dns],
    ['TLS', tls],
    ['Connect', r.first?.connect_ms === null || r.first === null ? undefined : ms(r.first.connect_ms)],
    ['Status', r.first ? `${r.first.status} (expected ${expected})` : undefined],
    ['First request', sample(r.first)],
    ['Warm median', r.warm_median_ms === null ? undefined : `${ms(r.warm_median_ms)} to first byte (${r.warm.length} requests: ${r.warm.map((s) => Math.round(s.ttfb_ms)).join(', ')} ms)`],
    ['Cold start', r.first ? cold : undefined],
    ['Error', r.error ? `${r.error}${/no answer/.test(r.error) ? ` (timeout ${formatDuration(timeoutMs)})` : ''}` : undefined],
  ]);
}
