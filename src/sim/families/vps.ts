// VPS instances (real-api VpsInstanceResource and the /vps operations): a family of the
// generic engine (http/family.ts), plus its read-only extras (status, metrics, password,
// images, plans).
import { http } from 'msw';
import { DAY, iso, SECOND } from '../clock.js';
import { API, guarded, json, notFound, refuse, type Ctx } from '../http/common.js';
import { familyHandlers, nowOf, type FamilyDef, type FamilyRecord } from '../http/family.js';
import { isGone, legacyStatus, lifecycle } from '../state/lifecycle.js';
import { MAIN_TEAM, STAGING_TEAM } from '../state/auth.js';
import { SEED_IDS } from '../state/seed.js';
import { TeamStore } from '../state/store.js';
import type { SimModule, World } from '../state/world.js';
import { readCpuPlatform, readNetworkTier, type CpuPlatform, type NetworkTier } from '../state/network-tier.js';

export interface VpsRecord extends FamilyRecord {
  id: string;
  datacenter: string;
  resourceProfile: string;
  image: string;
  publicIp: string;
  authMethod: 'ssh_key' | 'password';
  password: string | null;
  sshKeyId: number | null;
  createdAt: number;
  /** v1.7.0 (state/network-tier.ts); absent on seeded machines: `standard`, platform null. */
  networkTier?: NetworkTier;
  cpuPlatform?: CpuPlatform | null;
}

// The facts type the plans loosely (`unknown[]`); each is served in the provider's own CLI's
// shape (slug, display_name, type, monthly_cost) beside the id and cents this simulator always had.
export const VPS_PLANS: Record<string, { cores: number; memoryGb: number; storageGb: number; cents: number; cpu: string; title: string }> = {
  pico_shared: { cores: 1, memoryGb: 1, storageGb: 10, cents: 299, cpu: 'shared', title: 'Pico (shared)' },
  nano_shared: { cores: 1, memoryGb: 1, storageGb: 20, cents: 399, cpu: 'shared', title: 'Nano (shared)' },
  micro_shared: { cores: 1, memoryGb: 2, storageGb: 25, cents: 599, cpu: 'shared', title: 'Micro (shared)' },
  small_shared: { cores: 2, memoryGb: 4, storageGb: 40, cents: 899, cpu: 'shared', title: 'Small (shared)' },
  medium_shared: { cores: 4, memoryGb: 8, storageGb: 80, cents: 1799, cpu: 'shared', title: 'Medium (shared)' },
  large_shared: { cores: 8, memoryGb: 16, storageGb: 160, cents: 3499, cpu: 'shared', title: 'Large (shared)' },
  nano: { cores: 1, memoryGb: 2, storageGb: 25, cents: 999, cpu: 'dedicated', title: 'Nano' },
  micro: { cores: 2, memoryGb: 4, storageGb: 50, cents: 1499, cpu: 'dedicated', title: 'Micro' },
  small: { cores: 2, memoryGb: 8, storageGb: 80, cents: 2199, cpu: 'dedicated', title: 'Small' },
  medium: { cores: 4, memoryGb: 16, storageGb: 160, cents: 3900, cpu: 'dedicated', title: 'Medium' },
  large: { cores: 8, memoryGb: 32, storageGb: 320, cents: 7900, cpu: 'dedicated', title: 'Large' },
  xlarge: { cores: 16, memoryGb: 64, storageGb: 640, cents: 15900, cpu: 'dedicated', title: 'X-Large' },
};
export const VPS_IMAGES = [
  { id: 'debian-12', image: 'debian-12', label: 'Debian 12', description: 'Debian 12 (bookworm)', distro: 'debian', version: '12', family: 'debian', default_user: 'root' },
  { id: 'ubuntu-24.04', image: 'ubuntu-24.04', label: 'Ubuntu 24.04 LTS', description: 'Ubuntu 24.04 (noble)', distro: 'ubuntu', version: '24.04', family: 'ubuntu', default_user: 'root' },
  { id: 'rocky-9', image: 'rocky-9', label: 'Rocky Linux 9', description: 'Rocky Linux 9', distro: 'rocky', version: '9', family: 'rhel', default_user: 'root' },
];
const DATACENTERS = ['fsn1', 'nbg1', 'hel1'];
const LABELS: Record<string, string> = {
  pending: 'Pending',
  provisioning: 'Provisioning',
  starting: 'Starting',
  running: 'Running',
  stopping: 'Stopping',
  stopped: 'Stopped',
  rebooting: 'Rebooting',
  restoring: 'Restoring',
  reinstalling: 'Reinstalling',
  error: 'Error',
  destroying: 'Destroying',
  recreating: 'Recreating',
};

