// GET /api/v1/registry/preflight in the real shape (real-api: v1.registry.preflight): the
// simulator's own registry answers for its images (by tag: missing, private, arm64,
// multiarch), any other registry is external and "cannot tell".
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { parseRef } from '../../src/sim/state/registry.js';
import { body, parsed, simApi, useSimulator, type SimApi } from '../helpers/sim.js';

let api: SimApi;
useSimulator((sim) => (api = simApi(sim)));

// The real shape, strictly: every member the real API lists, nothing else.
const Manifest = z.strictObject({
  exists: z.boolean(),
  digest: z.string().nullable(),
  media_type: z.string().nullable(),
  size_bytes: z.literal(0).nullable(),
  architectures: z.array(z.string()),
  reachable: z.boolean(),
  error: z.string().nullable(),
});
const Preflight = z.strictObject({
  success: z.boolean(),
  data: z.strictObject({
    image: z.string(),
    registry_host: z.string().nullable(),
    namespace: z.string(),
    repository: z.string().nullable(),
    reference: z.string(),
    in_namespace: z.boolean().nullable(),
    external: z.boolean(),
    credential: z.strictObject({ scope: z.enum(['push_pull', 'pull', 'none']), keys: z.number(), push_capable: z.boolean() }),
    manifest: Manifest,
    quota: z.strictObject({
      repositories_used: z.number(),
      repositories_limit: z.number().nullable(),
      can_create_repository: z.boolean(),
      storage_used_bytes: z.number(),
      storage_limit_bytes: z.number().nullable(),
    }),
    can_pull: z.boolean().nullable(),
    findings: z.array(z.unknown()),
  }),
  error: z.null(),
  meta: z.strictObject({}),
});

const preflight = async (image: string) => (await parsed(await api.get(`/api/v1/registry/preflight?image=${encodeURIComponent(image)}`), Preflight)).data;

describe('registry preflight', () => {
  it('an image of the simulator registry: exists, one digest per reference, amd64, pullable', async () => {
    const d = await preflight('registry.sim.local/acme/web:1.3.0');
    expect(d).toMatchObject({ registry_host: 'registry.sim.local', namespace: 'acme', repository: 'acme/web', reference: '1.3.0', in_namespace: true, external: false, can_pull: true, findings: [] });
    expect(d.manifest).toMatchObject({ exists: true, architectures: ['amd64'], reachable: true, error: null });
    expect(d.manifest.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((await preflight('registry.sim.local/acme/web:1.3.0')).manifest.digest).toBe(d.manifest.digest);
    expect((await preflight('registry.sim.local/acme/web:1.4.0')).manifest.digest).not.toBe(d.manifest.digest);
    expect((await preflight('registry.sim.local/staging/web:1.3.0')).in_namespace).toBe(false);
  });

  it('a tag the registry does not hold (a typo): exists no, cannot be pulled, manifest_unknown', async () => {
    const d = await preflight('registry.sim.local/acme/app:1.4.3-typo');
    expect(d.manifest).toMatchObject({ exists: false, digest: null, reachable: true });
    expect(d.can_pull).toBe(false);
    expect(d.findings.map((f) => (f as { code: string }).code)).toEqual(['registry.manifest_unknown']);
  });

  it.each([
    ['arm64', { exists: true, architectures: ['arm64'] }, true, 'registry.arch_mismatch'],
    ['missing', { exists: false, architectures: [], digest: null }, false, 'registry.manifest_unknown'],
    ['private', { exists: true, architectures: ['amd64'] }, false, 'registry.pull_denied'],
    ['multiarch', { exists: true, architectures: ['amd64', 'arm64'], media_type: 'application/vnd.oci.image.index.v1+json' }, true, undefined],
  ] as const)(':%s', async (tag, manifest, canPull, finding) => {
    const d = await preflight(`registry.sim.local/acme/app:${tag}`);
    expect(d.manifest).toMatchObject(manifest);
    expect(d.can_pull).toBe(canPull);
    expect(d.findings.map((f) => (f as { code: string }).code)).toEqual(finding ? [finding] : []);
  });

  it.each(['ghcr.io/acme/web:1.0', 'nginx:1.27', 'localhost:5000/web'])('an external registry (%s): cannot tell', async (image) => {
    const d = await preflight(image);
    expect(d).toMatchObject({ external: true, in_namespace: null, can_pull: null, credential: { scope: 'none' } });
    expect(d.manifest).toEqual({ exists: false, digest: null, media_type: null, size_bytes: null, architectures: [], reachable: false, error: 'The registry could not be reached.' });
  });

  it('without image: 422 {message, errors}; without a token: 401', async () => {
    const res = await api.get('/api/v1/registry/preflight');
    expect(res.status).toBe(422);
    expect(await body(res)).toEqual({ message: 'The image field is required.', errors: { image: ['The image field is required.'] } });
    expect((await api.get('/api/v1/registry/preflight?image=x', { token: null })).status).toBe(401);
  });

  it('references are split as a registry splits them', () => {
    expect(parseRef('registry.sim.local/acme/web:1.0')).toEqual({ host: 'registry.sim.local', repository: 'acme/web', reference: '1.0' });
    expect(parseRef('localhost:5000/web')).toEqual({ host: 'localhost:5000', repository: 'web', reference: 'latest' });
    expect(parseRef('nginx')).toEqual({ host: null, repository: 'nginx', reference: 'latest' });
    expect(parseRef('acme/web@sha256:abc')).toEqual({ host: null, repository: 'acme/web', reference: 'sha256:abc' });
  });
});
