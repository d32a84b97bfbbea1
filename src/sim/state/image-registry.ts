// The simulated image registry `registry.sim.local`: one namespace per project (its
// `registry_namespace`), holding repositories and their tags. It decides which images exist:
// a rollout of `registry.sim.local/<namespace>/<repo>:<tag>` whose tag is not here fails as
// `serverless.image_not_found` (as the service does), and the preflight says exists: no.
// Builds push into it. The failure tags of docs/behaviour.md#simulator (`:missing`, `:crash`...) are treated
// as existing (except `:missing`), so the rollout failures they stand for still happen.
import { createHash } from 'node:crypto';
import { HOUR, MINUTE } from '../clock.js';
import { uuidFrom } from './ids.js';
import { TeamStore } from './store.js';

export const SIM_REGISTRY = 'registry.sim.local';

/** Tags whose rollout or preflight outcome the simulator decides by the tag itself. */
export const MAGIC_TAGS = new Set(['missing', 'private', 'arm64', 'multiarch', 'flaky', 'badconfig', 'crash', 'oom', 'slow', 'noingress', 'cancel']);

export interface TagRecord {
  tag: string;
  digest: string;
  bytes: number;
  pushedAt: number;
}

export interface RepoRecord {
  id: string;
  teamId: number;
  namespace: string;
  /** The name inside the namespace: `web`. */
  name: string;
  tags: TagRecord[];
  keepLastTags: number | null;
  createdAt: number;
}

/** Quota of every project's registry (the usage route reports 0 as unlimited: not here). */
export const REGISTRY_LIMITS = { repositories: 25, bytes: 10 * 1024 ** 3 };

export function digestOf(path: string, tag: string, salt = ''): string {
  return `sha256:${createHash('sha256').update(`${path}:${tag}${salt}`).digest('hex')}`;
}

export class ImageRegistry extends TeamStore<RepoRecord> {
  byName(teamId: number, ref: string): RepoRecord | undefined {
    // `{repo}` is the repository's name in the namespace, its path (`acme/web`) or its id.
    return this.list(teamId).find((r) => r.id === ref || r.name === ref || `${r.namespace}/${r.name}` === ref);
  }

  /** Adds a tag (a push), creating the repository on its first push. */
  push(teamId: number, namespace: string, name: string, tag: string, at: number, bytes: number): TagRecord {
    let repo = this.items.find((r) => r.namespace === namespace && r.name === name);
    if (!repo) repo = this.add({ id: uuidFrom(`registry/${namespace}/${name}`), teamId, namespace, name, tags: [], keepLastTags: null, createdAt: at });
    repo.tags = repo.tags.filter((t) => t.tag !== tag);
    const rec = { tag, digest: digestOf(`${namespace}/${name}`, tag, String(at)), bytes, pushedAt: at };
    repo.tags.push(rec);
    return rec;
  }

  /**
   * Whether `repository:tag` (`acme/web`, `1.3.0`) is in this registry: true, false, or null
   * when the namespace belongs to no project here (nothing to say about it).
   */
  has(repository: string, tag: string): boolean | null {
    const slash = repository.indexOf('/');
    const namespace = slash < 0 ? '' : repository.slice(0, slash);
    const name = repository.slice(slash + 1);
    if (MAGIC_TAGS.has(tag)) return tag !== 'missing';
    const inNamespace = this.items.filter((r) => r.namespace === namespace);
    if (inNamespace.length === 0) return null;
    const repo = inNamespace.find((r) => r.name === name);
    return !!repo?.tags.some((t) => t.tag === tag);
  }

  /** The stored tag of `acme/web`, `1.3.0`, if any. */
  tagOf(repository: string, tag: string): TagRecord | undefined {
    const slash = repository.indexOf('/');
    const repo = this.items.find((r) => r.namespace === repository.slice(0, slash) && r.name === repository.slice(slash + 1));
    return repo?.tags.find((t) => t.tag === tag);
  }

  bytesUsed(teamId: number): number {
    return this.list(teamId).reduce((n, r) => n + r.tags.reduce((m, t) => m + t.bytes, 0), 0);
  }
}

/**
 * Tags every seeded repository holds: `latest`, `v1`-`v3`, and the versions 1-3 in the forms
 * `M`, `M.m` (m 0-10) and `M.m.p` (m 0-4, p 0-3): what the seeded containers run and what
 * the README and the tests deploy (`update --image registry.sim.local/acme/web:2.0.0` rolls
 * out), and nothing else: `1.4.3-typo` or `4.0.0` are not there.
 */
export const SEED_TAGS: readonly string[] = (() => {
  const out = ['latest', 'v1', 'v2', 'v3'];
  for (const M of [1, 2, 3]) {
    out.push(String(M));
    for (let m = 0; m <= 10; m++) out.push(`${M}.${m}`);
    for (let m = 0; m <= 4; m++) for (let p = 0; p <= 3; p++) out.push(`${M}.${m}.${p}`);
  }
  return out;
})();
export const SEED_REPOS = ['web', 'api', 'worker', 'edge', 'batch', 'cron', 'app', 'shop', 'fresh'];

/** The seeded registry of a project, relative to `now`: each tag pushed an hour apart, newest last. */
export function seedRegistry(reg: ImageRegistry, teamId: number, namespace: string, now: number): void {
  SEED_REPOS.forEach((name, r) => {
    SEED_TAGS.forEach((tag, i) => {
      const size = 2_000_000 + ((r * 7 + i * 13) % 20) * 150_000;
      reg.push(teamId, namespace, name, tag, now - (SEED_TAGS.length - i) * HOUR - r * MINUTE, size);
    });
  });
}