export function newVps(r: Omit<VpsRecord, 'life' | 'updatedAt' | 'authMethod' | 'password' | 'sshKeyId'> & Partial<VpsRecord>, base = 'running'): VpsRecord {
  return { authMethod: 'ssh_key', password: null, sshKeyId: null, updatedAt: r.createdAt, ...r, life: lifecycle(r.createdAt, base) };
}

export const vpsFamily: FamilyDef<VpsRecord> = {
  path: 'vps',
  model: 'VpsInstance',
  permission: 'vps',
  wrapper: 'instance',
  family: 'vps',
  store: (w) => w.vps,
  view: (v, at) => {
    const plan = VPS_PLANS[v.resourceProfile] ?? VPS_PLANS.nano_shared!;
    return {
      id: v.id,
      name: v.name,
      status: at.status,
      status_label: LABELS[at.status] ?? 'Pending',
      status_details: at.details,
      capabilities: { logs: false, events: true, diagnose: true },
      resource_profile: v.resourceProfile,
      network_tier: v.networkTier ?? 'standard',
      cpu_allocation_type: plan.cpu,
      cpu_platform: v.cpuPlatform ?? null,
      cpu_cores: plan.cores,
      memory_size_gb: plan.memoryGb,
      storage_size_gb: plan.storageGb,
      image: v.image,
      datacenter: v.datacenter,
      public_ip: at.status === 'provisioning' ? null : v.publicIp,
      ipv6_address: null,
      vnc_access_url: null,
      monthly_cost_cents: plan.cents,
      monthly_cost_dollars: plan.cents / 100,
      deployed_at: iso(v.createdAt + 2 * 60_000),
      created_at: iso(v.createdAt),
      updated_at: iso(v.updatedAt),
      team_id: v.teamId,
      user_id: 1,
      ssh_key_id: v.sshKeyId,
      can_be_started: at.status === 'stopped',
      can_be_stopped: at.status === 'running',
      can_be_rebooted: at.status === 'running',
      can_be_destroyed: at.details.operation.terminal,
    };
  },
  show: (v, view) => ({ instance: view, connection_info: vpsConnectionInfo(v), monthly_cost: view.monthly_cost_dollars }),
  create: {
    message: 'VPS instance created successfully with default firewall',
    op: { during: 'provisioning', after: 'running', ms: 30 * SECOND },
    extras: () => ({ firewall_created: true }),
    build: (body, ctx) => {
      const errors: Record<string, string[]> = {};
      const text = (k: string) => (typeof body[k] === 'string' && (body[k] as string).trim() !== '' ? (body[k] as string) : undefined);
      const name = text('name');
      if (!name) errors.name = ['The name field is required.'];
      const profile = text('resource_profile');
      if (!profile) errors.resource_profile = ['The resource profile field is required.'];
      else if (!VPS_PLANS[profile]) errors.resource_profile = ['The selected resource profile is invalid.'];
      const image = text('image');
      if (!image) errors.image = ['The image field is required.'];
      else if (!VPS_IMAGES.some((i) => i.id === image)) errors.image = ['The selected image is invalid.'];
      const datacenter = text('datacenter');
      if (!datacenter) errors.datacenter = ['The datacenter field is required.'];
      else if (!DATACENTERS.includes(datacenter)) errors.datacenter = ['The selected datacenter is invalid.'];
      const auth = text('auth_method');
      if (auth !== 'ssh_key' && auth !== 'password') errors.auth_method = ['The selected auth method is invalid.'];
      if (auth === 'ssh_key' && typeof body.ssh_key_id !== 'number') errors.ssh_key_id = ['The ssh key id field is required when auth method is ssh_key.'];
      else if (auth === 'ssh_key' && !ctx.world.sshKeys.get(ctx.team.id, String(body.ssh_key_id))) errors.ssh_key_id = ['The selected ssh key id is invalid.'];
      if (auth === 'password' && !text('password')) errors.password = ['The password field is required when auth method is password.'];
      const networkTier = readNetworkTier(body, errors);
      const cpuPlatform = readCpuPlatform(body, errors);
      if (Object.keys(errors).length) return { errors };
      const n = ctx.world.ids.int('vps-ip');
      return {
        record: newVps(
          {
            id: ctx.world.ids.uuid('vps'),
            teamId: ctx.team.id,
            name: name!,
            datacenter: datacenter!,
            resourceProfile: profile!,
            image: image!,
            publicIp: `203.0.113.${100 + (n % 150)}`,
            createdAt: ctx.now,
            authMethod: auth as 'ssh_key' | 'password',
            password: auth === 'password' ? text('password')! : null,
            sshKeyId: typeof body.ssh_key_id === 'number' ? body.ssh_key_id : null,
            networkTier,
            cpuPlatform,
          },
          'pending',
        ),
      };
    },
  },
  update: {
    message: 'VPS instance update initiated',
    op: { during: 'recreating', after: 'running', ms: 30 * SECOND },
    apply: (v, body) => {
      const profile = body.resource_profile;
      if (profile !== undefined && (typeof profile !== 'string' || !VPS_PLANS[profile])) return { resource_profile: ['The selected resource profile is invalid.'] };
      if (typeof profile === 'string') v.resourceProfile = profile;
      return undefined;
    },
  },
  destroy: { message: 'VPS instance deletion initiated', refusal: 'VPS cannot be destroyed in its current state', op: { during: 'destroying', after: 'gone', ms: 20 * SECOND } },
  actions: {
    start: { from: ['stopped'], op: { during: 'starting', after: 'running', ms: 10 * SECOND }, message: 'VPS start initiated', refusal: 'VPS cannot be started in its current state' },
    stop: { from: ['running'], op: { during: 'stopping', after: 'stopped', ms: 10 * SECOND }, message: 'VPS stop initiated', refusal: 'VPS cannot be stopped in its current state' },
    reboot: { from: ['running'], op: { during: 'rebooting', after: 'running', ms: 15 * SECOND }, message: 'VPS reboot initiated', refusal: 'VPS cannot be rebooted in its current state' },
    reinstall: {
      from: ['running', 'stopped', 'error'],
      op: { during: 'reinstalling', after: 'running', ms: 60 * SECOND },
      message: 'VPS reinstall initiated. All data will be destroyed and a fresh OS will be installed.',
      refusal: 'VPS cannot be reinstalled in its current state',
      body: (v, body) => {
        if (typeof body.image !== 'string' || !VPS_IMAGES.some((i) => i.id === body.image)) return { image: ['The selected image is invalid.'] };
        const init = body.custom_cloud_init;
        if (init !== undefined && init !== null && (typeof init !== 'string' || init.length > 65_535))
          return { custom_cloud_init: ['The custom cloud init must be a string of at most 65535 characters.'] } as Record<string, string[]>;
        v.image = body.image;
        return undefined;
      },
    },
  },
  diagnostics: { diagnose: true, events: true },
};

