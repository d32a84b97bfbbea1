// Managed RabbitMQ queues (real-api QueueInstance and the /queue operations): a family of the
// generic engine (http/family.ts), plus its reads (connection-info, metrics).
//
// What the real API does differently from VPS, and the simulator follows:
//   - the instance carries no status_details: the show answer has them beside it, with
//     connection_info (the URL without its password), management_url and capabilities;
//   - actions and deletes answer `{message, instance}` / `{message}`, refusals `{error}`
//     (no legacy `status` in either);
//   - a running queue cannot be deleted ("Please stop the instance first");
//   - QueueInstanceStatus has no starting/stopping: a start shows `provisioning`, and a stop
//     shows `stopped` at once while status_details still says the operation runs.
import { http } from 'msw';
import { DAY, iso, MINUTE, SECOND } from '../clock.js';
import { API, guarded, json, notFound, type Ctx } from '../http/common.js';
import { familyHandlers, nowOf, type FamilyDef, type FamilyRecord } from '../http/family.js';
import { isGone, legacyStatus, lifecycle } from '../state/lifecycle.js';
import { MAIN_TEAM } from '../state/auth.js';
import { SEED_IDS } from '../state/seed.js';
import { TeamStore } from '../state/store.js';
import type { SimModule, World } from '../state/world.js';

export interface QueueRecord extends FamilyRecord {
  id: string;
  version: string;
  resourceProfile: string;
  datacenter: string;
  password: string;
  parameterGroupId: number | null;
  automatedSnapshots: boolean;
  configuration: Record<string, string>;
  createdAt: number;
}

/** Resource profiles (slugs as the real fixtures show them: `queue-small`). */
export const QUEUE_PLANS: Record<string, { cores: number; memoryMb: number; storageGb: number; cents: number }> = {
  'queue-micro': { cores: 1, memoryMb: 512, storageGb: 5, cents: 600 },
  'queue-small': { cores: 1, memoryMb: 1024, storageGb: 10, cents: 1200 },
  'queue-medium': { cores: 2, memoryMb: 4096, storageGb: 40, cents: 3600 },
  'queue-large': { cores: 4, memoryMb: 8192, storageGb: 80, cents: 7200 },
};
export const QUEUE_VERSIONS = ['3.12', '3.13', '4.0'];
const DEFAULT_VERSION = '3.13';
const NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const AMQPS_PORT = 5671;
const MANAGEMENT_PORT = 15672;

export function newQueue(r: Omit<QueueRecord, 'life' | 'updatedAt' | 'parameterGroupId' | 'automatedSnapshots' | 'configuration'> & Partial<QueueRecord>, base = 'running'): QueueRecord {
  return { parameterGroupId: null, automatedSnapshots: true, configuration: {}, updatedAt: r.createdAt, ...r, life: lifecycle(r.createdAt, base) };
}

const host = (q: QueueRecord) => `${q.name}-${q.id.slice(0, 8)}.managed.sim.local`;
const managementUrl = (q: QueueRecord) => `https://${host(q)}:${MANAGEMENT_PORT}`;
const planOf = (q: QueueRecord) => QUEUE_PLANS[q.resourceProfile] ?? QUEUE_PLANS['queue-small']!;

