// The registry's preflight (GET /api/v1/registry/preflight?image=REF) in the envelope.
import { http } from 'msw';
import { preflightView } from '../state/registry.js';
import type { World } from '../state/world.js';
import { API, envelope, guarded, invalid, json } from '../http/common.js';

export function registryHandlers(world: World) {
  return [
    // Any valid token (the real API names no ability for it).
    http.get(`${API}/registry/preflight`, guarded(world, null, (ctx) => {
      const image = ctx.url.searchParams.get('image')?.trim() ?? '';
      if (!image) return invalid({ image: ['The image field is required.'] });
      if (image.length > 512 || /\s/.test(image)) return invalid({ image: ['The image field format is invalid.'] });
      return json(envelope(preflightView(image, ctx.team)));
    })),
  ];
}