export function vpsConnectionInfo(v: VpsRecord) {
  return {
    public_ip: v.publicIp,
    private_ip: `10.0.0.${(parseInt(v.id.slice(0, 2), 16) % 250) + 2}`,
    ipv6_address: null,
    vnc_access_url: null,
    internal_dns: `${v.name}.internal`,
    internal_fqdn: `${v.name}.vps.sim.local`,
  };
}

/** The read-only extras of /vps: status, metrics, password, images, plans. */
function vpsExtras(world: World) {
  const find = (ctx: Ctx) => {
    const v = world.vps.get(ctx.team.id, ctx.params.id);
    return v && !isGone(v.life, ctx.now) ? v : undefined;
  };
  const withVps = (fn: (v: VpsRecord, ctx: Ctx) => Response) =>
    guarded(world, 'vps:read', (ctx) => {
      const v = find(ctx);
      return v ? fn(v, ctx) : notFound('VpsInstance', ctx.params.id);
    });
  return [
    http.get(
      `${API}/vps/images`,
      guarded(world, 'vps:read', () => json({ images: VPS_IMAGES })),
    ),
    http.get(
      `${API}/vps/images/grouped`,
      guarded(world, 'vps:read', () => json({ groups: groupImages() })),
    ),
    http.get(
      `${API}/vps/plans`,
      guarded(world, 'vps:read', () =>
        json({
          plans: Object.entries(VPS_PLANS).map(([id, p]) => ({
            id,
            slug: id,
            display_name: p.title,
            type: p.cpu,
            cpu_cores: p.cores,
            memory_gb: p.memoryGb,
            storage_gb: p.storageGb,
            monthly_cost: p.cents / 100,
            monthly_cost_cents: p.cents,
            cpu_allocation_type: p.cpu,
          })),
        }),
      ),
    ),
    http.get(
      `${API}/vps/:id/status`,
      withVps((v, ctx) => {
        const status = legacyStatus(v.life, ctx.now);
        const at = nowOf(vpsFamily, v, ctx.now);
        return json({
          status,
          status_label: LABELS[status] ?? 'Pending',
          status_color: status === 'running' ? 'green' : status === 'error' ? 'red' : 'yellow',
          can_be_started: status === 'stopped',
          can_be_stopped: status === 'running',
          can_be_rebooted: status === 'running',
          can_be_destroyed: at.details.operation.terminal,
          is_transitional: !at.details.operation.terminal,
          updated_at: iso(v.updatedAt),
        });
      }),
    ),
    http.get(
      `${API}/vps/:id/metrics`,
      withVps((v, ctx) => {
        if (legacyStatus(v.life, ctx.now) !== 'running') return json({ message: 'Failed to retrieve metrics. The instance may not be running.', error: 'metrics_unavailable' }, 503);
        const plan = VPS_PLANS[v.resourceProfile] ?? VPS_PLANS.nano_shared!;
        return json({
          cpu: { usage_percent: 12.5, cores: plan.cores, sockets: 1, threads: plan.cores },
          memory: { used_gb: plan.memoryGb / 4, total_gb: plan.memoryGb, usage_percent: 25 },
          storage: { used_gb: plan.storageGb / 10, total_gb: plan.storageGb, usage_percent: 10 },
          network: { rx_bytes_per_sec: 2048, tx_bytes_per_sec: 1024, error_rate: 0, status: 'Healthy' },
          uptime_seconds: Math.floor((ctx.now - v.createdAt) / 1000),
          timestamp: iso(ctx.now),
        });
      }),
    ),
    http.get(
      `${API}/vps/:id/password`,
      withVps((v) => {
        if (v.authMethod !== 'password') return refuse(422, 'This VPS uses SSH key authentication. No password is stored.');
        return json({ password: v.password, username: 'root', public_ip: v.publicIp, auth_method: 'password' });
      }),
    ),
  ];
}

