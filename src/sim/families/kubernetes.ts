// Kubernetes clusters (real-api KubernetesClusterResource and the seven /kubernetes
// operations). The facts' resource has only the legacy status (pending, provisioning, running,
// error, destroying); the simulator adds the shared status model (status_details) and the node
// pools, as a newer server would: a client reads both when present and never requires them.
// A create provisions for a minute, a scale or a pool change takes 30 s (the legacy status says
// `scaling`), and while one runs the API answers 409 `{message}`. A pool whose name ends in
// `-fail` fails its operation: the cluster ends in error with the pool named.
import { http } from 'msw';
import { DAY, iso, MINUTE, SECOND } from '../clock.js';
import { API, guarded, invalid, json, message, notFound, paginate, readJson, type Ctx } from '../http/common.js';
import { begin, failsByName, inFlight, isGone, legacyStatus, lifecycle, lifecycleStatus, type FamilyRecord, type OpSpec } from '../state/lifecycle.js';
import { MAIN_TEAM } from '../state/auth.js';
import { TeamStore } from '../state/store.js';
import type { SimModule, World } from '../state/world.js';

export const K8S_PLANS = ['nano', 'micro', 'small', 'medium', 'large', 'xlarge'] as const;

export interface PoolRecord {
  name: string;
  plan: string;
  count: number;
}

export interface ClusterRecord extends FamilyRecord {
  id: string;
  shortId: string;
  version: string;
  ipFamily: string;
  pools: PoolRecord[];
  createdAt: number;
  /** The pool whose last operation failed (its name ends in -fail), shown in the error. */
  failedPool?: string;
}

export const K8S_SEED = {
  prod: '7c1e3f0a-2b4d-4e5f-8a9b-0c1d2e3f4a5b',
  staging: '8d2f4a1b-3c5e-4f6a-9b0c-1d2e3f4a5b6c',
  ml: '9e3a5b2c-4d6f-4a7b-8c1d-2e3f4a5b6c7d',
} as const;

const PROVISION: OpSpec = { during: 'provisioning', after: 'running', ms: MINUTE };
const SCALE: OpSpec = { during: 'scaling', after: 'running', ms: 30 * SECOND };
const DESTROY: OpSpec = { during: 'destroying', after: 'gone', ms: 30 * SECOND };
const LABELS: Record<string, string> = { pending: 'Pending', provisioning: 'Provisioning', scaling: 'Provisioning', running: 'Running', error: 'Error', destroying: 'Destroying' };

const nodeCount = (c: ClusterRecord) => c.pools.reduce((n, p) => n + p.count, 0);

function view(c: ClusterRecord, now: number): Record<string, unknown> {
  const status = legacyStatus(c.life, now);
  const details = lifecycleStatus(c.life, { family: 'kubernetes', name: c.failedPool ?? c.name }, now);
  return {
    id: c.id,
    name: c.name,
    short_id: c.shortId,
    status,
    status_label: LABELS[status] ?? 'Pending',
    k8s_version: c.version,
    ip_family: c.ipFamily,
    service_cidr: '10.96.0.0/12',
    endpoint: `https://${c.shortId}.k8s.sim.local:6443`,
    node_count: nodeCount(c),
    created_at: iso(c.createdAt),
    status_details: details,
    pools: c.pools.map((p) => ({ name: p.name, plan: p.plan, count: p.count, status: c.failedPool === p.name && status === 'error' ? 'error' : status === 'scaling' ? 'scaling' : 'ready' })),
  };
}

function newCluster(r: Pick<ClusterRecord, 'id' | 'teamId' | 'name' | 'pools' | 'createdAt'> & Partial<ClusterRecord>): ClusterRecord {
  return { shortId: r.id.slice(0, 8), version: '1.35', ipFamily: 'ipv4', updatedAt: r.createdAt, ...r, life: lifecycle(r.createdAt, 'running') };
}

