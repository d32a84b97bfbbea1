// Serverless usage and metrics (real-api "serverless": usage records of ServerlessUsageRecord;
// the metrics shape of the facts' last section, MetricSeries `{timestamps, values}`), and the
// token's user, GET /api/user (outside /api/v1; the facts' whoami line).
import { http } from 'msw';
import { HOUR, iso } from '../clock.js';
import { API, guarded, invalid, json, type Ctx } from '../http/common.js';
import { containerMissing, findContainer } from '../http/containers.js';
import { PROFILES } from '../state/container-views.js';
import type { World } from '../state/world.js';

const month = (t: number) => iso(t).slice(0, 7);

function usageJson(ctx: Ctx, id: string) {
  const period = ctx.url.searchParams.get('period') ?? month(ctx.now);
  const days = 3;
  const usage = Array.from({ length: days }, (_, i) => {
    const requests = 1200 + i * 300;
    const seconds = requests * 0.08;
    const compute = Math.round(seconds * 0.4);
    return {
      id: `${id.slice(0, 8)}-usage-${i + 1}`,
      serverless_container_id: id,
      team_id: ctx.team.id,
      billing_period: period,
      recorded_at: iso(ctx.now - (days - 1 - i) * 24 * HOUR),
      request_count: requests,
      total_duration_seconds: seconds,
      avg_memory_mb: 180,
      avg_cpu_millicores: 120,
      request_cost_cents: Math.round(requests / 1000),
      compute_cost_cents: compute,
      total_cost_cents: Math.round(requests / 1000) + compute,
      max_replicas_reached: 2,
      error_count: i,
      notes: null,
      created_at: null,
      updated_at: null,
      vcpu_seconds: seconds * 0.25,
      memory_gib_seconds: seconds * 0.25,
    };
  });
  const cents = usage.reduce((a, u) => a + u.total_cost_cents, 0);
  return {
    period,
    usage,
    // The facts type these two totals as strings.
    // The types say strings; the provider's CLI formats them as numbers (toFixed): as with
    // monthly_cost, the simulator sends what the clients read (the client takes both).
    summary: {
      total_requests: usage.reduce((a, u) => a + u.request_count, 0),
      total_compute_seconds: usage.reduce((a, u) => a + u.total_duration_seconds, 0),
      total_cost_cents: cents,
      total_cost_dollars: cents / 100,
    },
  };
}

function metricsJson(ctx: Ctx, c: NonNullable<ReturnType<typeof findContainer>>, hours: number) {
  const profile = PROFILES[c.spec.resource_profile] ?? PROFILES.small!;
  const points = Math.min(hours * 12, 288);
  const stepMs = (hours * HOUR) / points;
  const timestamps = Array.from({ length: points }, (_, i) => iso(ctx.now - (points - 1 - i) * stepMs));
  const wave = (base: number, amp: number, k: number) => ({ timestamps, values: timestamps.map((_, i) => Math.round((base + amp * Math.sin(i / 4 + k)) * 100) / 100) });
  return {
    container: { id: c.id, name: c.name, status: 'running', resource_profile: c.spec.resource_profile },
    resources: { cpu_request: profile.cpu[0], cpu_limit: profile.cpu[1], memory_request: profile.memory[0], memory_limit: profile.memory[1] },
    period_hours: hours,
    metrics: { requests: wave(40, 20, 0), latency: wave(120, 30, 1), replicas: wave(2, 1, 2), cpu: wave(0.2, 0.1, 3), memory: wave(180, 20, 4), errors: wave(0.5, 0.5, 5) },
    current: { current_pods: 2, current_cpu: 0.21, current_memory: 182, request_count_5m: 210 },
  };
}

export function serverlessUsageHandlers(world: World) {
  return [
    http.get(
      `${API}/serverless/:id/usage`,
      guarded(world, 'serverless:read', (ctx) => {
        const c = findContainer(ctx);
        if (!c) return containerMissing(ctx);
        const period = ctx.url.searchParams.get('period');
        if (period !== null && !/^\d{4}-\d{2}$/.test(period)) return invalid({ period: ['The period field must match the format Y-m.'] });
        return json(usageJson(ctx, c.id));
      }),
    ),
    http.get(
      `${API}/serverless/:id/metrics`,
      guarded(world, 'serverless:read', (ctx) => {
        const c = findContainer(ctx);
        if (!c) return containerMissing(ctx);
        const raw = ctx.url.searchParams.get('hours');
        const hours = raw === null ? 24 : Number(raw);
        if (!Number.isInteger(hours) || hours < 1 || hours > 168) return invalid({ hours: ['The hours field must be between 1 and 168.'] });
        return json(metricsJson(ctx, c, hours));
      }),
    ),
  ];
}
