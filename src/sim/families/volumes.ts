// VPS volumes (real-api VpsVolumeResource, /vps/{vps}/volumes and /volumes): created, resized
// and deleted asynchronously through the shared lifecycle (names ending `-fail` fail, `-slow`
// take 20 minutes), listed per VPS or for the whole project. A VPS with volumes refuses its
// own deletion (422 `{error}` without `status`): volumes are billed apart and never deleted
// with it.
import { http } from 'msw';
import { iso, SECOND } from '../clock.js';
import { diagnoseOf, eventsOf } from '../http/family.js';
import { API, envelope, guarded, invalid, json, message, notFound, paginate, readJson, refuse, type Ctx } from '../http/common.js';
import { begin, inFlight, isGone, legacyStatus, lifecycle, lifecycleStatus } from '../state/lifecycle.js';
import type { VolumeRecord } from './subresources-state.js';
import type { World } from '../state/world.js';
import type { VpsRecord } from './vps.js';

const MAX_GB = 10_000;
const CENTS_PER_GB = 10;

const VOLUME_DIAG = { family: 'volume', model: 'VpsVolume' } as const;

function volumeJson(v: VolumeRecord, vps: VpsRecord | undefined, now: number) {
  const status = legacyStatus(v.life, now);
  const details = lifecycleStatus(v.life, { family: 'volume', name: v.name }, now);
  const settled = details.operation.terminal;
  return {
    id: v.id,
    name: v.name,
    status,
    status_details: details,
    capabilities: { logs: false, events: false, diagnose: false },
    size_gb: v.sizeGb,
    pvc_name: `pvc-${v.id.slice(0, 8)}`,
    disk_name: `disk-${v.id.slice(0, 8)}`,
    monthly_cost_cents: v.sizeGb * CENTS_PER_GB,
    failure_reason: details.error ? 'The volume could not be provisioned on the node.' : null,
    ...(vps ? { vps_instance: { id: vps.id, name: vps.name, status: legacyStatus(vps.life, now) } } : {}),
    vps_instance_id: v.vpsId,
    team_id: v.teamId,
    can_be_resized: settled && status !== 'error',
    can_be_detached: settled,
    created_at: iso(v.createdAt),
    updated_at: iso(v.updatedAt),
  };
}

function sizeErrors(v: unknown, least = 1): Record<string, string[]> {
  if (v === undefined || v === null) return { size_gb: ['The size gb field is required.'] };
  if (typeof v !== 'number' || !Number.isInteger(v)) return { size_gb: ['The size gb field must be an integer.'] };
  if (v < least) return { size_gb: [`The size gb field must be at least ${least}.`] };
  if (v > MAX_GB) return { size_gb: [`The size gb field must not be greater than ${MAX_GB}.`] };
  return {};
}

