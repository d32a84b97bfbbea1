// One-off runs of a container's image and their cron schedules (real-api: "Runs and
// schedules", the provider's client's shapes): every answer is the envelope
// `{success, data, error, meta}`. Read leniently: only ids are required; everything else is
// optional, and `--json` prints `data` as sent.
import * as z from 'zod/mini';
import { ConflictError, NotFoundError } from './errors.js';
import type { HttpClient, RequestOptions } from './http.js';
import { envelopeOf } from './schemas.js';
import { Id, lenient, lenientArray, optBool, optNum, optText } from './wire.js';

const Command = lenient(z.array(z.string()));

export const Run = z.looseObject({
  id: Id,
  container_id: optText,
  /** queued | running | succeeded | failed | cancelled | timed_out (more may come). */
  status: optText,
  terminal: optBool,
  command: Command,
  image: optText,
  env_keys: lenientArray(z.string()),
  timeout_seconds: optNum,
  exit_code: optNum,
  message: optText,
  created_at: optText,
  started_at: optText,
  finished_at: optText,
  duration_seconds: optNum,
});
export type Run = z.infer<typeof Run>;

export const RunLogs = z.looseObject({ run_id: optText, source: optText, logs: optText });
export type RunLogs = z.infer<typeof RunLogs>;

export const Schedule = z.looseObject({
  id: Id,
  name: optText,
  cron_expression: optText,
  timezone: optText,
  command: Command,
  image_tag: optText,
  timeout_seconds: optNum,
  enabled: optBool,
  next_run_at: optText,
  last_run_at: optText,
  last_skipped_at: optText,
  last_skip_reason: optText,
  created_at: optText,
  updated_at: optText,
});
export type Schedule = z.infer<typeof Schedule>;

const RunEnvelope = z.lazy(() => envelopeOf(Run));
const RunListEnvelope = z.lazy(() => envelopeOf(z.array(Run)));
const LogsEnvelope = z.lazy(() => envelopeOf(RunLogs));
const ScheduleEnvelope = z.lazy(() => envelopeOf(Schedule));
const ScheduleListEnvelope = z.lazy(() => envelopeOf(z.array(Schedule)));
const AnyEnvelope = z.lazy(() => envelopeOf(z.unknown()));

/** POST .../runs: `env` is a map (the generated request type says `string[]`; the provider's client sends a map). */
export interface RunRequest {
  command?: string[];
  image_tag?: string;
  timeout_seconds?: number;
  env?: Record<string, string>;
}

/** POST .../schedules (no `env`: schedules do not take one). */
export interface ScheduleRequest {
  name: string;
  cron_expression: string;
  timezone: string;
  timeout_seconds: number;
  command?: string[];
  image_tag?: string;
}

/** The 404 with `error.code: serverless.runs_not_enabled`: runs are not enabled for the account. */
export const RUNS_NOT_ENABLED = 'serverless.runs_not_enabled';

export function runsNotEnabled(err: unknown): err is NotFoundError {
  return err instanceof NotFoundError && err.code === RUNS_NOT_ENABLED;
}

/** The run a 409 of POST .../runs names as the container's active one (`meta.active_run_id`). */
export function activeRunOf(err: unknown): string | undefined {
  if (!(err instanceof ConflictError)) return undefined;
  const meta = (err.body as { meta?: { active_run_id?: unknown } } | undefined)?.meta;
  const id = meta?.active_run_id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

export interface Read<T> {
  value: T;
  /** The envelope's `data` as sent (`--json`). */
  raw: unknown;
  endpoint: string;
}

type Opts = Pick<RequestOptions<unknown>, 'signal'>;

const dataOf = (raw: unknown): unknown => (raw && typeof raw === 'object' && 'data' in raw ? (raw as { data: unknown }).data : null);

export class RunsApi {
  constructor(private readonly http: HttpClient) {}

  private base(container: string): string {
    return `/serverless/${encodeURIComponent(container)}`;
  }

  private async read<T>(method: string, path: string, schema: z.ZodMiniType<{ data: T }>, permission: string, opts: Opts & { body?: unknown } = {}): Promise<Read<T>> {
    const res = await this.http.request(method, path, { schema, permission, ...opts });
    return { value: res.data.data, raw: dataOf(res.raw), endpoint: `${method} /api/v1${path}` };
  }

  list(container: string, opts: Opts = {}): Promise<Read<Run[]>> {
    return this.read('GET', `${this.base(container)}/runs`, RunListEnvelope, 'serverless:read', opts);
  }

  start(container: string, body: RunRequest, opts: Opts = {}): Promise<Read<Run>> {
    return this.read('POST', `${this.base(container)}/runs`, RunEnvelope, 'serverless:write', { ...opts, body });
  }

  get(container: string, run: string, opts: Opts = {}): Promise<Read<Run>> {
    return this.read('GET', `${this.base(container)}/runs/${encodeURIComponent(run)}`, RunEnvelope, 'serverless:read', opts);
  }

  logs(container: string, run: string, opts: Opts = {}): Promise<Read<RunLogs>> {
    return this.read('GET', `${this.base(container)}/runs/${encodeURIComponent(run)}/logs`, LogsEnvelope, 'serverless:read', opts);
  }

  cancel(container: string, run: string, opts: Opts = {}): Promise<Read<Run>> {
    return this.read('POST', `${this.base(container)}/runs/${encodeURIComponent(run)}/cancel`, RunEnvelope, 'serverless:write', opts);
  }

  schedules(container: string, opts: Opts = {}): Promise<Read<Schedule[]>> {
    return this.read('GET', `${this.base(container)}/schedules`, ScheduleListEnvelope, 'serverless:read', opts);
  }

  createSchedule(container: string, body: ScheduleRequest, opts: Opts = {}): Promise<Read<Schedule>> {
    return this.read('POST', `${this.base(container)}/schedules`, ScheduleEnvelope, 'serverless:write', { ...opts, body });
  }

  /** PATCH .../schedules/{id} `{enabled}`: pause (false) or resume (true). */
  setEnabled(container: string, schedule: string, enabled: boolean, opts: Opts = {}): Promise<Read<Schedule>> {
    return this.read('PATCH', `${this.base(container)}/schedules/${encodeURIComponent(schedule)}`, ScheduleEnvelope, 'serverless:write', { ...opts, body: { enabled } });
  }

  /** DELETE .../schedules/{id}: 2xx `Envelope<null>` (an empty answer is fine too). */
  async deleteSchedule(container: string, schedule: string, opts: Opts = {}): Promise<void> {
    await this.http.request('DELETE', `${this.base(container)}/schedules/${encodeURIComponent(schedule)}`, { schema: AnyEnvelope, permission: 'serverless:delete', optionalBody: true, ...opts });
  }
}
