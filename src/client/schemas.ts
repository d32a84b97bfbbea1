// What the client reads of each answer, in the real dialect (../shared/spec/real-api.md).
// These schemas are the single description of the wire format on the client side: they
// require only what every use of an answer needs (usually the id) and read everything else
// leniently (wire.ts). Objects are loose, so unknown fields pass through; `--json` prints the
// answer as the API sent it, not these views.
import * as z from 'zod/mini';
import { Id, lenient, lenientArray, optBool, optMap, optNum, optText } from './wire.js';

/**
 * Every answer's schema is built on first use: a command reads one or two kinds of answer,
 * and building all of them up front cost more start-up than reading one (zod's constructors).
 */
const lazy = <T extends z.ZodMiniType>(build: () => T) => z.lazy(build);

export const Pagination = lazy(() =>
  z.looseObject({
    current_page: optNum,
    last_page: optNum,
    per_page: optNum,
    total: optNum,
  }),
);

/** `{data, pagination}`: the list shape of spec 2.1. `pagination` is read when present. */
export function listOf<T extends z.ZodMiniType>(item: T) {
  return z.looseObject({ data: z.array(item), pagination: lenient(Pagination) });
}

/** The envelope of diagnostic and operation endpoints: `{success, data, error, meta}`. */
export function envelopeOf<T extends z.ZodMiniType>(data: T) {
  return z.looseObject({
    success: optBool,
    data,
    error: lenient(z.unknown()),
    meta: lenient(z.looseObject({})),
  });
}

/** The error member of an envelope (and of some bare answers): `{code, message, retryable}`. */
export const EnvelopeError = lazy(() => z.looseObject({ code: optText, message: optText, retryable: optBool, hint: optText }));

export const ValidationErrorBody = lazy(() =>
  z.looseObject({
    message: z.string(),
    errors: z.optional(z.record(z.string(), z.array(z.string()))),
  }),
);

// --- The status model shared by every product (spec 2.3) -------------------------------

export const StatusError = lazy(() =>
  z.looseObject({
    code: optText,
    source: optText,
    resource: lenient(z.looseObject({ kind: optText, name: optText })),
    reason: optText,
    message: optText,
    retryable: optBool,
    observed_at: optText,
  }),
);

export const StatusOperation = lazy(() =>
  z.looseObject({
    state: optText,
    terminal: optBool,
    /** The server's pacing, on newer servers (the operations endpoint always carries it). */
    poll_after_ms: optNum,
  }),
);

export const StatusDetails = lazy(() =>
  z.looseObject({
    summary: optText,
    health: optText,
    observed_at: optText,
    stale: optBool,
    operation: lenient(StatusOperation),
    error: lenient(StatusError),
  }),
);

export const Capabilities = lazy(() => z.looseObject({ logs: optBool, events: optBool, diagnose: optBool, revisions: optBool }));

// --- Serverless containers --------------------------------------------------------------

export const Container = lazy(() =>
  z.looseObject({
    id: Id,
    name: optText,
    slug: optText,
    description: optText,
    deployment_type: optText,
    image: optText,
    image_tag: optText,
    port: optNum,
    min_scale: optNum,
    max_scale: optNum,
    resource_profile: optText,
    environment_variables: optMap,
    status: optText,
    status_details: lenient(StatusDetails),
    /** Sent by newer servers only (spec 2.3); contract 6.8 says how to wait without them. */
    spec_generation: optNum,
    observed_generation: optNum,
    current_revision: optText,
    deployment_count: optNum,
    url: optText,
    capabilities: lenient(Capabilities),
    created_at: optText,
    updated_at: optText,
    deployed_at: optText,
    last_deployed_at: optText,
  }),
);

/** The operation a create answers with (and `GET /operations/{id}`'s data). */
export const Operation = lazy(() =>
  z.looseObject({
    operation_id: optText,
    resource_id: optText,
    resource_type: optText,
    kind: optText,
    state: optText,
    terminal: optBool,
    poll_after_ms: optNum,
    poll_url: optText,
    revision: optText,
    image: optText,
    started_at: optText,
    finished_at: optText,
    error: lenient(z.looseObject({ code: optText, message: optText, retryable: optBool })),
  }),
);

/** GET /serverless/{id}: `{container, metrics, url, monthly_cost}`. */
export const ContainerAnswer = lazy(() => z.looseObject({ container: Container, url: optText, monthly_cost: optText }));
/** POST /serverless: 201 `{message, container, operation}`. */
export const CreateAnswer = lazy(() => z.looseObject({ message: optText, container: Container, operation: lenient(Operation) }));
/** PUT /serverless/{id}: 200 `{message, container}`. */
export const UpdateAnswer = lazy(() => z.looseObject({ message: optText, container: Container }));
/** POST /serverless/{id}/redeploy: 202 `{message, container_id, status}`, no container. */
export const RedeployAnswer = lazy(() => z.looseObject({ message: optText, container_id: optText, status: optText, spec_generation: optNum }));
/** 200 `{message}` (delete, actions); some endpoints answer 204 without a body. */
export const MessageAnswer = lazy(() => z.looseObject({ message: optText }));