function readPools(body: Record<string, unknown>, errors: Record<string, string[]>): PoolRecord[] {
  const count = (v: unknown, key: string) => {
    if (v === undefined) return 3;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 100) errors[key] = [`The ${key.replace(/_/g, ' ')} field must be between 1 and 100.`];
    return Number(v);
  };
  const plan = (v: unknown, key: string) => {
    if (v === undefined) return 'small';
    if (typeof v !== 'string' || !(K8S_PLANS as readonly string[]).includes(v)) errors[key] = [`The selected ${key.replace(/_/g, ' ')} is invalid.`];
    return String(v);
  };
  if (body.pools === undefined) return [{ name: 'default', plan: plan(body.plan, 'plan'), count: count(body.nodes, 'nodes') }];
  if (!Array.isArray(body.pools) || body.pools.length === 0) {
    errors.pools = ['The pools field must be a non-empty array.'];
    return [];
  }
  return body.pools.map((p: Record<string, unknown>, i) => ({
    name: typeof p?.name === 'string' && p.name ? p.name : `pool-${i + 1}`,
    plan: plan(p?.plan, `pools.${i}.plan`),
    count: count(p?.count, `pools.${i}.count`),
  }));
}

/** 409 `{message}` while an operation runs or after one failed, as the API refuses a change then. */
function busy(c: ClusterRecord, now: number): Response | undefined {
  const status = legacyStatus(c.life, now);
  if (inFlight(c.life, now)) return message(409, `The cluster is ${status}; wait until it is running before changing it.`);
  if (status === 'error') return message(409, 'The cluster is in an error state; remove the failed pool or contact support.');
  return undefined;
}

function routes(world: World) {
  const base = `${API}/kubernetes`;
  const find = (ctx: Ctx) => {
    const c = world.kubernetes.get(ctx.team.id, ctx.params.id);
    return c && !isGone(c.life, ctx.now) ? c : undefined;
  };
  const withCluster = (fn: (c: ClusterRecord, ctx: Ctx) => Response | Promise<Response>) =>
    guarded(world, null, (ctx) => {
      const c = find(ctx);
      return c ? fn(c, ctx) : notFound('KubernetesCluster', ctx.params.id);
    });
  const change = (c: ClusterRecord, ctx: Ctx, pool: string) => {
    c.failedPool = failsByName(pool) ? pool : undefined;
    begin(c.life, { family: 'kubernetes', name: pool }, 'scale', SCALE, ctx.now);
    c.updatedAt = ctx.now;
  };
  return [
    http.get(
      base,
      guarded(world, null, (ctx) =>
        paginate(
          ctx.url,
          world.kubernetes
            .list(ctx.team.id)
            .filter((c) => !isGone(c.life, ctx.now))
            .map((c) => view(c, ctx.now)),
        ),
      ),
    ),
    http.post(
      base,
      guarded(world, null, async (ctx) => {
        const read = await readJson(ctx.request);
        if (!read.ok) return read.response;
        const body = read.body;
        const errors: Record<string, string[]> = {};
        const name = typeof body.name === 'string' ? body.name.trim() : '';
        if (!name) errors.name = ['The name field is required.'];
        else if (world.kubernetes.list(ctx.team.id).some((c) => c.name === name && !isGone(c.life, ctx.now))) errors.name = ['The name has already been taken.'];
        if (body.k8s_version !== '1.35') errors.k8s_version = [body.k8s_version === undefined ? 'The k8s version field is required.' : 'The selected k8s version is invalid.'];
        const pools = readPools(body, errors);
        if (Object.keys(errors).length) return invalid(errors);
        const id = world.ids.uuid('kubernetes');
        const c = world.kubernetes.add(newCluster({ id, teamId: ctx.team.id, name, pools, createdAt: ctx.now, ipFamily: typeof body.ip_family === 'string' ? body.ip_family : 'ipv4' }));
        const failing = pools.find((p) => failsByName(p.name));
        c.failedPool = failing?.name;
        begin(c.life, { family: 'kubernetes', name: failing?.name ?? name }, 'create', PROVISION, ctx.now);
        return json({ data: view(c, ctx.now) }, 201);
      }),
    ),
    http.get(
      `${base}/:id`,
      withCluster((c, ctx) => json({ data: view(c, ctx.now) })),
    ),
    http.delete(
      `${base}/:id`,
      withCluster((c, ctx) => {
        if (inFlight(c.life, ctx.now)) return message(409, `The cluster is ${legacyStatus(c.life, ctx.now)}; wait until it settles before deleting it.`);
        begin(c.life, { family: 'kubernetes', name: c.name }, 'destroy', DESTROY, ctx.now);
        return json({ message: 'Kubernetes cluster deletion initiated.', data: view(c, ctx.now) });
      }),
    ),
    http.post(
      `${base}/:id/scale`,
      withCluster(async (c, ctx) => {
        const read = await readJson(ctx.request);
        if (!read.ok) return read.response;
        const { count, pool } = read.body;
        const errors: Record<string, string[]> = {};
        if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 100) errors.count = ['The count field must be between 1 and 100.'];
        const target = pool === undefined ? c.pools[0] : c.pools.find((p) => p.name === pool);
        if (!target) errors.pool = ['The selected pool is invalid.'];
        if (Object.keys(errors).length) return invalid(errors);
        const refused = busy(c, ctx.now);
        if (refused) return refused;
        target!.count = count as number;
        change(c, ctx, target!.name);
        return json({ message: 'Cluster scale request submitted.', pool: target!.name, target_count: String(count) });
      }),
    ),
    http.post(
      `${base}/:id/pools`,
      withCluster(async (c, ctx) => {
        const read = await readJson(ctx.request);
        if (!read.ok) return read.response;
        const body = read.body;
        const errors: Record<string, string[]> = {};
        if (typeof body.name !== 'string' || !body.name.trim()) errors.name = ['The name field is required.'];
        if (typeof body.plan !== 'string' || !(K8S_PLANS as readonly string[]).includes(body.plan))
          errors.plan = [body.plan === undefined ? 'The plan field is required.' : 'The selected plan is invalid.'];
        if (typeof body.count !== 'number' || !Number.isInteger(body.count) || body.count < 1 || body.count > 100) errors.count = ['The count field must be between 1 and 100.'];
        if (Object.keys(errors).length) return invalid(errors);
        const refused = busy(c, ctx.now);
        if (refused) return refused;
        if (c.pools.some((p) => p.name === body.name)) return message(409, `A pool named ${String(body.name)} already exists in this cluster.`);
        c.pools.push({ name: String(body.name), plan: String(body.plan), count: body.count as number });
        change(c, ctx, String(body.name));
        return json({ data: view(c, ctx.now) }, 201);
      }),
    ),
    http.delete(
      `${base}/:id/pools/:pool`,
      withCluster((c, ctx) => {
        const pool = c.pools.find((p) => p.name === ctx.params.pool);
        if (!pool) return message(404, `Pool ${ctx.params.pool} not found in this cluster.`);
        // Removing the pool that failed is the way out of the error state.
        if (!(legacyStatus(c.life, ctx.now) === 'error' && c.failedPool === pool.name)) {
          const refused = busy(c, ctx.now);
          if (refused) return refused;
        }
        if (c.pools.length === 1) return message(422, 'A cluster needs at least one node pool; delete the cluster instead.');
        c.pools = c.pools.filter((p) => p !== pool);
        change(c, ctx, c.name);
        return message(200, `Pool ${pool.name} is being removed.`);
      }),
    ),
  ];
}

