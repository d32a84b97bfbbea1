// The real API's shapes (spec/real-api.md), field by field and type by type, as strict
// schemas: an invented or missing field fails. Richer fields a newer server sends
// (generations, recovery-point fields) are listed as such.
import * as z from 'zod';

const str = z.string();
const nstr = z.string().nullable();
const int = z.int();
const nint = z.int().nullable();
const num = z.number();
const nnum = z.number().nullable();
const bool = z.boolean();
const iso = z.iso.datetime({ offset: true });
const niso = iso.nullable();
export const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

export const Pagination = z.strictObject({ current_page: int, last_page: int, per_page: int, total: int });
export const listOf = <T extends z.ZodType>(item: T) => z.strictObject({ data: z.array(item), pagination: Pagination });
export const envelopeOf = <T extends z.ZodType>(data: T) => z.strictObject({ success: z.literal(true), data, error: z.null(), meta: z.record(str, z.unknown()) });

export const MessageBody = z.strictObject({ message: str });
export const ValidationBody = z.strictObject({ message: str, errors: z.record(str, z.array(str)) });
export const ConflictBody = z.strictObject({ error: str });
export const EnvelopeError = z.strictObject({
  success: z.literal(false),
  data: z.unknown(),
  error: z.strictObject({ code: str, message: str, retryable: bool }),
  meta: z.strictObject({}),
});

