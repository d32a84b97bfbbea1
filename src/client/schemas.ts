// Response schemas for every shape the client reads. They are the single description of
// the wire format: the client parses with them and the simulator's OpenAPI document is
// generated from them. The API grows additively (spec section 9), so objects are loose
// (unknown fields pass through and reach --json output) and enum-like fields are plain
// strings: a new `summary` value must never make a response unreadable.
import * as z from 'zod/mini';

const id = z.union([z.number(), z.string()]);
const timestamp = z.string();
const optionalString = z.optional(z.nullable(z.string()));
const optionalNumber = z.optional(z.nullable(z.number()));

export const Pagination = z.looseObject({
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  total: z.number(),
});

export function listOf<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({ data: z.array(item), pagination: Pagination });
}

/** Diagnostic endpoints of serverless containers answer in this envelope (spec 2.1). */
export function envelopeOf<T extends z.ZodMiniType>(data: T) {
  return z.looseObject({
    success: z.boolean(),
    data,
    error: z.optional(z.nullable(z.unknown())),
    meta: z.optional(z.nullable(z.looseObject({}))),
  });
}

export const ValidationErrorBody = z.looseObject({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});

// --- VPS, databases, caches ---------------------------------------------------------

export const Vps = z.looseObject({
  id,
  name: z.string(),
  status: z.optional(z.string()),
  region: optionalString,
  plan: optionalString,
  ipv4: optionalString,
});

/** Connection fields of database and cache instances (spec 2.2). */
const connectionFields = {
  internal_host: optionalString,
  internal_port: optionalNumber,
  internal_endpoint: optionalString,
  dns_hostname: optionalString,
  dns_port: optionalNumber,
  public_endpoint: optionalString,
  connection_host: optionalString,
  connection_port: optionalNumber,
  port: optionalNumber,
  endpoint: optionalString,
  read_endpoints: z.optional(
    z.nullable(z.array(z.looseObject({ host: z.string(), port: z.number(), role: optionalString }))),
  ),
};

export const Database = z.looseObject({
  id,
  name: z.string(),
  engine: z.string(),
  version: optionalString,
  status: z.optional(z.string()),
  ...connectionFields,
});

export const Cache = z.looseObject({
  id,
  name: z.string(),
  engine: z.string(),
  version: optionalString,
  status: z.optional(z.string()),
  ...connectionFields,
});

export const Credentials = z.looseObject({
  username: optionalString,
  password: optionalString,
  database: optionalString,
  connection_info: z.string(),
  ...connectionFields,
});

export const DnsAnswer = z.looseObject({ ...connectionFields });

// --- Serverless containers ------------------------------------------------------------

export const StatusError = z.looseObject({
  code: z.string(),
  source: optionalString,
  resource: z.optional(z.nullable(z.looseObject({ kind: optionalString, name: optionalString }))),
  reason: optionalString,
  message: optionalString,
  retryable: z.optional(z.nullable(z.boolean())),
  observed_at: optionalString,
});

export const StatusDetails = z.looseObject({
  summary: z.string(),
  health: z.optional(z.string()),
  observed_at: optionalString,
  stale: z.optional(z.boolean()),
  operation: z.looseObject({ state: z.string(), terminal: z.boolean() }),
  error: z.optional(z.nullable(StatusError)),
});

export const Container = z.looseObject({
  id,
  name: z.string(),
  image_url: optionalString,
  status: z.optional(z.string()),
  status_details: StatusDetails,
  spec_generation: z.number(),
  observed_generation: z.number(),
  url: optionalString,
});

/** One container (contract section 12): `{ container: {...}, url }`. */
export const ContainerAnswer = z.looseObject({ container: Container, url: optionalString });

export const Condition = z.looseObject({
  type: z.string(),
  status: z.string(),
  reason: optionalString,
  message: optionalString,
  last_transition_time: optionalString,
});

export const Revision = z.looseObject({
  name: z.string(),
  generation: optionalNumber,
  created_at: optionalString,
  traffic_percent: optionalNumber,
  actual_replicas: optionalNumber,
  desired_replicas: optionalNumber,
  image_url: optionalString,
  conditions: z.array(Condition),
});

