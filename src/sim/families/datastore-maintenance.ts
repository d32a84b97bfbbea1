// Databases and caches, what v1.7.0 added (real-api "database", "cache"): password rotation
// (202, then GET .../credentials reports it: pending, running, completed after ~20 simulated
// seconds, and the new password in that answer), high availability, load and queries samples,
// and force-stop (a cache moving to the operator refuses it with the second 422 variant).
import { http } from 'msw';
import { iso, MINUTE } from '../clock.js';
import { API, invalid, json, message, readJson, refuse } from '../http/common.js';
import { begin, inFlight, legacyStatus } from '../state/lifecycle.js';
import { credentialsJson, deployed, type DatastoreKind, type DatastoreRecord } from '../state/datastores.js';
import { ROTATION_PENDING_MS, ROTATION_RUNNING_MS, type RotationRecord } from './subresources-state.js';
import type { World } from '../state/world.js';
import { withDatastore } from './datastore.js';

const LABEL: Record<DatastoreKind, string> = { database: 'Database instance', cache: 'Cache instance' };

function rotationJson(r: RotationRecord, now: number) {
  const status = now < r.startAt ? 'pending' : now < r.endAt ? 'running' : 'completed';
  return {
    id: r.id,
    role: r.role,
    status,
    disconnect_sessions: r.disconnectSessions,
    requested_at: iso(r.requestedAt),
    started_at: now >= r.startAt ? iso(r.startAt) : null,
    completed_at: status === 'completed' ? iso(r.endAt) : null,
    error: null,
  };
}

/** The credentials answer of v1.7.0: the superuser's, the application user's, and both rotations. */
function rotationCredentials(world: World, d: DatastoreRecord, teamName: string, now: number) {
  const mine = world.extras.rotations.filter((r) => r.databaseId === d.id);
  for (const r of mine) {
    if (r.applied || now < r.endAt) continue;
    r.applied = true;
    if (r.role === 'superuser') d.password = r.newPassword;
    else world.extras.appPasswords.set(d.id, r.newPassword);
  }
  const latest = (role: RotationRecord['role']) => mine.filter((r) => r.role === role).at(-1);
  const app = latest('application');
  const sup = latest('superuser');
  return {
    ...credentialsJson(d, teamName),
    application_user: { username: 'app', password: world.extras.appPasswords.get(d.id) ?? `app-${d.id.slice(0, 8)}` },
    credential_rotation: app ? rotationJson(app, now) : null,
    superuser_credential_rotation: sup ? rotationJson(sup, now) : null,
  };
}

/** Samples of the load by a dimension: one series per group, points per step over the window. */
function loadJson(url: URL, now: number) {
  const hours = Number(url.searchParams.get('hours') ?? '') || 0;
  const minutes = Number(url.searchParams.get('minutes') ?? '') || (hours ? hours * 60 : 60);
  const step = url.searchParams.get('step') ?? 'auto';
  const stepMin = step === '1m' ? 1 : step === '5m' ? 5 : step === '1h' ? 60 : minutes <= 60 ? 1 : minutes <= 360 ? 5 : 60;
  const dimension = url.searchParams.get('dimension') ?? 'waits';
  const groups = dimension === 'waits' ? ['CPU', 'IO', 'Lock', 'Client'] : dimension === 'users' ? ['app', 'postgres'] : ['total'];
  const limit = Number(url.searchParams.get('limit') ?? '') || groups.length;
  const points = Math.max(1, Math.min(500, Math.floor(minutes / stepMin)));
  const timestamps = Array.from({ length: points }, (_, i) => iso(now - (points - 1 - i) * stepMin * MINUTE));
  const series = Object.fromEntries(groups.slice(0, limit).map((g, k) => [g, { timestamps, values: timestamps.map((_, i) => Math.round((1.5 + Math.sin(i / 3 + k) + k * 0.4) * 100) / 100) }]));
  return { dimension, step: `${stepMin}m`, start: timestamps[0], end: timestamps.at(-1), node: url.searchParams.get('node'), series };
}

const QUERIES = [
  'SELECT * FROM orders WHERE customer_id = $1',
  'UPDATE stock SET quantity = quantity - $1 WHERE sku = $2',
  'INSERT INTO events (kind, payload) VALUES ($1, $2)',
  'SELECT count(*) FROM sessions WHERE expires_at > now()',
];

