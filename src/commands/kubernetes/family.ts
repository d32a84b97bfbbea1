// Kubernetes clusters as a family of the generic commands: list, get, delete and wait come
// from this spec; create, scale and the pool changes are files of their own. The facts' cluster
// carries only a legacy status (pending, provisioning, running, error, destroying); a server
// that sends the shared status model (status_details) is read by it, and otherwise the legacy
// status is read as that model (provisioning or scaling = in flight, running = ready, error =
// failed), so one wait serves clusters too. A newer server's `pools` are shown when sent.
import type { Resource } from '../../client/resources.js';
import type { FamilySpec, Item } from '../resource/family.js';
import { field, idColumn } from '../resource/family.js';
import { TIMESTAMP_FIT } from '../../output/fit.js';
import { withLegacyStatus } from '../resource/legacy-status.js';

export const K8S_KIND = { path: '/kubernetes', noun: 'Kubernetes cluster', ids: 'uuid', wrapper: 'data', permission: 'kubernetes' } as const;

/** The node plans a pool takes (the facts' enum of POST /kubernetes/{cluster}/pools). */
export const K8S_PLANS = ['nano', 'micro', 'small', 'medium', 'large', 'xlarge'] as const;

/** The Kubernetes versions a create takes (the facts: `k8s_version: "1.35"`). */
export const K8S_VERSIONS = ['1.35'] as const;

const IN_FLIGHT = new Set(['pending', 'provisioning', 'scaling', 'updating', 'creating']);

function statusOf(r: Resource): Resource {
  const s = (r.status ?? r.status_label ?? 'unknown').toLowerCase();
  const phase = IN_FLIGHT.has(s) ? (s === 'pending' ? 'pending' : 'in_progress') : s === 'destroying' ? 'deleting' : s === 'error' ? 'failed' : s === 'running' ? 'ready' : undefined;
  return withLegacyStatus(r, s, phase);
}

export interface Pool {
  name?: unknown;
  plan?: unknown;
  count?: unknown;
  status?: unknown;
}

/** The cluster's node pools, when the server sends them (the facts' resource has none). */
export function poolsOf(c: Record<string, unknown>): Pool[] | undefined {
  return Array.isArray(c.pools) ? (c.pools as Pool[]).filter((p) => p && typeof p === 'object') : undefined;
}

function describePool(p: Pool): string {
  const count = typeof p.count === 'number' || typeof p.count === 'string' ? `${p.count} × ` : '';
  const state = typeof p.status === 'string' && p.status !== 'ready' ? ` (${p.status})` : '';
  return `${count}${typeof p.plan === 'string' ? p.plan : '?'}${state}`;
}

export const KUBERNETES: FamilySpec = {
  kind: K8S_KIND,
  command: 'kubernetes',
  label: 'Kubernetes cluster',
  columns: [
    idColumn(),
    { header: 'NAME', value: (c) => c.name ?? '' },
    { header: 'STATUS', value: (c) => c.status ?? field(c, 'status_label') ?? '' },
    { header: 'VERSION', value: (c) => field(c, 'k8s_version') ?? '', fit: { priority: 2 } },
    { header: 'NODES', value: (c) => field(c, 'node_count') ?? '' },
    { header: 'POOLS', value: (c) => String(poolsOf(c)?.length ?? ''), fit: { priority: 3 } },
    { header: 'CREATED', value: (c) => c.created_at ?? '', fit: { ...TIMESTAMP_FIT, priority: 1 } },
  ],
  details: (c: Item) => [
    ['Version', field(c, 'k8s_version')],
    ['Endpoint', field(c, 'endpoint')],
    ['Nodes', field(c, 'node_count')],
    ['IP family', field(c, 'ip_family')],
    ['Service CIDR', field(c, 'service_cidr')],
    ...(poolsOf(c) ?? []).map((p): [string, string] => [`Pool ${typeof p.name === 'string' ? p.name : '?'}`, describePool(p)]),
  ],
  example: { name: 'prod-k8s', id: '7c1e3f0a-2b4d-4e5f-8a9b-0c1d2e3f4a5b' },
  statusOf,
  inspect: ['get'],
  verbs: {
    list: { make: 'list' },
    get: { make: 'get' },
    delete: { make: 'delete' },
    wait: { make: 'wait' },
  },
};
