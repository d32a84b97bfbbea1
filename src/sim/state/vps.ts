// VPS instances (real-api VpsInstanceResource).
import { iso } from '../clock.js';
import { settledStatus } from './status.js';

export interface VpsRecord {
  id: string;
  teamId: number;
  name: string;
  status: string;
  datacenter: string;
  resourceProfile: string;
  image: string;
  publicIp: string;
  createdAt: number;
}

const PLANS: Record<string, { cores: number; memoryGb: number; storageGb: number; cents: number; cpu: string }> = {
  nano_shared: { cores: 1, memoryGb: 1, storageGb: 20, cents: 399, cpu: 'shared' },
  small_shared: { cores: 2, memoryGb: 4, storageGb: 40, cents: 899, cpu: 'shared' },
  medium: { cores: 4, memoryGb: 16, storageGb: 160, cents: 3900, cpu: 'dedicated' },
};
const LABELS: Record<string, string> = { running: 'Running', stopped: 'Stopped', pending: 'Pending', error: 'Error' };

export function vpsJson(v: VpsRecord) {
  const plan = PLANS[v.resourceProfile] ?? PLANS.nano_shared!;
  return {
    id: v.id,
    name: v.name,
    status: v.status,
    status_label: LABELS[v.status] ?? 'Pending',
    status_details: settledStatus(v.status, v.createdAt),
    capabilities: { logs: false, events: true, diagnose: true },
    resource_profile: v.resourceProfile,
    cpu_allocation_type: plan.cpu,
    cpu_cores: plan.cores,
    memory_size_gb: plan.memoryGb,
    storage_size_gb: plan.storageGb,
    image: v.image,
    datacenter: v.datacenter,
    public_ip: v.publicIp,
    ipv6_address: null,
    vnc_access_url: null,
    monthly_cost_cents: plan.cents,
    monthly_cost_dollars: plan.cents / 100,
    deployed_at: iso(v.createdAt + 2 * 60_000),
    created_at: iso(v.createdAt),
    updated_at: iso(v.createdAt),
    team_id: v.teamId,
    user_id: 1,
    ssh_key_id: null,
    can_be_started: v.status === 'stopped',
    can_be_stopped: v.status === 'running',
    can_be_rebooted: v.status === 'running',
    can_be_destroyed: true,
  };
}

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
