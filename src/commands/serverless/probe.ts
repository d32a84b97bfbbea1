import { InvalidArgumentError } from 'commander';
import { resourceArg, defineCommand, option, withDefault } from '../../cli/command.js';
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

export default defineCommand({
  path: ['serverless', 'probe'],
  description: "check a container's URL from this machine: DNS, TLS, status, time to first byte, cold start versus warm latency",
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: {
    path: withDefault('--path <path>', 'path to request', '/', pathOption),
    expectStatus: option('--expect-status <code>', 'the status that counts as success (default: any 2xx or 3xx)', intOption('--expect-status', 100, 599)),
    warmRequests: withDefault('--warm-requests <n>', 'requests after the first, on the same connection, whose median is the warm latency', 5, intOption('--warm-requests', 0, 100)),
    timeout: option('--timeout <duration>', 'give up on a request without an answer after this long (default 10s)', durationOption('--timeout', { min: 100 })),
  },
  examples: ['infra serverless probe web', 'infra serverless probe api --path /healthz --expect-status 200 --warm-requests 10', 'infra serverless probe web --json | jq .cold_start'],
  help: `A cold start is called likely when the first request's time to first byte is at least ${COLD_FACTOR}x the median of the warm requests and ${COLD_EXTRA_MS} ms slower than it (a scale from zero adds seconds; a fast service's jitter does not count). Plain HTTP is not a TLS failure. Exit 1 when the name does not resolve, the connection or TLS fails, or the status is not the one expected.`,
  run: async (app, { args: [ref], opts }) => {
    const client = await app.client();
    const id = await client.serverless.resolveId(ref, { signal: app.ctx.signal });
    const read = await client.serverless.get(id, { signal: app.ctx.signal });
    const name = read.container.name ?? ref;
    const base = need(read.container.url, `GET /api/v1/serverless/${id}`, 'url');
    const url = probeUrl(base, opts.path);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(ExitCode.FAILED, `the URL of ${name} is not http(s): ${base}`);
    const timeoutMs = opts.timeout ?? DEFAULT_TIMEOUT_MS;
    if (!app.json) app.info(`probing ${url} (1 request, then ${opts.warmRequests} warm)`);
    const r = await probe(url, opts.warmRequests, { now: () => app.ctx.clock.now(), timeoutMs, signal: app.ctx.signal, userAgent: 'infra-cli probe' });
    if (app.ctx.signal.aborted) throw app.ctx.signal.reason;
    const status = r.first?.status ?? null;
    const expected = opts.expectStatus === undefined ? '2xx or 3xx' : String(opts.expectStatus);
    const statusOk = status !== null && (opts.expectStatus === undefined ? status >= 200 && status < 400 : status === opts.expectStatus);
    const warmBad = r.warm.find((s) => s.status !== status);
    if (app.json) app.printJson({ id, name, ...r, status, expected_status: expected, status_ok: statusOk });
    else show(app, r, expected, timeoutMs);
    if (r.error) throw new CliError(ExitCode.FAILED, `probe of ${name} failed: ${r.error}`, hintFor(r, id));
    if (!statusOk) throw new CliError(ExitCode.FAILED, `probe of ${name}: status ${status}, expected ${expected}`, `see why with: infra serverless diagnose ${id}`);
    if (warmBad) app.warn(`a warm request answered ${warmBad.status}, the first one ${status}`);
    return ExitCode.OK;
  },
});

function hintFor(r: ProbeReport, id: string): string {
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