export const OperationEnvelope = lazy(() => envelopeOf(Operation));

// --- Revisions, events, logs, diagnose (spec 2.4) ----------------------------------------

export const Condition = lazy(() =>
  z.looseObject({
    type: z.string(),
    status: z.string(),
    reason: optText,
    message: optText,
    last_transition_time: optText,
  }),
);

export const Revision = lazy(() =>
  z.looseObject({
    /** May be null on the real service. */
    name: optText,
    created_at: optText,
    generation: optNum,
    is_latest_created: optBool,
    is_latest_ready: optBool,
    desired_replicas: optNum,
    actual_replicas: optNum,
    conditions: lenientArray(Condition),
  }),
);

export const TrafficTarget = lazy(() => z.looseObject({ revision_name: optText, percent: optNum, latest_revision: optBool }));

export const ServiceStatus = lazy(() =>
  z.looseObject({
    name: optText,
    url: optText,
    latest_created_revision: optText,
    latest_ready_revision: optText,
    conditions: lenientArray(Condition),
  }),
);

export const RouteStatus = lazy(() =>
  z.looseObject({
    name: optText,
    url: optText,
    traffic: lenientArray(TrafficTarget),
    conditions: lenientArray(Condition),
  }),
);

export const RevisionsData = lazy(() =>
  z.looseObject({
    available: optBool,
    revisions: z.array(Revision),
    service: lenient(ServiceStatus),
    route: lenient(RouteStatus),
  }),
);

export const PlatformEvent = lazy(() =>
  z.looseObject({
    type: optText,
    reason: optText,
    message: optText,
    /** `{kind, name}` on containers; a plain string on the other products. */
    resource: lenient(z.union([z.looseObject({ kind: optText, name: optText }), z.string()])),
    count: optNum,
    first_seen: optText,
    last_seen: optText,
  }),
);

export const EventsData = lazy(() => z.looseObject({ available: optBool, events: lenientArray(PlatformEvent) }));

export const LogEntry = lazy(() =>
  z.looseObject({
    timestamp: z.string(),
    message: z.string(),
    level: optText,
    pod: optText,
    container: optText,
    stream: optText,
  }),
);

export const LogsMeta = lazy(() =>
  z.looseObject({
    next_cursor: optText,
    truncated: optBool,
    retention_days: optNum,
  }),
);

export const Finding = lazy(() =>
  z.looseObject({
    code: z.string(),
    severity: optText,
    summary: optText,
    remediation: optText,
    retryable: optBool,
    /** Local findings only: what the client saw that led to the finding. */
    evidence: lenient(z.unknown()),
  }),
);

export const DiagnoseData = lazy(() =>
  z.looseObject({
    verdict: optText,
    status: lenient(StatusDetails),
    findings: z.array(Finding),
    sections: lenient(z.looseObject({})),
  }),
);

// --- VPS, databases, caches ----------------------------------------------------------------

export const Vps = lazy(() =>
  z.looseObject({
    id: Id,
    name: optText,
    status: optText,
    status_label: optText,
    status_details: lenient(StatusDetails),
    datacenter: optText,
    resource_profile: optText,
    image: optText,
    public_ip: optText,
    ipv6_address: optText,
    created_at: optText,
  }),
);

/** Connection fields of database and cache instances (spec 2.2). */
const connectionFields = {
  internal_host: optText,
  internal_port: optNum,
  internal_endpoint: optText,
  dns_hostname: optText,
  dns_port: optNum,
  public_endpoint: optText,
  connection_host: optText,
  connection_port: optNum,
  port: optNum,
  endpoint: optText,
};

const named = () => lenient(z.looseObject({ id: optText, name: optText, type: optText }));

/** A database or cache instance: databases carry `engine {id, name}`, caches only `provider`. */
export const Datastore = lazy(() =>
  z.looseObject({
    id: Id,
    name: optText,
    status: optText,
    status_label: optText,
    status_details: lenient(StatusDetails),
    engine: named(),
    provider: named(),
    version: optText,
    datacenter: optText,
    resource_profile: optText,
    database_name: optText,
    ...connectionFields,
  }),
);

/** GET /{database|cache}/{id}: `{instance, connection_info, monthly_cost}`. */
export const DatastoreAnswer = lazy(() => z.looseObject({ instance: Datastore, connection_info: optText, monthly_cost: optNum }));

