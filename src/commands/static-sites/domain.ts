// A custom domain of a site by its name (`docs.example.com`) or its id, and its verification
// in the words of the status model, so the one wait engine follows it (verify --wait).
import type { Client } from '../../client/index.js';
import { NotFoundError } from '../../client/errors.js';
import type { Resource } from '../../client/resources.js';
import type { SiteDomain } from '../../client/static-sites.js';

export async function findDomain(client: Client, siteId: string, siteName: string, ref: string, signal: AbortSignal): Promise<SiteDomain> {
  const { value } = await client.staticSites.domains(siteId, { signal });
  const want = ref.trim().toLowerCase().replace(/\.$/, '');
  const hit = value.find((d) => d.id === ref) ?? value.find((d) => d.domain?.toLowerCase() === want);
  if (!hit) throw new NotFoundError(`${siteName} has no domain "${ref}"`, 404, `GET /api/v1/static-sites/${siteId}/domains`);
  return hit;
}

/** pending → not started; verifying → in flight; verified → done; failed → failed (the TXT record was not found). */
export function domainStatus(d: SiteDomain): Resource {
  const v = (d.verification_status ?? '').toLowerCase();
  const done = v === 'verified';
  const failed = v === 'failed';
  const running = !done && !failed;
  return {
    id: d.id,
    name: d.domain ?? d.id,
    status: d.verification_status ?? undefined,
    status_details: {
      summary: done ? 'ready' : failed ? 'failed' : 'in_progress',
      health: done ? 'healthy' : 'unknown',
      stale: false,
      operation: { state: done ? 'succeeded' : failed ? 'failed' : 'running', terminal: !running },
      error: failed ? { code: 'static_site.domain_unverified', reason: 'VerificationFailed', message: `the TXT record of ${d.domain ?? d.id} was not found`, retryable: true } : null,
    },
  };
}
