// Builds of a container from an uploaded archive: POST /serverless/{id}/deploy (multipart
// `file`, a ZIP archive) → 202 with an operation, status building; GET .../builds/latest;
// POST .../builds/{build}/cancel while it is not finished (422 after). `buildsTick` applies
// finished builds (push, rollout) before any API request is answered.
import { http } from 'msw';
import { zipEntries } from '../../shared/zip.js';
import { buildJson, isTerminal, newBuild, settleBuilds, statusAt } from '../state/builds.js';
import { POLL_AFTER_MS } from '../state/container-views.js';
import { namespaceOf } from '../state/registry.js';
import { uuidFrom } from '../state/ids.js';
import type { World } from '../state/world.js';
import { API, guarded, invalid, json, message, notFound, refuse } from '../http/common.js';
import { containerMissing, findContainer } from './serverless.js';

/** Runs first for every API request and passes it on: what finished by now has happened. */
export function buildsTick(world: World) {
  return [
    http.all(`${API}/*`, () => {
      settleBuilds(world, world.now());
      return undefined;
    }),
  ];
}

export function containerBuildHandlers(world: World) {
  return [
    http.post(
      `${API}/serverless/:id/deploy`,
      guarded(world, 'serverless:write', async (ctx) => {
        const c = findContainer(ctx);
        if (!c) return containerMissing(ctx);
        let file: unknown;
        try {
          file = (await ctx.request.formData()).get('file');
        } catch {
          file = null;
        }
        if (!file || typeof file === 'string') return invalid({ file: ['The file field is required.'] });
        const bytes = new Uint8Array(await (file as Blob).arrayBuffer());
        const entries = zipEntries(bytes);
        if (entries === null) return invalid({ file: ['The file field must be a file of type: zip.'] });
        const files = entries.filter((e) => !e.name.endsWith('/')).map((e) => e.name);
        const b = newBuild(world, c, namespaceOf(ctx.team), files, bytes.length, ctx.now);
        const opId = uuidFrom(`${b.id}/operation`);
        return json(
          {
            message: 'Deployment initiated.',
            container_id: c.id,
            status: 'building',
            operation: {
              operation_id: opId,
              resource_id: c.id,
              resource_type: 'serverless_container',
              state: 'queued',
              terminal: false,
              poll_after_ms: POLL_AFTER_MS,
              poll_url: `${ctx.url.origin}/api/v1/operations/${opId}`,
            },
          },
          202,
        );
      }),
    ),
    http.get(
      `${API}/serverless/:id/builds/latest`,
      guarded(world, 'serverless:read', (ctx) => {
        const c = findContainer(ctx);
        if (!c) return containerMissing(ctx);
        const b = world.builds.latest(ctx.team.id, c.id);
        return json({ data: b ? buildJson(c, b, ctx.now) : null });
      }),
    ),
    http.post(
      `${API}/serverless/:id/builds/:build/cancel`,
      guarded(world, 'serverless:write', (ctx) => {
        const c = findContainer(ctx);
        if (!c) return containerMissing(ctx);
        const b = world.builds.list(ctx.team.id).find((x) => x.containerId === c.id && x.id === ctx.params.build);
        if (!b) return notFound('ServerlessBuild', ctx.params.build);
        if (isTerminal(statusAt(b, ctx.now))) return refuse(422, 'Build is not in progress.');
        b.cancelledAt = ctx.now;
        return message(200, 'Build cancelled.');
      }),
    ),
  ];
}