/** Credentials and connection info: `{host, port, username, database?, password, connection_info}`. */
export const Credentials = lazy(() =>
  z.looseObject({
    // Spec 2.2's connection fields, when the answer carries them (read before the instance's).
    ...connectionFields,
    host: optText,
    port: optNum,
    username: optText,
    password: optText,
    database: optText,
    connection_info: optText,
  }),
);

/** DNS enable `{message, dns_hostname, dns_port}` (also with 409); disable `{message}`. */
export const DnsAnswer = lazy(() => z.looseObject({ message: optText, dns_hostname: optText, dns_port: optNum }));

// --- Projects (teams) ---------------------------------------------------------------------

export const Team = lazy(() => z.looseObject({ id: Id, name: optText, personal_team: optBool, registry_namespace: optText }));
/** `data` is a list; older servers send it as an object keyed by index (real-api "projects"). */
const TeamList = lazy(() =>
  z.pipe(
    z.union([z.array(Team), z.record(z.string(), Team)]),
    z.transform((v) => (Array.isArray(v) ? v : Object.values(v))),
  ),
);
/** `token_team_id`: null = the token works in every project; absent on older servers. */
export const TeamsAnswer = lazy(() => z.looseObject({ data: TeamList, current_team_id: optText, token_team_id: optText }));

// --- Recovery ---------------------------------------------------------------------------

/** A capability cell: `yes`, `no`, `gated` (exists, opened per account), `conditional` or `unavailable`. */
export const CapabilityCell = lazy(() => z.looseObject({ status: z.string(), note: optText }));

/**
 * One row of the matrix. The v1.7.0 types give each capability as a word (`create`,
 * `restore_to_new`, ... "yes", "gated") with the reasons in `notes`, per product line and
 * provider; servers that preceded them sent `{status, note}` cells and `create_point`. Both
 * are read (a cell is normalised by capabilityCell).
 */
export const CapabilityRow = lazy(() =>
  z.looseObject({
    product: z.string(),
    provider: optText,
    deployment_kind: optText,
    notes: optText,
    create: lenient(z.union([z.string(), CapabilityCell])),
    create_point: lenient(z.union([z.string(), CapabilityCell])),
    restore_to_new: lenient(z.union([z.string(), CapabilityCell])),
    replace_existing: lenient(z.union([z.string(), CapabilityCell])),
    point_in_time: lenient(z.union([z.string(), CapabilityCell])),
  }),
);

export const CapabilitiesAnswer = lazy(() => z.looseObject({ data: z.array(CapabilityRow) }));

export const RecoveryAction = lazy(() => z.looseObject({ name: z.string(), available: z.boolean(), reason: optText }));

/**
 * A recovery point as the per-product snapshot lists give it (integer ids, sizes as strings,
 * `<product>_instance {id, name}`); the spec's richer fields are read when present.
 */
export const RecoveryPoint = lazy(() =>
  z.looseObject({
    id: Id,
    name: optText,
    description: optText,
    status: optText,
    size_gb: optNum,
    size_mb: optNum,
    created_at: optText,
    updated_at: optText,
    origin: optText,
    state: optText,
    protection: optText,
    size_bytes: optNum,
    actions: lenientArray(RecoveryAction),
  }),
);

export const RestoreAnswer = lazy(() =>
  z.looseObject({
    message: optText,
    operation_id: optText,
    /** A page for people (often on the console's host), never a path to read (contract 10). */
    operation_url: optText,
    /** v1.7.0's name for that page. */
    redirect: optText,
    status: optText,
  }),
);

export type Pagination = z.infer<typeof Pagination>;
export type StatusDetails = z.infer<typeof StatusDetails>;
export type StatusError = z.infer<typeof StatusError>;
export type Capabilities = z.infer<typeof Capabilities>;
export type Container = z.infer<typeof Container>;
export type Operation = z.infer<typeof Operation>;
export type Condition = z.infer<typeof Condition>;
export type Revision = z.infer<typeof Revision>;
export type RevisionsData = z.infer<typeof RevisionsData>;
export type PlatformEvent = z.infer<typeof PlatformEvent>;
export type EventsData = z.infer<typeof EventsData>;
export type LogEntry = z.infer<typeof LogEntry>;
export type LogsMeta = z.infer<typeof LogsMeta>;
export type Finding = z.infer<typeof Finding>;
export type DiagnoseData = z.infer<typeof DiagnoseData>;
export type Vps = z.infer<typeof Vps>;
export type Datastore = z.infer<typeof Datastore>;
export type Credentials = z.infer<typeof Credentials>;
export type DnsAnswer = z.infer<typeof DnsAnswer>;
export type Team = z.infer<typeof Team>;
export type CapabilityRow = z.infer<typeof CapabilityRow>;
export type RecoveryPoint = z.infer<typeof RecoveryPoint>;
export type RestoreAnswer = z.infer<typeof RestoreAnswer>;
