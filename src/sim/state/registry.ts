// GET /registry/preflight in the real shape (real-api: v1.registry.preflight): what the
// platform knows of an image before pulling it. The simulator's registry is
// `registry.sim.local` (image-registry.ts): an image exists when that registry holds its tag,
// for linux/amd64, and can be pulled; some tags decide by themselves (as the rollout failures
// are): `:missing` does not exist, `:private` cannot be pulled, `:arm64` is built for arm64
// only, `:multiarch` for both. Any other registry is external: the platform cannot read it,
// so it cannot tell.
import type { Team } from './auth.js';
import { digestOf, REGISTRY_LIMITS, SIM_REGISTRY, type ImageRegistry } from './image-registry.js';

export { SIM_REGISTRY };

interface Ref {
  host: string | null;
  repository: string;
  reference: string;
}

/** `host/path:tag` → its parts; a first segment without a dot, colon or `localhost` is Docker Hub's. */
export function parseRef(image: string): Ref {
  const at = image.indexOf('@');
  let rest = at >= 0 ? image.slice(0, at) : image;
  let reference = at >= 0 ? image.slice(at + 1) : 'latest';
  const slash = rest.lastIndexOf('/');
  const colon = rest.lastIndexOf(':');
  if (at < 0 && colon > slash) {
    reference = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  const first = rest.split('/')[0] ?? '';
  const hasHost = rest.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost');
  return { host: hasHost ? first : null, repository: hasHost ? rest.slice(first.length + 1) : rest, reference };
}

export const namespaceOf = (team: Team) => team.registry_namespace ?? team.name;

/** The project's registry quota in the preflight's words. */
export function quotaOf(reg: ImageRegistry, team: Team) {
  const used = reg.list(team.id).length;
  const bytes = reg.bytesUsed(team.id);
  return {
    repositories_used: used,
    repositories_limit: REGISTRY_LIMITS.repositories,
    can_create_repository: used < REGISTRY_LIMITS.repositories,
    storage_used_bytes: bytes,
    storage_limit_bytes: REGISTRY_LIMITS.bytes,
  };
}

export function preflightView(image: string, team: Team, reg: ImageRegistry) {
  const ref = parseRef(image);
  const namespace = namespaceOf(team);
  const quota = quotaOf(reg, team);
  const base = { image, registry_host: ref.host ?? 'docker.io', namespace, repository: ref.repository, reference: ref.reference, quota };
  if (ref.host !== SIM_REGISTRY) {
    return {
      ...base,
      in_namespace: null,
      external: true,
      credential: { scope: 'none', keys: 0, push_capable: false },
      manifest: { exists: false, digest: null, media_type: null, size_bytes: null, architectures: [], reachable: false, error: 'The registry could not be reached.' },
      can_pull: null,
      findings: [
        {
          code: 'registry.external_unverified',
          severity: 'informational',
          summary: 'The platform cannot read this external registry, so the image was not checked.',
          remediation: 'Make sure the image exists for linux/amd64 and that the container has a credential if the registry is private.',
        },
      ],
    };
  }
  const stored = reg.has(ref.repository, ref.reference) === false ? null : reg.tagOf(ref.repository, ref.reference);
  const digest = stored?.digest ?? digestOf(ref.repository, ref.reference);
  const inNamespace = ref.repository.startsWith(`${namespace}/`);
  const common = { ...base, in_namespace: inNamespace, external: false, credential: { scope: 'pull', keys: 1, push_capable: false } };
  const manifest = (architectures: string[]) => ({
    exists: true,
    digest,
    media_type: architectures.length > 1 ? 'application/vnd.oci.image.index.v1+json' : 'application/vnd.oci.image.manifest.v1+json',
    size_bytes: 0,
    architectures,
    reachable: true,
    error: null,
  });
  const absent = reg.has(ref.repository, ref.reference) === false;
  switch (absent ? 'missing' : ref.reference) {
    case 'missing':
      return {
        ...common,
        manifest: { exists: false, digest: null, media_type: null, size_bytes: null, architectures: [], reachable: true, error: null },
        can_pull: false,
        findings: [
          { code: 'registry.manifest_unknown', severity: 'fatal', summary: `No manifest for ${ref.repository}:${ref.reference}.`, remediation: 'Push the image, or fix the repository and tag.' },
        ],
      };
    case 'private':
      return {
        ...common,
        credential: { scope: 'none', keys: 0, push_capable: false },
        manifest: manifest(['amd64']),
        can_pull: false,
        findings: [
          {
            code: 'registry.pull_denied',
            severity: 'fatal',
            summary: 'No credential of this project can pull this repository.',
            remediation: 'Give the container a registry credential with pull access.',
          },
        ],
      };
    case 'arm64':
      return {
        ...common,
        manifest: manifest(['arm64']),
        can_pull: true,
        findings: [{ code: 'registry.arch_mismatch', severity: 'fatal', summary: 'The image is built for linux/arm64 only; the platform runs linux/amd64.', remediation: 'Rebuild for linux/amd64.' }],
      };
    case 'multiarch':
      return { ...common, manifest: manifest(['amd64', 'arm64']), can_pull: true, findings: [] };
    default:
      return { ...common, manifest: manifest(['amd64']), can_pull: true, findings: [] };
  }
}
