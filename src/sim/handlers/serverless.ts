// Container CRUD in the real dialect: list, show, create (201 + operation), update (200),
// redeploy (202, no container; 409 while a rollout is in progress), delete, deployments.
import { http } from 'msw';
import { rolloutOf, type ContainerRecord } from '../state/containers.js';
import { containerJson, containerUrl, deploymentJson, monthlyCostCents, POLL_AFTER_MS, type ViewOptions } from '../state/container-views.js';
import type { World } from '../state/world.js';
import { API, guarded, invalid, json, message, paginate, readJson, refuse, type Ctx } from '../http/common.js';
import { parseContainer } from './serverless-input.js';

export { containerMissing, findContainer } from '../http/containers.js';
import { containerMissing, findContainer } from '../http/containers.js';

export function viewOptions(ctx: Ctx): ViewOptions {
  return { team: ctx.team, now: ctx.now, generations: ctx.world.faults.generations, origin: ctx.url.origin };
}

function view(ctx: Ctx, c: ContainerRecord) {
  return containerJson(c, ctx.world.status(c), viewOptions(ctx));
}

/** Whether the latest change is still queued or rolling out. */
function inProgress(c: ContainerRecord, now: number): boolean {
  const last = c.changes.at(-1);
  if (!last) return false;
  const r = rolloutOf(c, last.generation, now);
  return !r || r.endAt > now;
}

export function serverlessHandlers(world: World) {
  return [
    http.get(
      `${API}/serverless`,
      guarded(world, 'serverless:read', (ctx) =>
        paginate(
          ctx.url,
          world.containers.list(ctx.team.id, ctx.now).map((c) => view(ctx, c)),
        ),
      ),
    ),
    http.get(
      `${API}/serverless/:id`,
      guarded(world, 'serverless:read', (ctx) => {
        const c = findContainer(ctx);
        if (!c) return containerMissing(ctx);
        return json({ container: view(ctx, c), metrics: [], url: containerUrl(c, ctx.team, ctx.url.origin), monthly_cost: monthlyCostCents(c) / 100 });
      }),
    ),
    http.post(
      `${API}/serverless`,
      guarded(world, 'serverless:write', async (ctx) => {
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        // An Idempotency-Key makes a retried create safe: the same request gets the first answer
        // back (no second container); the key with another request is refused.
        const key = ctx.request.headers.get('idempotency-key');
        const storeKey = key ? `${ctx.team.id}\u0000${key}` : null;
        const fingerprint = stableJson(body.body);
        const stored = storeKey ? world.containers.createKeys.get(storeKey) : undefined;
        if (stored) {
          if (stored.fingerprint !== fingerprint) return refuse(409, 'This Idempotency-Key was already used with a different request; use a new key for a new request.');
          return json(stored.body, stored.status);
        }
        const parsed = parseContainer(body.body);
        if (!parsed.ok) return invalid(parsed.errors);
        const slug = parsed.slug ?? '';
        if (world.containers.bySlug(ctx.team.id, slug)) return invalid({ slug: ['The slug has already been taken.'] });
        const c = world.containers.create({ id: world.ids.uuid('container'), teamId: ctx.team.id, name: parsed.name ?? slug, slug, spec: parsed.spec, at: ctx.now });
        const opId = c.changes.at(-1)?.operationId ?? '';
        const answer = {
          message: 'Serverless container created successfully',
          container: view(ctx, c),
          operation: {
            operation_id: opId,
            resource_id: c.id,
            resource_type: 'serverless_container',
            state: 'queued',
            terminal: false,
            poll_after_ms: POLL_AFTER_MS,
            poll_url: `${ctx.url.origin}/api/v1/operations/${opId}`,
          },
        };
        if (storeKey) world.containers.createKeys.set(storeKey, { fingerprint, status: 201, body: answer });
        return json(answer, 201);
      }),
    ),
    http.put(
      `${API}/serverless/:id`,
      guarded(world, 'serverless:write', async (ctx) => {
        const c = findContainer(ctx);
        if (!c) return containerMissing(ctx);
        const body = await readJson(ctx.request);
        if (!body.ok) return body.response;
        const parsed = parseContainer(body.body, c.spec);
        if (!parsed.ok) return invalid(parsed.errors);
        if (parsed.slug !== undefined && parsed.slug !== c.slug && world.containers.bySlug(ctx.team.id, parsed.slug)) {
          return invalid({ slug: ['The slug has already been taken.'] });
        }
        if (parsed.name !== undefined) c.name = parsed.name;
        if (parsed.slug !== undefined) c.slug = parsed.slug;
        // Every update is a change with a rollout; one sent during a rollout queues behind it (docs/behaviour.md#api-rollouts).
        world.containers.change(c, parsed.spec, ctx.now);
        return json({ message: 'Serverless container update initiated', container: view(ctx, c) });
      }),
    ),
    http.post(
      `${API}/serverless/:id/redeploy`,
      guarded(world, 'serverless:write', (ctx) => {
        const c = findContainer(ctx);
        if (!c) return containerMissing(ctx);
        if (inProgress(c, ctx.now)) return refuse(409, 'A deployment is already in progress. Cancel it first if you want to retry.');
        world.containers.change(c, c.spec, ctx.now);
        // v1.7.0: the answer numbers the change (spec_generation), unless the server predates generations.
        const generation = ctx.world.faults.generations ? { spec_generation: c.specGeneration } : {};
        return json({ message: 'Redeployment initiated. A new revision will be created with the latest image.', container_id: c.id, status: 'provisioning', ...generation }, 202);
      }),
    ),
    http.delete(
      `${API}/serverless/:id`,
      guarded(world, 'serverless:delete', (ctx) => {
        const c = findContainer(ctx);
        if (!c) return containerMissing(ctx);
        world.containers.remove(c);
        return message(200, 'Serverless container deletion initiated');
      }),
    ),
    http.get(
      `${API}/serverless/:id/deployments`,
      guarded(world, 'serverless:read', (ctx) => {
        const c = findContainer(ctx);
        if (!c) return containerMissing(ctx);
        const rows = c.rollouts
          .filter((r) => r.startAt <= ctx.now)
          .map((r) => deploymentJson(c, r, ctx.now))
          .reverse();
        return paginate(ctx.url, rows);
      }),
    ),
  ];
}

/** JSON with the keys of every object sorted: the same request in another key order is the same request. */
function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}
