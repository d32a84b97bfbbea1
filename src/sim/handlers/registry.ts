// The project's registry (real-api "registry"): preflight, context, verify-push and usage;
// repositories and their tags, listed, shown and deleted (409 image_in_use while a container
// runs the image, unless `force`). Any valid token: the real API names no ability for them.
import { http } from 'msw';
import { preflightView } from '../state/registry.js';
import { contextView, inUseBy, newestFirst, repoJson, tagJson, usageView, verifyPushView } from '../state/registry-views.js';
import type { World } from '../state/world.js';
import { API, envelope, guarded, invalid, json, message, notFound, paginate, refuse, type Ctx } from '../http/common.js';

/** `?force=true` (or 1): delete what a container still runs. */
const forced = (ctx: Ctx) => ['true', '1'].includes((ctx.url.searchParams.get('force') ?? '').toLowerCase());

const IMAGE_REF = /^[a-z0-9][a-z0-9._\-/:@]*$/i;

export function registryHandlers(world: World) {
  const repoOf = (ctx: Ctx) => world.registry.byName(ctx.team.id, ctx.params.repo ?? '');
  return [
    http.get(
      `${API}/registry/preflight`,
      guarded(world, null, (ctx) => {
        const image = ctx.url.searchParams.get('image')?.trim() ?? '';
        if (!image) return invalid({ image: ['The image field is required.'] });
        if (image.length > 512 || /\s/.test(image)) return invalid({ image: ['The image field format is invalid.'] });
        return json(envelope(preflightView(image, ctx.team, world.registry)));
      }),
    ),
    http.get(
      `${API}/registry/context`,
      guarded(world, null, (ctx) => json(envelope(contextView(world, ctx.team)))),
    ),
    http.get(
      `${API}/registry/usage`,
      guarded(world, null, (ctx) => json(usageView(world, ctx.team))),
    ),
    http.get(
      `${API}/registry/verify-push`,
      guarded(world, null, (ctx) => {
        const repository = ctx.url.searchParams.get('repository')?.trim() ?? '';
        if (!repository) return invalid({ repository: ['The repository field is required.'] });
        if (repository.length > 255 || !IMAGE_REF.test(repository) || repository.includes(':')) return invalid({ repository: ['The repository field format is invalid.'] });
        return json(verifyPushView(world, ctx.team, repository));
      }),
    ),
    http.get(
      `${API}/registry/repositories`,
      guarded(world, null, (ctx) =>
        paginate(
          ctx.url,
          world.registry.list(ctx.team.id).map((r) => repoJson(r)),
        ),
      ),
    ),
    http.get(
      `${API}/registry/repositories/:repo`,
      guarded(world, null, (ctx) => {
        const r = repoOf(ctx);
        return r ? json({ repository: repoJson(r, true) }) : notFound('RegistryRepository', ctx.params.repo);
      }),
    ),
    http.get(
      `${API}/registry/repositories/:repo/tags`,
      guarded(world, null, (ctx) => {
        const r = repoOf(ctx);
        return r ? json({ data: newestFirst(r.tags).map(tagJson) }) : notFound('RegistryRepository', ctx.params.repo);
      }),
    ),
    http.delete(
      `${API}/registry/repositories/:repo`,
      guarded(world, null, (ctx) => {
        const r = repoOf(ctx);
        if (!r) return notFound('RegistryRepository', ctx.params.repo);
        const users = inUseBy(world, r, null, ctx.now);
        if (users.length && !forced(ctx)) return refuse(409, 'Images of this repository are in use.', { code: 'image_in_use', force_required: true, in_use_by: users });
        world.registry.remove(r);
        return message(200, 'Repository deleted.');
      }),
    ),
    http.delete(
      `${API}/registry/repositories/:repo/tags/:tag`,
      guarded(world, null, (ctx) => {
        const r = repoOf(ctx);
        if (!r) return notFound('RegistryRepository', ctx.params.repo);
        const tag = r.tags.find((t) => t.tag === ctx.params.tag);
        if (!tag) return notFound('RegistryTag', ctx.params.tag);
        const users = inUseBy(world, r, tag.tag, ctx.now);
        if (users.length && !forced(ctx)) return refuse(409, 'This image is in use.', { code: 'image_in_use', force_required: true, in_use_by: users });
        r.tags = r.tags.filter((t) => t !== tag);
        return message(200, 'Tag deleted.');
      }),
    ),
  ];
}
