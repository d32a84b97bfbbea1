// The database calls beyond the generic resource ones (real-api "database", v1.7.0): password rotation (202 with a
// `credential_rotation` that GET .../credentials then reports), high availability, and the
// load and queries reads (typed `string` by the facts: read as sent). Caches and databases
// also have force-stop, sent through the generic action (resources.ts).
import * as z from 'zod/mini';
import type { HttpClient, RequestOptions } from './http.js';
import { Id, lenient, optBool, optText } from './wire.js';

/** `credential_rotation` of the rotate answer and of GET .../credentials. */
export const Rotation = z.looseObject({
  id: Id,
  role: optText,
  status: optText,
  disconnect_sessions: optBool,
  requested_at: optText,
  started_at: optText,
  completed_at: optText,
  error: optText,
});
export type Rotation = z.infer<typeof Rotation>;

/** What the rotation reads of GET .../credentials: both rotations and both passwords. */
export const RotationCredentials = z.looseObject({
  password: optText,
  application_user: lenient(z.looseObject({ username: optText, password: optText })),
  credential_rotation: lenient(Rotation),
  superuser_credential_rotation: lenient(Rotation),
});
export type RotationCredentials = z.infer<typeof RotationCredentials>;

/** 202 `{message, credential_rotation}`; the facts also list a 200 `string` (read as sent). */
const RotateAnswer = z.looseObject({ message: optText, credential_rotation: lenient(Rotation) });

export type DatabaseRole = 'application' | 'superuser';
export const DATABASE_ROLES: readonly DatabaseRole[] = ['application', 'superuser'];
export const LOAD_DIMENSIONS = ['waits', 'users', 'applications', 'databases', 'hosts', 'session_types', 'sql'] as const;
export const LOAD_STEPS = ['auto', '1m', '5m', '1h'] as const;

/** The query of GET .../load and .../queries (the same parameters). */
export interface LoadQuery {
  hours?: number;
  minutes?: number;
  start?: string;
  end?: string;
  step?: string;
  dimension?: string;
  node?: string;
  limit?: number;
}

type Opts = Pick<RequestOptions<unknown>, 'signal'>;
const at = (id: string, sub: string) => `/database/${encodeURIComponent(id)}${sub}`;

export class DatabasesApi {
  constructor(private readonly http: HttpClient) {}

  async rotate(id: string, body: { role?: DatabaseRole; disconnect_sessions?: boolean }, opts: Opts = {}) {
    const res = await this.http.request('POST', at(id, '/credentials/rotate'), { body, schema: RotateAnswer, permission: 'database:write', optionalBody: true, ...opts });
    return { rotation: res.data?.credential_rotation ?? undefined, raw: res.raw, status: res.status };
  }

  /** GET .../credentials as the rotation reads it (the password it set, its progress). */
  async rotationCredentials(id: string, opts: Opts = {}) {
    const res = await this.http.get(at(id, '/credentials'), { schema: RotationCredentials, permission: 'database:read', ...opts });
    return { value: res.data, raw: res.raw };
  }

  /** POST .../high-availability `{enabled}` → `{message, ha_enabled}`. */
  async highAvailability(id: string, enabled: boolean, opts: Opts = {}) {
    const res = await this.http.request('POST', at(id, '/high-availability'), { body: { enabled }, permission: 'database:write', optionalBody: true, ...opts });
    return { raw: res.raw };
  }

  /** GET .../load or .../queries: the answer as sent (the facts type it `string`). */
  async read(id: string, what: 'load' | 'queries', q: LoadQuery, opts: Opts = {}) {
    const res = await this.http.get(at(id, `/${what}`), { query: { ...q }, permission: 'database:read', ...opts });
    return { raw: res.raw, endpoint: `GET /api/v1${at(id, `/${what}`)}` };
  }
}
