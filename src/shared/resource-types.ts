// The words the API uses for a product's type (in search results, support tickets, alerts)
// and where that product lives: its list path below /api/v1, its command, and a noun with its
// article. Pure data, so the client (name resolution) and the CLI (hints, search) share it.

export interface ResourceType {
  /** The API's words for it (`static_site`); the first is the one sent. */
  words: readonly string[];
  /** List path below /api/v1. */
  path: string;
  /** The command group that shows one (`static-sites`). */
  command: string;
  /** `a database`, `an app`. */
  noun: string;
}

export const RESOURCE_TYPES: readonly ResourceType[] = [
  { words: ['serverless', 'serverless_container', 'container'], path: '/serverless', command: 'serverless', noun: 'a serverless container' },
  { words: ['database', 'database_instance'], path: '/database', command: 'database', noun: 'a database' },
  { words: ['cache', 'cache_instance'], path: '/cache', command: 'cache', noun: 'a cache' },
  { words: ['vps', 'vps_instance'], path: '/vps', command: 'vps', noun: 'a VPS' },
  { words: ['queue', 'queue_instance'], path: '/queue', command: 'queue', noun: 'a queue' },
  { words: ['storage', 'bucket', 'storage_bucket'], path: '/storage/buckets', command: 'storage buckets', noun: 'a bucket' },
  { words: ['static_site', 'static-site'], path: '/static-sites', command: 'static-sites', noun: 'a static site' },
  { words: ['kubernetes', 'kubernetes_cluster', 'k8s'], path: '/kubernetes', command: 'kubernetes', noun: 'a Kubernetes cluster' },
  { words: ['app', 'app_instance'], path: '/apps', command: 'apps', noun: 'an app' },
  { words: ['firewall'], path: '/firewalls', command: 'firewalls', noun: 'a firewall' },
  { words: ['uptime_check', 'uptime'], path: '/uptime-checks', command: 'uptime', noun: 'an uptime check' },
];

/** The product a type word names (any case), if infra knows it. */
export function resourceType(word: unknown): ResourceType | undefined {
  if (typeof word !== 'string') return undefined;
  const w = word.trim().toLowerCase();
  return RESOURCE_TYPES.find((t) => t.words.includes(w));
}
