// Read replicas of a database (real-api /database/{id}/replicas): listed with the primary and
// their billing, added and removed through GitOps (each change is an operation of the
// database that takes simulated time, so `--wait` follows it like any other), and the
// replication status. Read endpoints are private only and keep the engine port (docs/behaviour.md#api-connection-fields).
import { http } from 'msw';
import { MINUTE, SECOND } from '../clock.js';
import { API, invalid, json, message, readJson } from '../http/common.js';
import { begin, legacyStatus } from '../state/lifecycle.js';
import { enginePort, internalHost, PLANS, type DatastoreRecord, type ReplicaRecord } from '../state/datastores.js';
import type { World } from '../state/world.js';
import { unlessRunning, withDatastore } from './datastore.js';

export const MAX_REPLICAS = 5;
const ADD = { during: 'updating', after: 'running', ms: 3 * MINUTE };
const REMOVE = { during: 'updating', after: 'running', ms: 60 * SECOND };
const SYNCED = 'Replica StatefulSet, Service, and ConfigMap created via GitOps. ArgoCD will sync changes in ~3 minutes.';
const REFUSAL = 'Replicas can only be changed while the database instance is running';

const nameOf = (d: DatastoreRecord, index: number) => `${d.host}-${index + 1}`;

function replicaState(r: ReplicaRecord, now: number): string {
  if (r.readyAt > now) return 'pending';
  return r.fails ? 'failed' : 'streaming';
}

function replicaJson(d: DatastoreRecord, r: ReplicaRecord, now: number) {
  const state = replicaState(r, now);
  return {
    index: r.index,
    name: nameOf(d, r.index),
    node_id: `${d.datacenter}-db-0${(r.index % 8) + 2}`,
    endpoint: `${d.host}-ro.svc.cluster.local:${enginePort(d.engine)}`,
    status: state,
    ready: state === 'streaming',
    lag_bytes: 0,
  };
}

function listJson(d: DatastoreRecord, now: number) {
  const plan = PLANS[d.resourceProfile] ?? PLANS.small!;
  const status = legacyStatus(d.life, now);
  const monthly = d.replicas.length * plan.cents;
  return {
    replicas: d.replicas.map((r) => replicaJson(d, r, now)),
    // replication_role (v1.7.0) is `string | null` in the facts, which name no roles: null.
    master: { name: nameOf(d, 0), node_id: `${d.datacenter}-db-01`, replication_role: null, endpoint: `${internalHost(d)}:${enginePort(d.engine)}`, status, ready: status === 'running' },
    billing: { hourly_cost_cents: Math.round(monthly / 730), monthly_cost_cents: monthly },
  };
}

export function replicaRoutes(world: World) {
  const read = 'database:read';
  const write = 'database:write';
  return [
    http.get(
      `${API}/database/:id/replicas/status`,
      withDatastore(world, 'database', read, (d, ctx) => {
        const replicas = d.replicas.map((r) => ({ name: nameOf(d, r.index), state: replicaState(r, ctx.now), lag_bytes: 0, sync_state: 'async' }));
        return json({ is_replicating: replicas.some((r) => r.state === 'streaming'), replica_count: replicas.length, replicas });
      }),
    ),
    http.get(
      `${API}/database/:id/replicas`,
      withDatastore(world, 'database', read, (d, ctx) => json(listJson(d, ctx.now))),
    ),
    http.post(
      `${API}/database/:id/replicas`,
      withDatastore(world, 'database', write, async (d, ctx) => {
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        const n = body.body.replica_count;
        if (n === undefined || n === null) return invalid({ replica_count: ['The replica count field is required.'] });
        if (typeof n !== 'number' || !Number.isInteger(n)) return invalid({ replica_count: ['The replica count field must be an integer.'] });
        if (n < 1 || n > MAX_REPLICAS) return invalid({ replica_count: [`The replica count field must be between 1 and ${MAX_REPLICAS}.`] });
        if (d.replicas.length + n > MAX_REPLICAS) return invalid({ replica_count: [`A database instance has at most ${MAX_REPLICAS} replicas; it has ${d.replicas.length}.`] });
        const refused = unlessRunning(d, ctx.now, REFUSAL);
        if (refused) return refused;
        const op = begin(d.life, { family: 'database', name: d.name }, 'replicas', ADD, ctx.now);
        let next = Math.max(0, ...d.replicas.map((r) => r.index)) + 1;
        const added = Array.from({ length: n }, () => ({ index: next++, readyAt: op.endAt, fails: op.fails }));
        d.replicas.push(...added);
        d.updatedAt = ctx.now;
        return json(
          {
            message: n === 1 ? 'Replica added successfully' : `${n} replicas added successfully`,
            replicas: added.map((r) => ({ status: 'success', replica_name: nameOf(d, r.index), replica_index: r.index, message: SYNCED })),
          },
          201,
        );
      }),
    ),
    http.delete(
      `${API}/database/:id/replicas/:index`,
      withDatastore(world, 'database', write, (d, ctx) => {
        const at = d.replicas.findIndex((r) => String(r.index) === ctx.params.index);
        if (at < 0) return message(404, `Replica ${ctx.params.index ?? ''} was not found on this database instance.`);
        const refused = unlessRunning(d, ctx.now, REFUSAL);
        if (refused) return refused;
        d.replicas.splice(at, 1);
        d.updatedAt = ctx.now;
        begin(d.life, { family: 'database', name: d.name }, 'replicas', REMOVE, ctx.now);
        return json({ message: 'Replica removed successfully', status: 'success' });
      }),
    ),
  ];
}
