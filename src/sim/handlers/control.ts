// The control API under /_sim (no token; the server refuses non-loopback callers).
import { http } from 'msw';
import { MINUTE } from '../clock.js';
import { settle } from '../state/containers.js';
import { PRODUCTS } from '../state/recovery.js';
import type { Faults, World } from '../state/world.js';
import { invalid, json, notFound, readJson, refuse } from '../http/common.js';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

export const LOG_BURST_SPAN_MS = 20 * MINUTE;

export function controlHandlers(world: World, requests: RecordedRequest[]) {
  return [
    http.post('*/_sim/faults', async ({ request }) => {
      const parsed = await readJson(request);
      if (!parsed.ok) return parsed.response;
      const b = parsed.body;
      const errors: Record<string, string[]> = {};
      const patch: Partial<Faults> = {};
      for (const f of ['logs_unavailable', 'stale', 'generations'] as const) {
        if (b[f] === undefined) continue;
        if (typeof b[f] !== 'boolean') errors[f] = [`${f} must be a boolean.`];
        else patch[f] = b[f];
      }
      for (const [f, min] of [
        ['latency_ms', 0],
        ['rate_limit_per_minute', 1],
      ] as const) {
        const v = b[f];
        if (v === undefined) continue;
        if (typeof v !== 'number' || !Number.isInteger(v) || v < min) errors[f] = [`${f} must be an integer >= ${min}.`];
        else patch[f] = v;
      }
      if (Object.keys(errors).length) return invalid(errors);
      return json(world.setFaults(patch));
    }),
    http.get('*/_sim/faults', () => json(world.faults)),
    http.post('*/_sim/clock', async ({ request }) => {
      const parsed = await readJson(request);
      if (!parsed.ok) return parsed.response;
      const s = parsed.body.advance_seconds ?? 0;
      if (typeof s !== 'number' || !Number.isFinite(s) || s < 0) return invalid({ advance_seconds: ['advance_seconds must be a number >= 0.'] });
      world.clock.advance(s);
      return json({ now: world.clock.iso() });
    }),
    http.get('*/_sim/clock', () => json({ now: world.clock.iso() })),
    http.post('*/_sim/reset', () => {
      world.reset();
      requests.length = 0;
      return json({ reset: true, now: world.clock.iso() });
    }),
    http.get('*/_sim/requests', () => json({ requests })),
    http.delete('*/_sim/requests', () => {
      requests.length = 0;
      return json({ requests });
    }),
    http.post('*/_sim/logs', async ({ request }) => {
      const parsed = await readJson(request);
      if (!parsed.ok) return parsed.response;
      const { container_id: id, count } = parsed.body;
      if (typeof id !== 'string' || typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 10_000_000) {
        return invalid({ count: ['Give container_id (string) and count (integer 1..10000000).'] });
      }
      const c = world.containers.findAnyTeam(id);
      if (!c) return notFound('ServerlessContainer', id);
      const now = world.now();
      settle(c, now);
      const rev = c.rollouts.at(-1)?.revision;
      if (!rev) return refuse(409, 'The container has no revision yet.');
      const step = LOG_BURST_SPAN_MS / count;
      c.bursts.push({ revision: rev, start: now - LOG_BURST_SPAN_MS, step, count });
      return json({ container_id: id, revision: rev, count, from: new Date(now - LOG_BURST_SPAN_MS).toISOString(), to: world.clock.iso() });
    }),
    http.post('*/_sim/gates', async ({ request }) => {
      const parsed = await readJson(request);
      if (!parsed.ok) return parsed.response;
      const { product, open } = parsed.body;
      const p = PRODUCTS.find((x) => x === product);
      if (!p || typeof open !== 'boolean') return invalid({ product: [`Give product (${PRODUCTS.join('|')}) and open (boolean).`] });
      world.recovery.gates[p] = open;
      return json({ gates: world.recovery.gates });
    }),
  ];
}