const Readiness = z.looseObject({
  ready: z.optional(z.nullable(z.union([z.boolean(), z.string()]))),
  conditions: z.optional(z.array(Condition)),
});

export const RevisionsData = z.looseObject({
  revisions: z.array(Revision),
  service: z.optional(z.nullable(Readiness)),
  route: z.optional(z.nullable(Readiness)),
});

export const LogEntry = z.looseObject({
  timestamp,
  message: z.string(),
  container: optionalString,
  level: optionalString,
  revision: optionalString,
});

export const LogsData = z.looseObject({ available: z.boolean(), entries: z.array(LogEntry) });
export const LogsMeta = z.looseObject({
  next_cursor: z.nullable(z.string()),
  truncated: z.boolean(),
});
export const LogsAnswer = z.looseObject({
  success: z.optional(z.boolean()),
  data: LogsData,
  error: z.optional(z.nullable(z.unknown())),
  meta: LogsMeta,
});

export const Finding = z.looseObject({
  code: z.string(),
  severity: z.string(),
  message: z.string(),
  hint: optionalString,
  retryable: z.optional(z.nullable(z.boolean())),
  evidence: z.optional(z.nullable(z.unknown())),
});

export const DiagnoseData = z.looseObject({ findings: z.array(Finding) });

export const PlatformEvent = z.looseObject({
  type: optionalString,
  reason: optionalString,
  message: optionalString,
  object: z.optional(z.nullable(z.looseObject({ kind: optionalString, name: optionalString }))),
  count: optionalNumber,
  first_seen: optionalString,
  last_seen: optionalString,
});

export const EventsData = z.looseObject({ events: z.array(PlatformEvent) });

// --- Recovery ---------------------------------------------------------------------------

/** A capability cell: `yes`, `no`, `gated` (exists, opened per account), `conditional` or `unavailable`. */
export const CapabilityCell = z.looseObject({ status: z.string(), note: optionalString });

export const CapabilityRow = z.looseObject({
  product: z.string(),
  create_point: CapabilityCell,
  restore_to_new: CapabilityCell,
  replace_existing: CapabilityCell,
  point_in_time: CapabilityCell,
});

export const CapabilitiesAnswer = z.looseObject({ data: z.array(CapabilityRow) });

export const RecoveryAction = z.looseObject({
  name: z.string(),
  available: z.boolean(),
  reason: optionalString,
});

export const RecoveryPoint = z.looseObject({
  id,
  product: z.string(),
  resource_id: z.optional(id),
  resource_name: optionalString,
  origin: z.string(),
  state: z.string(),
  size_bytes: optionalNumber,
  protection: optionalString,
  created_at: optionalString,
  actions: z.optional(z.array(RecoveryAction)),
});

export const RestoreAnswer = z.looseObject({
  operation_id: optionalString,
  operation_url: optionalString,
  status: optionalString,
  message: optionalString,
});

export type Pagination = z.infer<typeof Pagination>;
export type Vps = z.infer<typeof Vps>;
export type Database = z.infer<typeof Database>;
export type Cache = z.infer<typeof Cache>;
export type Credentials = z.infer<typeof Credentials>;
export type DnsAnswer = z.infer<typeof DnsAnswer>;
export type StatusDetails = z.infer<typeof StatusDetails>;
export type StatusError = z.infer<typeof StatusError>;
export type Container = z.infer<typeof Container>;
export type ContainerAnswer = z.infer<typeof ContainerAnswer>;
export type Condition = z.infer<typeof Condition>;
export type Revision = z.infer<typeof Revision>;
export type RevisionsData = z.infer<typeof RevisionsData>;
export type LogEntry = z.infer<typeof LogEntry>;
export type LogsAnswer = z.infer<typeof LogsAnswer>;
export type Finding = z.infer<typeof Finding>;
export type PlatformEvent = z.infer<typeof PlatformEvent>;
export type CapabilityRow = z.infer<typeof CapabilityRow>;
export type RecoveryPoint = z.infer<typeof RecoveryPoint>;
export type RestoreAnswer = z.infer<typeof RestoreAnswer>;
