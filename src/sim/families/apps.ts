// One-click apps (real-api AppInstanceResource and the /apps operations): WordPress, n8n and
// Ghost from a catalog, on the generic engine (handlers/family.ts) with create, update,
// restart and delete moving through simulated time; plus the catalog, metrics and credentials.
import { createHash } from 'node:crypto';
import { http } from 'msw';
import { iso, MINUTE, SECOND, DAY } from '../clock.js';
import { API, guarded, invalid, json, notFound, type Ctx } from '../http/common.js';
import { familyHandlers, type FamilyDef, type FamilyRecord } from '../http/family.js';
import { begin, inFlight, isGone, legacyStatus, lifecycle } from '../state/lifecycle.js';
import { uuidFrom } from '../state/ids.js';
import type { World } from '../state/world.js';

export interface AppRecord extends FamilyRecord {
  id: string;
  appType: string;
  version: string;
  resourceProfile: string;
  subdomain: string;
  adminUser: string;
  createdAt: number;
}

const PROFILES: Record<string, { cents: number; cpu: number; memoryMb: number }> = {
  small: { cents: 900, cpu: 1, memoryMb: 1024 },
  medium: { cents: 1900, cpu: 2, memoryMb: 2048 },
  large: { cents: 3900, cpu: 4, memoryMb: 4096 },
};

/** GET /apps/catalog: `resource_profiles` is a string in the facts (a comma-separated list here). */
export const APP_CATALOG = [
  {
    app_type: 'wordpress',
    display_name: 'WordPress',
    description: 'Blog and website engine with a managed MySQL database.',
    versions: { '6.7': { default: true }, '6.6': { default: false } },
    resource_profiles: 'small,medium,large',
  },
  {
    app_type: 'n8n',
    display_name: 'n8n',
    description: 'Workflow automation with a visual editor.',
    versions: { '1.80': { default: true }, '1.79': { default: false } },
    resource_profiles: 'small,medium,large',
  },
  { app_type: 'ghost', display_name: 'Ghost', description: null, versions: { '5.105': { default: true } }, resource_profiles: 'medium,large' },
];

const ADMIN_PATH: Record<string, string> = { wordpress: '/wp-admin', n8n: '/signin', ghost: '/ghost' };

export function newApp(r: Omit<AppRecord, 'life' | 'updatedAt'>, base = 'running'): AppRecord {
  return { ...r, updatedAt: r.createdAt, life: lifecycle(r.createdAt, base) };
}

const urlOf = (a: AppRecord) => `https://${a.subdomain}.apps.sim.local`;