function groupImages() {
  const groups = new Map<string, typeof VPS_IMAGES>();
  for (const i of VPS_IMAGES) groups.set(i.distro, [...(groups.get(i.distro) ?? []), i]);
  return [...groups].map(([distro, images]) => ({ distro, name: images[0]!.label.split(' ')[0]!, images: images.map(({ distro: _d, ...rest }) => rest) }));
}

/** Every /vps route: the extras first (so /vps/images is not taken for an id). */
export function vpsHandlers(world: World) {
  return [...vpsExtras(world), ...familyHandlers(world, vpsFamily)];
}

/** 45 VPS in team 1 (every 15th stopped), one in team 2. */
function seedVps(w: World, now: number): void {
  const centers = ['fsn1', 'nbg1', 'hel1'];
  const plans = ['nano_shared', 'small_shared', 'medium'];
  SEED_IDS.vps.forEach((id, i) => {
    const n = i + 1;
    w.vps.add(
      newVps(
        {
          id,
          teamId: MAIN_TEAM,
          name: `vps-${String(n).padStart(2, '0')}`,
          datacenter: centers[n % 3] ?? 'fsn1',
          resourceProfile: plans[n % 3] ?? 'nano_shared',
          image: 'ubuntu-24.04',
          publicIp: `203.0.113.${n}`,
          createdAt: now - (60 - n) * DAY,
        },
        n % 15 === 0 ? 'stopped' : 'running',
      ),
    );
  });
  w.vps.add(
    newVps({
      id: SEED_IDS.stagingVps,
      teamId: STAGING_TEAM,
      name: 'staging-vps',
      datacenter: 'fsn1',
      resourceProfile: 'nano_shared',
      image: 'debian-12',
      publicIp: '198.51.100.7',
      createdAt: now - 10 * DAY,
    }),
  );
}

declare module '../state/world.js' {
  interface World {
    vps: TeamStore<VpsRecord>;
  }
}

/**
 * How VPS join the simulated world (families/index.ts registers it). A new family follows
 * the same three steps: declare its store on World above, name it in `stores`, and add one
 * line to families/index.ts.
 */
export const vpsModule: SimModule = { name: 'vps', stores: { vps: () => new TeamStore<VpsRecord>() }, seed: seedVps, routes: vpsHandlers };
