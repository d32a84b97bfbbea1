// `infra partner tier` and `infra partner usage`: a partner account's discount tier and what
// its sub-customer teams cost (/admin/partner/tier, /admin/partner/usage).
import { defineCommand, option } from '../../cli/command.js';
import { InvalidArgumentError } from 'commander';
import { flatten } from '../resource/read.js';

/** `--period 2026-11`: a billing month. */
export function periodOption() {
  return option('--period <yyyy-mm>', 'the billing month (default: the current one)', (v: string) => {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(v)) throw new InvalidArgumentError('--period takes a month as yyyy-mm, e.g. 2026-11.');
    return v;
  });
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

export const tierCommand = defineCommand({
  path: ['partner', 'tier'],
  description: "the partner account's discount tier, its spend this period and the tiers there are",
  examples: ['infra partner tier', 'infra partner tier --json | jq .tier.discount_percentage'],
  run: async (app) => {
    const client = await app.client();
    const res = await client.http.get('/admin/partner/tier', { signal: app.ctx.signal });
    if (app.json) {
      app.printJson(res.raw);
      return;
    }
    const raw = (res.raw ?? {}) as Record<string, unknown>;
    const tier = (raw.tier && typeof raw.tier === 'object' ? raw.tier : {}) as Record<string, unknown>;
    const tiers = Array.isArray(raw.available_tiers) ? (raw.available_tiers as unknown[]) : [];
    app.keyValue([
      ['Tier', text(tier.name)],
      ['Discount', text(tier.discount_percentage) ?? text(tier.discount)],
      ['Spend this period', text(tier.current_spend)],
      ['Tier from', tier.min_spend_cents === undefined ? undefined : `${(Number(tier.min_spend_cents) / 100).toFixed(2)} spent`],
      ['Next tier', text(tier.next_tier) ?? 'none'],
      [
        'Tiers',
        tiers
          .map((t) => (t && typeof t === 'object' ? [text((t as Record<string, unknown>).name), text((t as Record<string, unknown>).discount_percentage)].filter(Boolean).join(' ') : text(t)))
          .filter(Boolean)
          .join(', ') || undefined,
      ],
    ]);
  },
});

export const usageCommand = defineCommand({
  path: ['partner', 'usage'],
  description: 'what the partner account and its sub-customer teams cost in a billing month',
  options: { period: periodOption() },
  examples: ['infra partner usage', 'infra partner usage --period 2026-10 --json'],
  run: async (app, { opts }) => {
    const client = await app.client();
    const res = await client.http.get('/admin/partner/usage', { query: opts.period ? { period: opts.period } : {}, signal: app.ctx.signal });
    if (app.json) {
      app.printJson(res.raw);
      return;
    }
    const raw = (res.raw ?? {}) as Record<string, unknown>;
    app.keyValue([
      ['Partner', text(raw.partner_team_name)],
      ['Period', text(raw.billing_period)],
      ['Sub-teams', text(raw.sub_team_count)],
      ['Total cost', text(raw.total_cost)],
      ['Discount', text(raw.partner_discount)],
      ...flatten(raw.breakdown_by_team ?? [], 'by team').map(([k, v]): [string, string] => [k, v]),
      ...flatten(raw.breakdown_by_resource ?? [], 'by resource').map(([k, v]): [string, string] => [k, v]),
    ]);
  },
});