export const appFamily: FamilyDef<AppRecord> = {
  path: 'apps',
  model: 'AppInstance',
  permission: 'app',
  wrapper: 'instance',
  family: 'app',
  store: (w) => w.monitoring.apps,
  view: (a, at) => {
    const plan = PROFILES[a.resourceProfile] ?? PROFILES.small!;
    const settled = at.details.operation.terminal;
    return {
      id: a.id,
      name: a.name,
      app_type: a.appType,
      status: at.status,
      status_details: at.details,
      capabilities: { logs: true, events: true, diagnose: true },
      version: a.version,
      resource_profile: a.resourceProfile,
      datacenter: 'fsn1',
      subdomain: a.subdomain,
      hostname: `${a.subdomain}.apps.sim.local`,
      url: urlOf(a),
      admin_user: a.adminUser,
      monthly_cost_cents: plan.cents,
      monthly_cost_dollars: plan.cents / 100,
      automated_snapshots_enabled: true,
      current_bundle_id: null,
      rollback_available_until: null,
      deployed_at: at.status === 'provisioning' || at.status === 'pending' ? null : iso(a.createdAt + MINUTE),
      created_at: iso(a.createdAt),
      updated_at: iso(a.updatedAt),
      team_id: a.teamId,
      user_id: 1,
      can_be_restarted: settled && at.status !== 'destroying',
      can_be_destroyed: settled,
    };
  },
  create: {
    message: 'App instance created',
    op: { during: 'provisioning', after: 'running', ms: 40 * SECOND },
    build: (body, ctx) => {
      const errors: Record<string, string[]> = {};
      const text = (k: string) => (typeof body[k] === 'string' && (body[k] as string).trim() !== '' ? (body[k] as string).trim() : undefined);
      const type = text('app_type');
      const entry = APP_CATALOG.find((c) => c.app_type === type);
      if (!type) errors.app_type = ['The app type field is required.'];
      else if (!entry) errors.app_type = ['The selected app type is invalid.'];
      const name = text('name');
      if (!name) errors.name = ['The name field is required.'];
      const subdomain = text('subdomain');
      const mine = ctx.world.monitoring.apps.all().filter((a) => !isGone(a.life, ctx.now));
      if (!subdomain) errors.subdomain = ['The subdomain field is required.'];
      else if (!/^[a-z0-9]([a-z0-9-]{1,61}[a-z0-9])?$/.test(subdomain)) errors.subdomain = ['The subdomain field format is invalid.'];
      else if (mine.some((a) => a.subdomain === subdomain)) errors.subdomain = ['The subdomain has already been taken.'];
      const profile = text('resource_profile');
      if (!profile) errors.resource_profile = ['The resource profile field is required.'];
      else if (entry && !entry.resource_profiles.split(',').includes(profile)) errors.resource_profile = ['The selected resource profile is invalid.'];
      if (body.datacenter !== 'fsn1') errors.datacenter = [body.datacenter === undefined ? 'The datacenter field is required.' : 'The selected datacenter is invalid.'];
      const version = text('version');
      if (version && entry && !(version in entry.versions)) errors.version = ['The selected version is invalid.'];
      if (Object.keys(errors).length || !entry) return { errors };
      const defaultVersion = Object.entries(entry.versions).find(([, v]) => v.default)?.[0] ?? Object.keys(entry.versions)[0]!;
      return {
        record: newApp(
          {
            id: ctx.world.ids.uuid('app'),
            teamId: ctx.team.id,
            name: name!,
            appType: entry.app_type,
            version: version ?? defaultVersion,
            resourceProfile: profile!,
            subdomain: subdomain!,
            adminUser: text('admin_user') ?? 'admin',
            createdAt: ctx.now,
          },
          'pending',
        ),
      };
    },
  },
  update: {
    message: 'App instance update initiated',
    op: { during: 'updating', after: 'running', ms: 40 * SECOND },
    apply: (a, body) => {
      const profile = body.resource_profile;
      if (typeof profile !== 'string' || profile === '') return { resource_profile: ['The resource profile field is required.'] };
      const entry = APP_CATALOG.find((c) => c.app_type === a.appType);
      if (!entry?.resource_profiles.split(',').includes(profile)) return { resource_profile: ['The selected resource profile is invalid.'] };
      a.resourceProfile = profile;
      return undefined;
    },
  },
  destroy: { message: 'App deletion initiated', refusal: 'App cannot be destroyed in its current state', op: { during: 'destroying', after: 'gone', ms: 20 * SECOND } },
  actions: {
    restart: {
      from: ['running', 'error', 'stopped'],
      op: { during: 'restarting', after: 'running', ms: 30 * SECOND },
      message: 'App restart initiated',
      refusal: 'App cannot be restarted in its current state',
    },
  },
  diagnostics: { diagnose: true, events: true, logs: true },
};

/** A point of a metric series: the same for every run (a hash of the app and the minute). */
function wave(id: string, key: string, minute: number, lo: number, hi: number): number {
  const h = createHash('sha256').update(`${id}/${key}`).digest();
  const phase = h[0]! / 40;
  const v = (Math.sin(minute / 17 + phase) + 1) / 2;
  return Math.round((lo + (hi - lo) * v) * 10) / 10;
}

const STEP = /^([1-9][0-9]*)(m|h)$/;

