// GET /api/user (outside /api/v1): the token's user (real-api "whoami"). Every token of the
// simulator belongs to one account, so one user answers for all of them.
import { http } from 'msw';
import type { World } from '../state/world.js';
import { guarded, json } from '../http/common.js';

export const SIM_USER = { id: 17, name: 'Sim Operator', email: 'operator@sim.local' } as const;

export function userHandlers(world: World) {
  return [
    http.get(
      '*/api/user',
      guarded(world, null, () => json({ ...SIM_USER, email_verified_at: '2026-01-05T09:00:00.000000Z', created_at: '2026-01-05T09:00:00.000000Z' })),
    ),
  ];
}