export function volumeHandlers(world: World) {
  const store = () => world.extras.volumes;
  const live = (ctx: Ctx) =>
    store()
      .list(ctx.team.id)
      .filter((v) => !isGone(v.life, ctx.now));
  const vpsOf = (ctx: Ctx, id: string) => {
    const v = world.vps.get(ctx.team.id, id);
    return v && !isGone(v.life, ctx.now) ? v : undefined;
  };
  const withVps = (permission: string, fn: (vps: VpsRecord, ctx: Ctx) => Response | Promise<Response>) =>
    guarded(world, permission, (ctx) => {
      const vps = vpsOf(ctx, ctx.params.vps!);
      return vps ? fn(vps, ctx) : notFound('VpsInstance', ctx.params.vps);
    });
  const withVolume = (permission: string, fn: (v: VolumeRecord, vps: VpsRecord, ctx: Ctx) => Response | Promise<Response>) =>
    withVps(permission, (vps, ctx) => {
      const v = store().get(ctx.team.id, ctx.params.id);
      return v && v.vpsId === vps.id && !isGone(v.life, ctx.now) ? fn(v, vps, ctx) : notFound('VpsVolume', ctx.params.id);
    });
  const base = `${API}/vps/:vps/volumes`;

  return [
    http.get(
      `${API}/volumes`,
      guarded(world, 'vps:read', (ctx) =>
        paginate(
          ctx.url,
          live(ctx).map((v) => volumeJson(v, vpsOf(ctx, v.vpsId), ctx.now)),
        ),
      ),
    ),
    http.get(
      base,
      withVps('vps:read', (vps, ctx) =>
        paginate(
          ctx.url,
          live(ctx)
            .filter((v) => v.vpsId === vps.id)
            .map((v) => volumeJson(v, vps, ctx.now)),
        ),
      ),
    ),
    http.post(
      base,
      withVps('vps:write', async (vps, ctx) => {
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        const name = typeof body.body.name === 'string' ? body.body.name.trim() : '';
        const errors: Record<string, string[]> = { ...(name ? {} : { name: ['The name field is required.'] }), ...sizeErrors(body.body.size_gb) };
        if (name && live(ctx).some((v) => v.vpsId === vps.id && v.name === name)) errors.name = ['The name has already been taken.'];
        if (Object.keys(errors).length) return invalid(errors);
        const v = store().add({
          id: world.ids.uuid('volume'),
          teamId: ctx.team.id,
          vpsId: vps.id,
          name,
          sizeGb: body.body.size_gb as number,
          createdAt: ctx.now,
          updatedAt: ctx.now,
          life: lifecycle(ctx.now, 'pending'),
        });
        begin(v.life, { family: 'volume', name }, 'create', { during: 'creating', after: 'attached', ms: 20 * SECOND }, ctx.now);
        return json({ message: 'Volume creation initiated', volume: volumeJson(v, vps, ctx.now) }, 201);
      }),
    ),
    http.get(
      `${base}/:id`,
      withVolume('vps:read', (v, vps, ctx) => json({ volume: volumeJson(v, vps, ctx.now) })),
    ),
    // The volume's own diagnose and events, in the envelope every product's have.
    http.get(
      `${base}/:id/diagnose`,
      withVolume('vps:read', (v, _vps, ctx) => json(envelope(diagnoseOf(VOLUME_DIAG, v, ctx.now)))),
    ),
    http.get(
      `${base}/:id/events`,
      withVolume('vps:read', (v, _vps, ctx) => json(envelope({ available: true, events: eventsOf(VOLUME_DIAG, v, ctx.now) }))),
    ),
    http.put(
      `${base}/:id`,
      withVolume('vps:write', async (v, vps, ctx) => {
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        // Volumes grow, never shrink.
        const errors = sizeErrors(body.body.size_gb, v.sizeGb);
        if (Object.keys(errors).length) return invalid(errors);
        if (inFlight(v.life, ctx.now)) return invalid({ size_gb: ['The volume cannot be resized while an operation is in progress.'] });
        v.sizeGb = body.body.size_gb as number;
        v.updatedAt = ctx.now;
        begin(v.life, { family: 'volume', name: v.name }, 'resize', { during: 'resizing', after: 'attached', ms: 15 * SECOND }, ctx.now);
        return json({ message: 'Volume resize initiated', volume: volumeJson(v, vps, ctx.now) });
      }),
    ),
    http.delete(
      `${base}/:id`,
      withVolume('vps:delete', (v, _vps, ctx) => {
        if (inFlight(v.life, ctx.now)) return refuse(422, 'Volume cannot be deleted in its current state.', { status: legacyStatus(v.life, ctx.now) });
        begin(v.life, { family: 'volume', name: v.name }, 'destroy', { during: 'detaching', after: 'gone', ms: 15 * SECOND }, ctx.now);
        return message(200, 'Volume deletion initiated', { status: 'detaching' });
      }),
    ),
    // Before the engine's DELETE /vps/{id}: a VPS that still has volumes is refused.
    http.delete(`${API}/vps/:vps`, ({ request, params }) => {
      const auth = world.auth.authenticate(request.headers.get('authorization'), request.headers.get('x-team-id'));
      if (!auth.ok || !auth.token.permissions.has('vps:delete')) return undefined;
      const now = world.now();
      const has = store()
        .list(auth.team.id)
        .some((v) => v.vpsId === params.vps && !isGone(v.life, now));
      return has ? refuse(422, "Delete this VPS's volumes first. Volumes are billed separately and are not deleted with the VPS.") : undefined;
    }),
  ];
}
