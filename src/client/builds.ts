// Builds of a container from source (real-api "serverless"): POST /serverless/{id}/deploy
// uploads a ZIP archive as multipart/form-data `file` and answers 202 `{message,
// container_id, status: "building", operation}`; GET .../builds/latest answers `{data: build |
// null}`; POST .../builds/{build}/cancel answers 200 `{message}` or 422 `{error}` once the build
// is over. A build's `status`: pending, cloning, building, pushing (in flight), succeeded,
// failed (with `error_message`), cancelled.
import * as z from 'zod/mini';
import type { HttpClient, RequestOptions } from './http.js';
import type { UploadBody } from './form-data.js';
import { lenient, optNum, optPollDelay, optText } from './wire.js';

export const Build = z.looseObject({
  id: z.string(),
  build_number: optNum,
  status: optText,
  source_type: optText,
  trigger_type: optText,
  built_image_ref: optText,
  duration_seconds: optNum,
  error_message: optText,
  created_at: optText,
});
export type Build = z.infer<typeof Build>;

const Latest = z.looseObject({ data: lenient(z.nullable(Build)) });
const Accepted = z.looseObject({
  message: optText,
  container_id: optText,
  status: optText,
  operation: lenient(z.looseObject({ operation_id: optText, state: optText, poll_after_ms: optPollDelay })),
});

type Opts = Pick<RequestOptions<unknown>, 'signal'>;
type UploadOpts = Pick<RequestOptions<unknown>, 'signal' | 'onUploaded'>;

const PERM = { read: 'serverless:read', write: 'serverless:write' } as const;

export class BuildsApi {
  constructor(private readonly http: HttpClient) {}

  private path(id: string, sub: string): string {
    return `/serverless/${encodeURIComponent(id)}${sub}`;
  }

  /** POST .../deploy with the archive as the `file` field (src/client/form-data.ts: fileUpload), streamed. */
  async deploy(id: string, upload: UploadBody, opts: UploadOpts = {}) {
    const res = await this.http.request('POST', this.path(id, '/deploy'), { upload, schema: Accepted, permission: PERM.write, ...opts });
    return { value: res.data, raw: res.raw };
  }

  /** The latest build, or null when the container was never built. */
  async latest(id: string, opts: Opts = {}): Promise<{ value: Build | null; raw: unknown }> {
    const res = await this.http.get(this.path(id, '/builds/latest'), { schema: Latest, permission: PERM.read, ...opts });
    return { value: res.data.data ?? null, raw: (res.raw as { data?: unknown }).data ?? null };
  }

  async cancel(id: string, build: string, opts: Opts = {}) {
    const res = await this.http.request('POST', this.path(id, `/builds/${encodeURIComponent(build)}/cancel`), { permission: PERM.write, optionalBody: true, ...opts });
    const raw = (res.raw && typeof res.raw === 'object' ? res.raw : {}) as Record<string, unknown>;
    return { message: typeof raw.message === 'string' ? raw.message : undefined, raw: res.raw ?? {} };
  }
}
