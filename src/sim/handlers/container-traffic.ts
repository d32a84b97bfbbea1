// The containers' own URLs (`<origin>/containers/<slug>-<team>/...`, see containerUrl): plain
// HTTP on the simulator's port, answered by the revision that takes the traffic, so
// `serverless probe` has something real to measure. A container that may scale to zero
// (min_scale 0 on the serving revision) and had no request for SCALE_TO_ZERO_AFTER_MS answers
// its next request after a cold start; every answer takes a little service time. On a frozen
// clock (speed 0, the tests) that time moves the simulated clock instead of passing.
import { http, HttpResponse } from 'msw';
import { isStopped, servingAt, settle, type ContainerRecord } from '../state/containers.js';
import type { World } from '../state/world.js';

/** What a scale from zero adds to the first request. */
export const COLD_START_MS = 1_500;
/** Every answer's service time. */
export const SERVICE_MS = 25;
/** Knative's defaults: a 60 s stable window and a 30 s grace period before the last pod goes. */
export const SCALE_TO_ZERO_AFTER_MS = 90_000;

function find(world: World, host: string): ContainerRecord | undefined {
  for (const team of world.auth.teams) {
    const suffix = `-${team.name}`;
    if (!host.endsWith(suffix)) continue;
    const slug = host.slice(0, -suffix.length);
    const c = world.containers.bySlug(team.id, slug);
    if (c) return c;
  }
  return undefined;
}

/** Simulated time passing: slept at the clock's speed, or moved forward on a frozen clock. */
async function spend(world: World, ms: number): Promise<void> {
  if (world.clock.speed === 0) world.clock.advance(ms / 1000);
  else await new Promise((r) => setTimeout(r, ms / world.clock.speed));
}

/** Whether the next request to `c` starts a pod from zero. */
export function coldAt(c: ContainerRecord, now: number): boolean {
  const serving = servingAt(c, now);
  if (!serving || serving.spec.min_scale > 0) return false;
  const lastActive = Math.max(c.lastRequestAt ?? -Infinity, serving.endAt);
  return now - lastActive > SCALE_TO_ZERO_AFTER_MS;
}

function answer(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}, head = false): Response {
  return head ? new HttpResponse(null, { status, headers }) : HttpResponse.json(body, { status, headers });
}

export function containerTrafficHandlers(world: World) {
  const serve = async ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
    const host = String(params.host ?? '');
    const url = new URL(request.url);
    const path = url.pathname.slice(`/containers/${host}`.length) || '/';
    const head = request.method === 'HEAD';
    const c = find(world, host);
    if (!c) return answer(404, { message: 'No container is published at this address.' }, {}, head);
    const now = world.now();
    settle(c, now);
    if (isStopped(c, now)) return answer(503, { message: `${c.name} is stopped.` }, {}, head);
    const serving = servingAt(c, now);
    if (!serving) return answer(503, { message: `No revision of ${c.name} is ready to serve.` }, {}, head);
    if (serving.outcome.kind === 'noingress') return answer(404, { message: 'The route to this container is not ready.' }, {}, head);
    const cold = coldAt(c, now);
    await spend(world, (cold ? COLD_START_MS : 0) + SERVICE_MS);
    c.lastRequestAt = world.now();
    c.hits += 1;
    const code = /^\/status\/([1-5]\d\d)\/?$/.exec(path)?.[1];
    const headers = { 'x-sim-revision': serving.revision, 'x-sim-cold-start': String(cold) };
    return answer(code ? Number(code) : 200, { container: c.name, revision: serving.revision, path, cold_start: cold }, headers, head);
  };
  return [http.all('*/containers/:host', serve), http.all('*/containers/:host/*', serve)];
}
