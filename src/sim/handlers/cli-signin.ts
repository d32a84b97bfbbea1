// The console's browser sign-in (outside the API: GET /cli/authorize and /cli/poll of the
// facts' last section), so `infra auth login --web` runs against the simulator, which is its
// own console on loopback. A state is pending for a few polls, then answers the admin token;
// POST /_sim/cli-signin {outcome: token|denied|expired|pending, after: N} picks what comes
// after N polls (denied: 403, expired: 410, pending: never a token).
import { http, HttpResponse } from 'msw';
import { SIM_TOKENS } from '../state/auth.js';
import { readJson } from '../http/common.js';

type Outcome = 'token' | 'denied' | 'expired' | 'pending';
const OUTCOMES: readonly Outcome[] = ['token', 'denied', 'expired', 'pending'];
const DEFAULT = { outcome: 'token' as Outcome, after: 2 };
/** States kept at most: a client making states in a loop cannot grow the map without bound. */
const MAX_STATES = 1_000;

export function cliSigninHandlers() {
  let rule = { ...DEFAULT };
  const polls = new Map<string, number>();
  const approved = new Set<string>();
  const stateOf = (request: Request) => new URL(request.url).searchParams.get('state') ?? '';
  return [
    http.get('*/cli/authorize', ({ request }) => {
      const state = stateOf(request);
      if (!state) return HttpResponse.text('missing state', { status: 400 });
      if (rule.outcome === 'token') approved.add(state);
      return HttpResponse.html('<!doctype html><title>infra sim</title><p>Signed in. Return to your terminal.</p>');
    }),
    http.get('*/cli/poll', ({ request }) => {
      const state = stateOf(request);
      if (!state) return HttpResponse.json({ message: 'missing state' }, { status: 400 });
      if (!polls.has(state) && polls.size >= MAX_STATES) polls.delete(polls.keys().next().value!);
      const n = (polls.get(state) ?? 0) + 1;
      polls.set(state, n);
      if (n <= rule.after && !approved.has(state)) return HttpResponse.json({ status: 'pending' }, { status: 202 });
      if (rule.outcome === 'denied') return HttpResponse.json({ message: 'The sign-in was denied.' }, { status: 403 });
      if (rule.outcome === 'expired') return HttpResponse.json({ message: 'The sign-in request expired.' }, { status: 410 });
      if (rule.outcome === 'pending') return HttpResponse.json({ status: 'pending' }, { status: 202 });
      return HttpResponse.json({ token: SIM_TOKENS.admin });
    }),
    http.post('*/_sim/cli-signin', async ({ request }) => {
      const parsed = await readJson(request);
      if (!parsed.ok) return parsed.response;
      const b = parsed.body as { outcome?: unknown; after?: unknown };
      const outcome = b.outcome ?? DEFAULT.outcome;
      const after = b.after ?? DEFAULT.after;
      if (!OUTCOMES.includes(outcome as Outcome) || typeof after !== 'number' || !Number.isInteger(after) || after < 0 || after > 1_000)
        return HttpResponse.json({ message: `outcome is one of ${OUTCOMES.join(', ')}; after a whole number 0-1000` }, { status: 422 });
      rule = { outcome: outcome as Outcome, after };
      polls.clear();
      approved.clear();
      return HttpResponse.json(rule);
    }),
  ];
}