export const StatusDetails = z.strictObject({
  summary: z.enum(['pending', 'in_progress', 'ready', 'degraded', 'failed', 'stopped', 'deleting', 'unknown']),
  health: z.enum(['healthy', 'degraded', 'unhealthy', 'unknown']),
  observed_at: niso,
  stale: bool,
  operation: z.strictObject({ state: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']), terminal: bool }),
  error: z
    .strictObject({
      code: str,
      source: nstr,
      resource: z.strictObject({ kind: nstr, name: nstr }).nullable(),
      reason: nstr,
      message: nstr,
      retryable: bool,
      observed_at: niso,
    })
    .nullable(),
});

const envMap = z.union([z.record(str, str), z.array(z.never()).length(0)]).nullable();

export const Container = z.strictObject({
  id: uuid,
  name: str,
  slug: str.regex(/^[a-z0-9-]{1,63}$/),
  description: nstr,
  deployment_type: str,
  source_type: nstr,
  repository_url: nstr,
  repository_branch: str,
  repository_commit_sha: nstr,
  build_context_path: str,
  dockerfile_path: str,
  git_auth_type: str,
  buildpack_builder: nstr,
  detected_runtime: nstr,
  auto_build_on_push: bool,
  auto_deploy: bool,
  image: nstr,
  image_tag: str,
  built_image_ref: nstr,
  registry_credential_id: nstr,
  uses_danube_registry: bool,
  port: int,
  min_scale: int,
  max_scale: int,
  concurrency_target: int,
  container_concurrency: int,
  target_concurrency: str,
  scaling_metric: str,
  scaling_target: int,
  timeout_seconds: int,
  progress_deadline_seconds: nint,
  resource_profile: z.enum(['free', 'micro', 'small', 'medium', 'large']),
  cpu_request: str,
  cpu_limit: str,
  memory_request: str,
  memory_limit: str,
  health_check_path: nstr,
  scale_to_zero_enabled: bool,
  environment_variables: envMap,
  status: str,
  status_details: StatusDetails,
  last_error: nstr,
  error_category: nstr,
  knative_service_name: nstr,
  url: nstr,
  current_revision: nstr,
  deployment_count: int,
  deployed_at: niso,
  last_deployed_at: niso,
  last_stopped_at: niso,
  last_build_at: niso,
  total_requests: int,
  requests_per_minute: nnum,
  current_replicas: int,
  avg_response_time_ms: nnum,
  error_rate: nnum,
  metrics_updated_at: niso,
  current_month_requests: int,
  current_month_compute_seconds: int,
  current_month_cost_cents: int,
  billing_period: nstr,
  capabilities: z.strictObject({ logs: bool, events: bool, revisions: bool, diagnose: z.optional(bool) }),
  team: z.optional(z.strictObject({ id: int, name: str })),
  user: z.optional(z.strictObject({ id: int, name: str })),
  created_at: niso,
  updated_at: niso,
  // A newer server (spec 2.3; v1.7.0, absent from a server that predates generations):
  spec_generation: z.optional(int),
  observed_generation: z.optional(int),
  initial_scale: z.optional(nint),
  scale_down_delay_seconds: z.optional(nint),
  build_cache_enabled: z.optional(bool),
});

// monthly_cost: a number, as both of the provider's clients read it (the generated types say string)
export const ContainerShow = z.strictObject({ container: Container, metrics: z.array(z.unknown()), url: str, monthly_cost: num });
export const ContainerCreated = z.strictObject({
  message: z.literal('Serverless container created successfully'),
  container: Container,
  operation: z.strictObject({
    operation_id: str,
    resource_id: str,
    resource_type: z.literal('serverless_container'),
    state: z.literal('queued'),
    terminal: z.literal(false),
    poll_after_ms: z.literal(3000),
    poll_url: z.url(),
  }),
});
export const ContainerUpdated = z.strictObject({ message: z.literal('Serverless container update initiated'), container: Container });
// spec_generation: v1.7.0, absent from a server that predates generations
export const Redeployed = z.strictObject({ message: str, container_id: uuid, status: z.literal('provisioning'), spec_generation: z.optional(int) });

export const Deployment = z.strictObject({
  id: str,
  serverless_container_id: str,
  revision_number: int,
  revision_name: str,
  knative_revision_name: nstr,
  description: nstr,
  image: str,
  image_tag: str,
  port: int,
  min_scale: int,
  max_scale: int,
  target_concurrency: int,
  resource_profile: str,
  status: str,
  status_details: StatusDetails,
  is_current: bool,
  traffic_percent: int,
  error_message: nstr,
  error_category: nstr,
  total_requests: int,
  first_request_at: niso,
  last_request_at: niso,
  deployed_at: niso,
  activated_at: niso,
  deactivated_at: niso,
  created_at: niso,
  updated_at: niso,
});

export const Operation = z.strictObject({
  operation_id: str,
  resource_id: str,
  resource_type: z.literal('serverless_container'),
  kind: z.literal('deploy'),
  state: str,
  terminal: bool,
  poll_after_ms: z.literal(3000).nullable(),
  revision: nstr,
  knative_revision: nstr,
  image: nstr,
  started_at: iso,
  finished_at: niso,
  error: z.strictObject({ code: str, message: nstr, retryable: bool, reason: z.null() }).nullable(),
});

/** A restore on the same route: the members of the client's Envelope type, then the record of spec 2.5. */
export const RestoreOperation = z.strictObject({
  operation_id: str,
  resource_id: str,
  resource_type: z.enum(['vps_instance', 'cache_instance', 'database_instance']),
  kind: z.literal('restore'),
  state: z.enum(['running', 'succeeded', 'failed']),
  terminal: bool,
  poll_after_ms: z.literal(3000).nullable(),
  revision: z.null(),
  knative_revision: z.null(),
  image: z.null(),
  started_at: iso,
  finished_at: niso,
  error: z.strictObject({ code: str, message: str, retryable: bool, reason: nstr }).nullable(),
  product: z.enum(['vps', 'cache', 'database']),
  point_id: int,
  resource_name: str,
  safety_point_id: int.nullable(),
  stage: str,
  result: z.enum(['succeeded', 'failed']).nullable(),
  timeline: z.array(z.strictObject({ at: iso, stage: str })),
});

export const Condition = z.strictObject({ type: str, status: z.enum(['True', 'False', 'Unknown']), reason: nstr, message: nstr, last_transition_time: niso });
export const Revision = z.strictObject({
  name: nstr,
  created_at: niso,
  generation: nint,
  is_latest_created: bool,
  is_latest_ready: bool,
  desired_replicas: nint,
  actual_replicas: nint,
  conditions: z.array(Condition),
});
export const RevisionsData = z.strictObject({
  available: bool,
  revisions: z.array(Revision),
  service: z.strictObject({ name: nstr, url: nstr, latest_created_revision: nstr, latest_ready_revision: nstr, conditions: z.array(Condition) }).nullable(),
  route: z
    .strictObject({
      name: nstr,
      url: nstr,
      traffic: z.array(z.strictObject({ revision_name: nstr, percent: int, latest_revision: bool })),
      conditions: z.array(Condition),
    })
    .nullable(),
});

export const Event = z.strictObject({ type: nstr, reason: nstr, message: str, resource: z.strictObject({ kind: nstr, name: nstr }), count: int, first_seen: niso, last_seen: niso });
export const EventsData = z.strictObject({ available: bool, events: z.array(Event) });

export const LogEntry = z.strictObject({ timestamp: iso, message: str, level: str, pod: nstr, container: nstr, stream: str });
export const LogsAnswer = z.strictObject({
  success: z.literal(true),
  data: z.strictObject({ available: z.literal(true), entries: z.array(LogEntry) }),
  error: z.null(),
  meta: z.strictObject({
    next_cursor: z
      .string()
      .regex(/^[0-9]+$/)
      .nullable(),
    truncated: bool,
    retention_days: z.literal(10),
  }),
});

export const Finding = z.strictObject({
  code: str,
  severity: z.enum(['fatal', 'action_required', 'transient_recovered', 'informational']),
  summary: str,
  remediation: nstr,
  retryable: bool,
});
export const DiagnoseData = z.strictObject({
  verdict: str,
  status: StatusDetails,
  findings: z.array(Finding),
  sections: z.strictObject({
    events: z.strictObject({ available: bool, count: int, truncated: bool }).nullable(),
    logs: z.strictObject({ available: bool, sampled_lines: int }).nullable(),
  }),
});

// v1.7.0 (real-api "Changes since 2026-08-19"): VPS, database and cache instances
const networkTier = z.enum(['standard', '10g']);
const Capabilities = z.strictObject({ logs: bool, events: bool, diagnose: bool, build_logs: z.optional(bool) });
const Provider = z.strictObject({ id: int, name: str, type: str });
const connection = {
  endpoint: str,
  port: int,
  dns_hostname: nstr,
  dns_port: nint,
  internal_host: str,
  internal_port: int,
  internal_endpoint: str,
  public_endpoint: nstr,
  connection_host: nstr,
  connection_port: nint,
};
const instanceTail = {
  monthly_cost_cents: int,
  monthly_cost_dollars: num,
  deployed_at: niso,
  created_at: iso,
  updated_at: iso,
  team_id: int,
  user_id: int,
  can_be_started: bool,
  can_be_stopped: bool,
  can_be_destroyed: bool,
};
export const Database = z.strictObject({
  id: uuid,
  name: str,
  status: str,
  status_label: z.enum(['Pending', 'Starting', 'Stopping', 'Provisioning', 'Running', 'Stopped', 'Restoring', 'Updating', 'Error', 'Destroying']),
  status_details: StatusDetails,
  capabilities: Capabilities,
  resource_profile: str,
  network_tier: networkTier,
  cpu_cores: int,
  memory_size_mb: int,
  storage_size_gb: int,
  version: nstr,
  database_name: nstr,
  datacenter: nstr,
  provider_id: int,
  provider: z.optional(Provider),
  engine: z.optional(z.strictObject({ id: int, name: str })),
  ...connection,
  proxy_dns_hostname: nstr,
  proxy_dns_port: nint,
  proxy_any_dns_port: nint,
  username: str,
  storage_autoscale_policy: z.optional(z.unknown()),
  ...instanceTail,
});
export const Cache = z.strictObject({
  id: uuid,
  name: str,
  status: str,
  status_label: z.enum(['Pending', 'Provisioning', 'Running', 'Stopped', 'Restoring', 'Updating', 'Error', 'Destroying']),
  status_details: StatusDetails,
  capabilities: Capabilities,
  resource_profile: nstr,
  network_tier: networkTier,
  cpu_cores: int,
  memory_size_mb: int,
  version: nstr,
  provider_id: int,
  provider: z.optional(Provider),
  ...connection,
  ...instanceTail,
});
export const InstanceShow = <T extends z.ZodType>(instance: T) => z.strictObject({ instance, connection_info: nstr, monthly_cost: num });
const Rotation = z.strictObject({ id: str, role: str, status: str, disconnect_sessions: z.boolean(), requested_at: nstr, started_at: nstr, completed_at: nstr, error: nstr });
export const DbCredentials = z.strictObject({
  host: str,
  port: int,
  username: str,
  database: nstr,
  password: nstr,
  connection_info: str,
  // v1.7.0 (real-api "Changes since 2026-08-19")
  application_user: z.strictObject({ username: str, password: nstr }),
  credential_rotation: Rotation.nullable(),
  superuser_credential_rotation: Rotation.nullable(),
});
export const CacheCredentials = z.strictObject({ host: str, port: int, username: z.literal('default'), password: nstr, connection_info: str });
export const DnsEnabled = z.strictObject({ message: str, dns_hostname: nstr, dns_port: nint });

export const Vps = z.strictObject({
  id: uuid,
  name: str,
  status: str,
  status_label: str,
  status_details: StatusDetails,
  capabilities: Capabilities,
  resource_profile: str,
  network_tier: networkTier,
  cpu_allocation_type: str,
  cpu_platform: nstr,
  cpu_cores: int,
  memory_size_gb: int,
  storage_size_gb: int,
  image: str,
  datacenter: str,
  public_ip: nstr,
  ipv6_address: nstr,
  vnc_access_url: nstr,
  monthly_cost_cents: int,
  monthly_cost_dollars: num,
  deployed_at: niso,
  created_at: iso,
  updated_at: iso,
  team_id: int,
  user_id: int,
  ssh_key_id: nint,
  can_be_started: bool,
  can_be_stopped: bool,
  can_be_rebooted: bool,
  can_be_destroyed: bool,
});
export const VpsShow = z.strictObject({
  instance: Vps,
  connection_info: z.strictObject({ public_ip: nstr, private_ip: nstr, ipv6_address: nstr, vnc_access_url: nstr, internal_dns: str, internal_fqdn: str }),
  monthly_cost: num,
});

export const Teams = z.strictObject({
  data: z.array(z.strictObject({ id: int, name: str, personal_team: bool, registry_namespace: nstr })),
  current_team_id: int,
  // the provider's client types (real-api "Projects"): null = every project, absent on older servers
  token_team_id: z.optional(z.nullable(int)),
});

const pointRicher = {
  origin: z.enum(['manual', 'automated', 'safety_point']),
  state: z.enum(['available', 'creating', 'degraded', 'failed']),
  protection: nstr,
  actions: z.array(z.strictObject({ name: str, available: bool, reason: nstr })),
};
// size_bytes and size_basis: v1.7.0
const pointBase = { id: int, name: str, description: nstr, status: str, size_bytes: nint, size_basis: nstr, created_at: iso, updated_at: iso, ...pointRicher };
const decimal = z.string().regex(/^[0-9]+\.[0-9]{2}$/);
const ref = z.strictObject({ id: uuid, name: str });
export const VpsSnapshot = z.strictObject({ ...pointBase, size_gb: decimal, vps_instance_id: uuid, vps_instance: ref });
export const CacheSnapshot = z.strictObject({ ...pointBase, size_mb: decimal, cache_instance_id: uuid, cache_instance: ref });
export const DatabaseSnapshot = z.strictObject({ ...pointBase, size_gb: decimal, database_instance_id: uuid, database_instance: ref });
export const SNAPSHOT = { vps: VpsSnapshot, cache: CacheSnapshot, database: DatabaseSnapshot } as const;
