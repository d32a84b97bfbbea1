// VPS, databases, caches, projects and recovery, as the client reads them.
import * as z from 'zod/mini';
import { lazy } from './lazy.js';
import { Id, lenient, lenientArray, optBool, optNum, optText } from '../wire.js';
import { StatusDetails } from './common.js';

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

/** Connection fields of database and cache instances (docs/behaviour.md#api-connection-fields). */
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
    // The connection fields of docs/behaviour.md#api-connection-fields, when the answer carries them (read before the instance's).
    ...connectionFields,
    host: optText,
    port: optNum,
    username: optText,
    password: optText,
    database: optText,
    connection_info: optText,
    /** Databases: the user applications connect as (the superuser is `username`). */
    application_user: lenient(z.looseObject({ username: optText, password: optText })),
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
    /** A page for people (often on the console's host), never a path to read (docs/behaviour.md#restore). */
    operation_url: optText,
    /** v1.7.0's name for that page. */
    redirect: optText,
    status: optText,
  }),
);

export type Vps = z.infer<typeof Vps>;
export type Datastore = z.infer<typeof Datastore>;
export type Credentials = z.infer<typeof Credentials>;
export type DnsAnswer = z.infer<typeof DnsAnswer>;
export type Team = z.infer<typeof Team>;
export type CapabilityRow = z.infer<typeof CapabilityRow>;
export type RecoveryPoint = z.infer<typeof RecoveryPoint>;
export type RestoreAnswer = z.infer<typeof RestoreAnswer>;