function queriesJson(url: URL) {
  const limit = Number(url.searchParams.get('limit') ?? '') || 10;
  return {
    dimension: 'sql',
    queries: QUERIES.slice(0, limit).map((query, i) => ({
      query_id: `q${i + 1}`,
      query,
      calls: 12_000 / (i + 1),
      total_time_ms: 95_000 / (i + 1),
      mean_time_ms: Math.round((95_000 / 12_000) * 100) / 100,
      rows: 40_000 / (i + 1),
    })),
  };
}

function forceStop(world: World, kind: DatastoreKind) {
  return http.post(
    `${API}/${kind}/:id/force-stop`,
    withDatastore(world, kind, `${kind}:write`, (d, ctx) => {
      const status = legacyStatus(d.life, ctx.now);
      if (kind === 'cache' && world.extras.migrating.has(d.id)) return refuse(422, 'The cache is moving to the operator. Wait until the migration is confirmed or rolled back.', { status });
      if (status === 'stopped' || status === 'destroying' || (inFlight(d.life, ctx.now) && status === 'provisioning'))
        return refuse(422, `${LABEL[kind]} cannot be force stopped in its current state`, { status });
      begin(d.life, { family: kind, name: d.name }, 'force-stop', { during: 'stopping', after: 'stopped', ms: 0 }, ctx.now);
      return message(200, `${LABEL[kind]} force stopped successfully`, { status: 'stopped' });
    }),
  );
}

export function datastoreMaintenanceHandlers(world: World) {
  const read = 'database:read';
  const write = 'database:write';
  return [
    // Before the family's credentials route: the same answer with the v1.7.0 fields.
    http.get(
      `${API}/database/:id/credentials`,
      withDatastore(world, 'database', read, (d, ctx) =>
        deployed(d, ctx.now) ? json(rotationCredentials(world, d, ctx.team.name, ctx.now)) : message(503, 'Credentials are not available yet: the database is still provisioning.'),
      ),
    ),
    http.post(
      `${API}/database/:id/credentials/rotate`,
      withDatastore(world, 'database', write, async (d, ctx) => {
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        const { role = 'application', disconnect_sessions: disconnect = false } = body.body;
        const errors: Record<string, string[]> = {};
        if (role !== 'application' && role !== 'superuser') errors.role = ['The selected role is invalid.'];
        if (typeof disconnect !== 'boolean') errors.disconnect_sessions = ['The disconnect sessions field must be true or false.'];
        if (Object.keys(errors).length) return invalid(errors);
        const r: RotationRecord = {
          id: world.ids.uuid('rotation'),
          databaseId: d.id,
          role: role as RotationRecord['role'],
          disconnectSessions: disconnect as boolean,
          requestedAt: ctx.now,
          startAt: ctx.now + ROTATION_PENDING_MS,
          endAt: ctx.now + ROTATION_PENDING_MS + ROTATION_RUNNING_MS,
          newPassword: `rotated-${world.ids.uuid('secret').slice(0, 12)}`,
          applied: false,
        };
        world.extras.rotations.push(r);
        return json({ message: 'Password rotation started', credential_rotation: rotationJson(r, ctx.now) }, 202);
      }),
    ),
    http.post(
      `${API}/database/:id/high-availability`,
      withDatastore(world, 'database', write, async (d, ctx) => {
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        const enabled = body.body.enabled;
        if (typeof enabled !== 'boolean') return invalid({ enabled: [enabled === undefined ? 'The enabled field is required.' : 'The enabled field must be true or false.'] });
        if (enabled) world.extras.highAvailability.add(d.id);
        else world.extras.highAvailability.delete(d.id);
        return json({
          message: enabled ? 'High availability is being enabled: two standby servers are joining the group.' : 'High availability is being disabled: the two standby servers are leaving the group.',
          ha_enabled: enabled,
        });
      }),
    ),
    http.get(
      `${API}/database/:id/load`,
      withDatastore(world, 'database', read, (_d, ctx) => json(loadJson(ctx.url, ctx.now))),
    ),
    http.get(
      `${API}/database/:id/queries`,
      withDatastore(world, 'database', read, (_d, ctx) => json(queriesJson(ctx.url))),
    ),
    forceStop(world, 'database'),
    forceStop(world, 'cache'),
  ];
}
