// The teams of the token (GET /user/teams). Product families live in src/sim/families.
import { http } from 'msw';
import type { World } from '../state/world.js';
import { API, guarded, json } from '../http/common.js';

export function resourceHandlers(world: World) {
  return [
    http.get(
      `${API}/user/teams`,
      guarded(world, null, (ctx) =>
        // token_team_id: the token's project scope, null for 'All my projects' (real-api "Projects").
        json({ data: world.auth.teamsOf(ctx.token).map((t) => ({ ...t })), current_team_id: ctx.team.id, token_team_id: ctx.token.scope }),
      ),
    ),
  ];
}