/** Team 1: `prod-k8s` running (2 pools), `staging-k8s` provisioning for another minute, `ml-k8s` in error after its `gpu-fail` pool failed. */
function seed(w: World, now: number): void {
  w.kubernetes.add(
    newCluster({
      id: K8S_SEED.prod,
      teamId: MAIN_TEAM,
      name: 'prod-k8s',
      createdAt: now - 90 * DAY,
      pools: [
        { name: 'default', plan: 'medium', count: 3 },
        { name: 'batch', plan: 'large', count: 2 },
      ],
    }),
  );
  const staging = w.kubernetes.add(newCluster({ id: K8S_SEED.staging, teamId: MAIN_TEAM, name: 'staging-k8s', createdAt: now, pools: [{ name: 'default', plan: 'small', count: 2 }] }));
  begin(staging.life, { family: 'kubernetes', name: staging.name }, 'create', PROVISION, now);
  const ml = w.kubernetes.add(
    newCluster({
      id: K8S_SEED.ml,
      teamId: MAIN_TEAM,
      name: 'ml-k8s',
      createdAt: now - 10 * DAY,
      pools: [
        { name: 'default', plan: 'small', count: 2 },
        { name: 'gpu-fail', plan: 'xlarge', count: 1 },
      ],
    }),
  );
  ml.failedPool = 'gpu-fail';
  begin(ml.life, { family: 'kubernetes', name: 'gpu-fail' }, 'scale', { ...SCALE, ms: 0 }, now - DAY);
}

declare module '../state/world.js' {
  interface World {
    kubernetes: TeamStore<ClusterRecord>;
  }
}

export const kubernetesModule: SimModule = { name: 'kubernetes', stores: { kubernetes: () => new TeamStore<ClusterRecord>() }, seed, routes };
