// The platform's registry as a deploy needs it: GET /registry/preflight?image=REF (real-api:
// v1.registry.preflight), which says before any rollout whether the image exists, for which
// architectures, and whether the platform can pull it. Read leniently: every member is
// optional, and `can_pull: null` (the platform cannot tell) is kept apart from false.
import * as z from 'zod/mini';
import type { HttpClient, RequestOptions } from './http.js';
import { envelopeOf } from './schemas.js';
import { lenient, lenientArray, optBool, optNum, optText } from './wire.js';

export const PreflightManifest = z.looseObject({
  exists: optBool,
  digest: optText,
  media_type: optText,
  size_bytes: optNum,
  architectures: lenientArray(z.string()),
  reachable: optBool,
  error: optText,
});

export const PreflightData = z.looseObject({
  image: optText,
  registry_host: optText,
  namespace: optText,
  repository: optText,
  reference: optText,
  in_namespace: optBool,
  external: optBool,
  credential: lenient(z.looseObject({ scope: optText, keys: optNum, push_capable: optBool })),
  manifest: lenient(PreflightManifest),
  can_pull: optBool,
  findings: lenientArray(z.unknown()),
});

export const PreflightEnvelope = envelopeOf(PreflightData);

export type PreflightData = z.infer<typeof PreflightData>;

export interface PreflightRead {
  data: PreflightData;
  /** The envelope's `data` as the API sent it (`--json`). */
  raw: unknown;
  endpoint: string;
}

type Opts = Pick<RequestOptions<unknown>, 'signal'>;

export class RegistryApi {
  constructor(private readonly http: HttpClient) {}

  /** GET /registry/preflight?image=REF: the image as the platform would pull it. */
  async preflight(image: string, opts: Opts = {}): Promise<PreflightRead> {
    const res = await this.http.get('/registry/preflight', { query: { image }, schema: PreflightEnvelope, ...opts });
    return { data: res.data.data, raw: (res.raw as { data?: unknown }).data ?? null, endpoint: 'GET /api/v1/registry/preflight' };
  }
}