export const queueFamily: FamilyDef<QueueRecord> = {
  path: 'queue',
  model: 'QueueInstance',
  permission: 'queue',
  wrapper: 'instance',
  family: 'queue',
  statusInAnswers: false,
  store: (w) => w.queues,
  view: (q, at) => {
    const plan = planOf(q);
    const octet = (parseInt(q.id.slice(0, 2), 16) % 250) + 2;
    return {
      id: q.id,
      name: q.name,
      user_id: 1,
      team_id: q.teamId,
      status: at.status,
      automated_snapshots_enabled: q.automatedSnapshots,
      version: q.version,
      memory_size_mb: plan.memoryMb,
      cpu_cores: plan.cores,
      storage_size_gb: plan.storageGb,
      port: 5672,
      management_port: MANAGEMENT_PORT,
      host: host(q),
      vhost: '/',
      // PHP arrays: an empty map is sent as [].
      configuration: Object.keys(q.configuration).length ? q.configuration : [],
      parameter_group_id: q.parameterGroupId,
      resource_profile: q.resourceProfile,
      datacenter: q.datacenter,
      node: `${q.datacenter}-worker-0${(octet % 8) + 1}`,
      hardware_profile: 'standard',
      public_ip: null,
      private_ip: `10.42.0.${octet}`,
      dns_hostname: null,
      dns_port: null,
      argocd_data: null,
      monthly_cost_cents: plan.cents,
      deployed_at: iso(q.createdAt + 2 * MINUTE),
      last_backup_at: q.automatedSnapshots ? iso(Math.max(q.createdAt, at.now - DAY)) : null,
      created_at: iso(q.createdAt),
      updated_at: iso(q.updatedAt),
      deleted_at: null,
      desired_replicas: at.status === 'stopped' ? 0 : 1,
      mqtt_port: null,
      amqps_port: AMQPS_PORT,
      mqtts_port: null,
      stomp_port: null,
      stomps_port: null,
      status_observed_at: at.details.observed_at,
      failure_details: at.details.error ? [at.details.error.message] : null,
    };
  },
  show: (q, view, ctx) => {
    const at = nowOf(queueFamily, q, ctx.now);
    return {
      instance: view,
      connection_info: `amqps://admin@${host(q)}:${AMQPS_PORT}/`,
      management_url: managementUrl(q),
      monthly_cost: planOf(q).cents / 100,
      status_details: at.details,
      capabilities: { logs: true, events: true, diagnose: true },
    };
  },
  create: {
    message: 'Queue instance created successfully',
    op: { during: 'provisioning', after: 'running', ms: 45 * SECOND },
    build: (body, ctx) => {
      const errors: Record<string, string[]> = {};
      const text = (k: string) => (typeof body[k] === 'string' && (body[k] as string).trim() !== '' ? (body[k] as string) : undefined);
      const name = text('name');
      if (!name) errors.name = ['The name field is required.'];
      else if (!NAME.test(name)) errors.name = ['The name field format is invalid.'];
      const profile = text('resource_profile');
      if (!profile) errors.resource_profile = ['The resource profile field is required.'];
      else if (!QUEUE_PLANS[profile]) errors.resource_profile = ['The selected resource profile is invalid.'];
      const version = body.version ?? null;
      if (version !== null && (typeof version !== 'string' || !QUEUE_VERSIONS.includes(version))) errors.version = ['The selected version is invalid.'];
      const datacenter = body.datacenter ?? null;
      if (datacenter !== null && datacenter !== 'fsn1') errors.datacenter = ['The selected datacenter is invalid.'];
      if (Object.keys(errors).length) return { errors };
      const n = ctx.world.ids.int('queue-password');
      return {
        record: newQueue(
          {
            id: ctx.world.ids.uuid('queue'),
            teamId: ctx.team.id,
            name: name!,
            version: (version as string | null) ?? DEFAULT_VERSION,
            resourceProfile: profile!,
            datacenter: 'fsn1',
            password: `rmq-Sim${n}-${name!.length}x`,
            createdAt: ctx.now,
          },
          'pending',
        ),
      };
    },
  },
  update: {
    message: 'Queue instance update initiated',
    op: { during: 'updating', after: 'running', ms: 30 * SECOND },
    apply: (q, body) => {
      const errors: Record<string, string[]> = {};
      const { resource_profile: profile, automated_snapshots_enabled: snapshots, configuration } = body;
      if (profile !== undefined && (typeof profile !== 'string' || !QUEUE_PLANS[profile])) errors.resource_profile = ['The selected resource profile is invalid.'];
      if (snapshots !== undefined && typeof snapshots !== 'boolean') errors.automated_snapshots_enabled = ['The automated snapshots enabled field must be true or false.'];
      const config = configurationOf(configuration);
      if (configuration !== undefined && !config) errors.configuration = ['The configuration field must be an array.'];
      if (Object.keys(errors).length) return errors;
      if (typeof profile === 'string') q.resourceProfile = profile;
      if (typeof snapshots === 'boolean') q.automatedSnapshots = snapshots;
      if (config) q.configuration = config;
      return undefined;
    },
  },
  destroy: {
    message: 'Queue instance destruction initiated.',
    refusal: 'Cannot destroy instance in current status. Please stop the instance first.',
    from: ['stopped', 'error'],
    op: { during: 'destroying', after: 'gone', ms: 20 * SECOND },
  },
  actions: {
    start: {
      from: ['stopped', 'error'],
      op: { during: 'provisioning', after: 'running', ms: 20 * SECOND },
      message: 'Queue instance start initiated.',
      refusal: 'Cannot start instance in current status.',
      answer: (q, ctx) => ({ instance: queueFamily.view(q, nowOf(queueFamily, q, ctx.now), ctx) }),
    },
    stop: {
      from: ['running'],
      op: { during: 'stopped', after: 'stopped', ms: 15 * SECOND },
      message: 'Queue instance stop initiated.',
      refusal: 'Cannot stop instance in current status.',
      answer: (q, ctx) => ({ instance: queueFamily.view(q, nowOf(queueFamily, q, ctx.now), ctx) }),
    },
  },
  diagnostics: { diagnose: true, events: true, logs: true },
};

