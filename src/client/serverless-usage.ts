// Serverless usage (GET /serverless/{id}/usage?period=) and metrics (GET .../metrics?hours=):
// reads kept as sent; the facts type `metrics` loosely (a map of `{timestamps, values}` series,
// or `[]`), so the views read them leniently (src/output/samples.ts).
import type { HttpClient, RequestOptions } from './http.js';

type Opts = Pick<RequestOptions<unknown>, 'signal'>;

export async function serverlessUsage(http: HttpClient, id: string, period: string | undefined, opts: Opts = {}) {
  const res = await http.get(`/serverless/${encodeURIComponent(id)}/usage`, { query: { period }, permission: 'serverless:read', ...opts });
  return { raw: res.raw };
}

export async function serverlessMetrics(http: HttpClient, id: string, hours: number | undefined, opts: Opts = {}) {
  const res = await http.get(`/serverless/${encodeURIComponent(id)}/metrics`, { query: { hours }, permission: 'serverless:read', ...opts });
  return { raw: res.raw };
}