function metricsOf(a: AppRecord, ctx: Ctx): Response {
  const errors: Record<string, string[]> = {};
  const rawHours = ctx.url.searchParams.get('hours');
  const hours = rawHours === null ? 1 : Number(rawHours);
  if (!Number.isInteger(hours) || hours < 1 || hours > 168) errors.hours = ['The hours field must be an integer between 1 and 168.'];
  const step = ctx.url.searchParams.get('step') ?? '5m';
  const m = STEP.exec(step);
  if (!m) errors.step = ['The step field format is invalid.'];
  if (Object.keys(errors).length) return invalid(errors);
  const stepMin = Number(m![1]) * (m![2] === 'h' ? 60 : 1);
  const plan = PROFILES[a.resourceProfile] ?? PROFILES.small!;
  const running = legacyStatus(a.life, ctx.now) === 'running';
  const count = Math.min(200, Math.max(1, Math.floor((hours * 60) / stepMin)));
  const end = Math.floor(ctx.now / MINUTE);
  const minutes = Array.from({ length: count }, (_, i) => end - (count - 1 - i) * stepMin);
  const timestamps = minutes.map((min) => iso(min * MINUTE));
  // Before the app existed there is no data: the API leaves those points out.
  const born = Math.floor(a.createdAt / MINUTE);
  const kept = minutes.map((min, i) => [min, i] as const).filter(([min]) => min >= born);
  const series = (key: string, lo: number, hi: number) => ({ timestamps: kept.map(([, i]) => timestamps[i]!), values: kept.map(([min]) => wave(a.id, key, min, lo, hi)) });
  const cpu = running ? wave(a.id, 'cpu', end, 3, 60) : 0;
  const memMb = running ? wave(a.id, 'memory', end, plan.memoryMb * 0.3, plan.memoryMb * 0.8) : 0;
  return json({
    data: {
      metrics: { cpu: series('cpu', 3, 60), memory: series('memory', plan.memoryMb * 0.3, plan.memoryMb * 0.8) },
      summary: { cpu_percentage: cpu, memory_bytes: String(Math.round(memMb * 1024 * 1024)), memory_mb: memMb, retrieved_at: running ? iso(ctx.now) : null },
    },
    meta: { hours: rawHours === null ? null : hours, step },
  });
}

function password(a: AppRecord): string {
  return createHash('sha256').update(`app-password/${a.id}`).digest('base64url').slice(0, 20);
}

function appExtras(world: World) {
  const find = (ctx: Ctx) => {
    const a = world.monitoring.apps.get(ctx.team.id, ctx.params.id);
    return a && !isGone(a.life, ctx.now) ? a : undefined;
  };
  const withApp = (fn: (a: AppRecord, ctx: Ctx) => Response) =>
    guarded(world, 'app:read', (ctx) => {
      const a = find(ctx);
      return a ? fn(a, ctx) : notFound('AppInstance', ctx.params.id);
    });
  return [
    http.get(
      `${API}/apps/catalog`,
      guarded(world, null, () => json({ data: APP_CATALOG })),
    ),
    http.get(`${API}/apps/:id/metrics`, withApp(metricsOf)),
    http.get(
      `${API}/apps/:id/credentials`,
      withApp((a) => json({ data: { admin_user: a.adminUser, admin_password: password(a), url: `${urlOf(a)}${ADMIN_PATH[a.appType] ?? '/'}` } })),
    ),
    // 409 {message} while an operation is in flight; otherwise the generic update answers.
    http.put(`${API}/apps/:id`, ({ request, params }) => {
      const auth = world.auth.authenticate(request.headers.get('authorization'), request.headers.get('x-team-id'));
      if (!auth.ok) return undefined;
      const a = world.monitoring.apps.get(auth.team.id, String(params.id));
      if (!a || !inFlight(a.life, world.now()) || isGone(a.life, world.now())) return undefined;
      return json({ message: `Another operation is in progress on ${a.name}; try again when it has finished.` }, 409);
    }),
  ];
}

export function appHandlers(world: World) {
  return [...appExtras(world), ...familyHandlers(world, appFamily)];
}

/** Seeded apps of team 1: one of each catalog type, the n8n one restarting. */
export const APP_SEED = {
  shop: uuidFrom('seed/app/shop-wp'),
  automations: uuidFrom('seed/app/automations'),
  journal: uuidFrom('seed/app/journal'),
} as const;

export function seedApps(w: World, now: number, team: number): void {
  const store = w.monitoring.apps;
  store.add(
    newApp({ id: APP_SEED.shop, teamId: team, name: 'shop-wp', appType: 'wordpress', version: '6.7', resourceProfile: 'medium', subdomain: 'shop', adminUser: 'admin', createdAt: now - 30 * DAY }),
  );
  const n8n = store.add(
    newApp({
      id: APP_SEED.automations,
      teamId: team,
      name: 'automations',
      appType: 'n8n',
      version: '1.80',
      resourceProfile: 'small',
      subdomain: 'automations',
      adminUser: 'ops',
      createdAt: now - 9 * DAY,
    }),
  );
  begin(n8n.life, { family: 'app', name: n8n.name }, 'restart', appFamily.actions!.restart!.op, now - 10 * SECOND);
  store.add(
    newApp({ id: APP_SEED.journal, teamId: team, name: 'journal', appType: 'ghost', version: '5.105', resourceProfile: 'medium', subdomain: 'journal', adminUser: 'editor', createdAt: now - 3 * DAY }),
  );
}