/** A configuration map (PHP array: `[]` when empty); undefined when it is not one. */
function configurationOf(v: unknown): Record<string, string> | undefined {
  if (Array.isArray(v)) return v.length === 0 ? {} : undefined;
  if (typeof v !== 'object' || v === null) return undefined;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));
}

/** The reads of /queue/{id}: connection-info and metrics. */
function queueExtras(world: World) {
  const withQueue = (fn: (q: QueueRecord, ctx: Ctx) => Response) =>
    guarded(world, 'queue:read', (ctx) => {
      const q = world.queues.get(ctx.team.id, ctx.params.id);
      return q && !isGone(q.life, ctx.now) ? fn(q, ctx) : notFound('QueueInstance', ctx.params.id);
    });
  return [
    http.get(
      `${API}/queue/:id/connection-info`,
      withQueue((q) =>
        json({
          amqp_url: `amqps://admin:${q.password}@${host(q)}:${AMQPS_PORT}/`,
          management_url: managementUrl(q),
          host: host(q),
          port: AMQPS_PORT,
          management_port: MANAGEMENT_PORT,
          vhost: '/',
          username: 'admin',
          password: q.password,
        }),
      ),
    ),
    http.get(
      `${API}/queue/:id/metrics`,
      withQueue((q, ctx) => json(metricsOf(q, ctx.now))),
    ),
  ];
}

/** The broker's metrics; a queue that is not running answers the "unknown" form. */
function metricsOf(q: QueueRecord, now: number) {
  const instance = { id: q.id, name: q.name };
  if (legacyStatus(q.life, now) !== 'running') {
    return { summary: { connections: 0, channels: 0, queues: 0, memory_percent: 0, health_status: 'unknown' }, health: { status: 'unknown', issues: ['Unable to fetch metrics'] }, instance };
  }
  // The seeded broker runs hot on file descriptors, so its metrics carry a warning.
  const busy = q.name === 'events-rabbit';
  const m = { memory_percent: busy ? 41.7 : 12.5, connections: busy ? 12 : 1, channels: busy ? 31 : 1, queues: busy ? 8 : 0, fd_percent: busy ? 83.2 : 4.1 };
  const issues = busy ? ['File descriptor usage above 80%'] : [];
  // The facts list only the critical/warning forms; a broker without issues says `healthy`.
  const status = issues.length ? 'warning' : 'healthy';
  return {
    summary: { connections: String(m.connections), channels: String(m.channels), queues: String(m.queues), memory_percent: String(m.memory_percent), health_status: status },
    health: { status, issues, ...m, disk_free_bytes: (planOf(q).storageGb - 1) * 1_073_741_824 },
    instance,
  };
}

/** Seeded queues of team 1: `events-rabbit` (running, with a parameter group) and `archive-rabbit` (stopped). */
function seedQueues(w: World, now: number, ids: { events: string; archive: string }, groupId: number, teamId: number): void {
  const events = w.queues.add(
    newQueue({
      id: ids.events,
      teamId,
      name: 'events-rabbit',
      version: '3.13',
      resourceProfile: 'queue-small',
      datacenter: 'fsn1',
      password: 'rmq-S3cret-events',
      createdAt: now - 45 * DAY,
      parameterGroupId: groupId,
    }),
  );
  // A restart half an hour ago: the seeded broker has recent events and log lines to show.
  events.life.ops.push({ kind: 'start', during: 'provisioning', after: 'running', ms: MINUTE, at: now - 30 * MINUTE, endAt: now - 29 * MINUTE, fails: false });
  w.queues.add(
    newQueue(
      {
        id: ids.archive,
        teamId,
        name: 'archive-rabbit',
        version: '3.12',
        resourceProfile: 'queue-micro',
        datacenter: 'fsn1',
        password: 'rmq-S3cret-archive',
        createdAt: now - 90 * DAY,
        automatedSnapshots: false,
      },
      'stopped',
    ),
  );
}

/** Every /queue route: the reads first, then the family's. */
export function queueHandlers(world: World) {
  return [...queueExtras(world), ...familyHandlers(world, queueFamily)];
}

declare module '../state/world.js' {
  interface World {
    queues: TeamStore<QueueRecord>;
  }
}

export const queueModule: SimModule = {
  name: 'queue',
  stores: { queues: () => new TeamStore<QueueRecord>() },
  seed: (w, now) => seedQueues(w, now, SEED_IDS.queues, SEED_IDS.parameterGroups.rabbitTuned, MAIN_TEAM),
  routes: queueHandlers,
};
