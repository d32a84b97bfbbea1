// Reads and writes that span the account: the API's health (GET /health), search over every
// product (GET /resources/search) and partner administration (/admin/partner/...). The facts
// type a search result as `string[]` (an untyped array in the generated types); the simulator
// sends objects naming each result's type, id and name, and the client reads both.
import { http } from 'msw';
import { DAY, iso } from '../clock.js';
import { API, guarded, invalid, json, message, paginate, readJson, type Ctx } from '../http/common.js';
import { isGone } from '../state/lifecycle.js';
import { MAIN_TEAM } from '../state/auth.js';
import type { SimModule, World } from '../state/world.js';

export interface SubTeamRecord {
  id: number;
  name: string;
  tenant: string | null;
  owner: { id: number; name: string; email: string };
  createdAt: number;
  /** How many keys were made for it: a regenerated key differs from the one before. */
  keys: number;
}

export interface Partner {
  subTeams: SubTeamRecord[];
  nextId: number;
}

interface Found {
  type: string;
  id: string;
  name: string;
}

type Named = { id: string | number; name: string; life?: Parameters<typeof isGone>[0] };

/** Every product a search looks through, by the word the API uses for its type. */
function everything(world: World, ctx: Ctx): Found[] {
  const live = (type: string, items: readonly Named[]) => items.filter((r) => !r.life || !isGone(r.life, ctx.now)).map((r) => ({ type, id: String(r.id), name: r.name }));
  return [
    ...live('serverless', world.containers.list(ctx.team.id)),
    ...live('database', world.databases.list(ctx.team.id)),
    ...live('cache', world.caches.list(ctx.team.id)),
    ...live('vps', world.vps.list(ctx.team.id)),
    ...live('queue', world.queues.list(ctx.team.id)),
    ...live('storage', world.buckets.list(ctx.team.id)),
    ...live('static_site', world.staticSites.list(ctx.team.id)),
    ...live('kubernetes', world.kubernetes.list(ctx.team.id)),
  ];
}

const apiKey = (t: SubTeamRecord) => `dd_sub_${t.id}_${String(t.keys).padStart(2, '0')}${'k'.repeat(28)}`;
const subTeamView = (t: SubTeamRecord) => ({
  id: String(t.id),
  name: t.name,
  tenant_name: t.tenant ?? '',
  created_at: iso(t.createdAt),
  owner: { ...t.owner, id: String(t.owner.id) },
  has_api_key: t.keys > 0,
});
const usageOf = (t: SubTeamRecord, period: string) => ({
  team_id: t.id,
  team_name: t.name,
  billing_period: period,
  total_cost_cents: 1250 * t.id,
  total_cost: 12.5 * t.id,
  breakdown_by_resource: [{ resource_type: 'vps', cost_cents: 1250 * t.id }],
});

function partnerRoutes(world: World) {
  const base = `${API}/admin/partner`;
  const find = (ctx: Ctx) => world.partner.subTeams.find((t) => String(t.id) === ctx.params.team);
  const missing = (ctx: Ctx) => message(404, `No query results for model [App\\Models\\Team] ${ctx.params.team}`);
  const period = (ctx: Ctx) => ctx.url.searchParams.get('period') ?? iso(ctx.now).slice(0, 7);
  return [
    http.get(
      `${base}/tier`,
      guarded(world, null, () =>
        json({
          tier: { name: 'silver', discount: '0.10', discount_percentage: '10%', min_spend_cents: '50000', current_spend_cents: 73100, current_spend: '731.00', next_tier: null },
          available_tiers: [
            { name: 'silver', min_spend_cents: 50000, discount_percentage: '10%' },
            { name: 'gold', min_spend_cents: 200000, discount_percentage: '15%' },
          ],
        }),
      ),
    ),
    http.get(
      `${base}/usage`,
      guarded(world, null, (ctx) => {
        const teams = world.partner.subTeams;
        const total = teams.reduce((n, t) => n + 1250 * t.id, 0);
        return json({
          partner_team_id: MAIN_TEAM,
          partner_team_name: 'Acme',
          billing_period: period(ctx),
          sub_team_count: teams.length,
          total_cost_cents: String(total),
          total_cost: total / 100,
          partner_discount: '0.10',
          breakdown_by_team: teams.map((t) => ({ team_id: t.id, team_name: t.name, cost_cents: 1250 * t.id })),
          breakdown_by_resource: [{ resource_type: 'vps', cost_cents: total }],
        });
      }),
    ),
    http.get(
      `${base}/sub-teams`,
      guarded(world, null, (ctx) => paginate(ctx.url, world.partner.subTeams.map(subTeamView))),
    ),
    http.post(
      `${base}/sub-teams`,
      guarded(world, null, async (ctx) => {
        const read = await readJson(ctx.request);
        if (!read.ok) return read.response;
        const b = read.body;
        const errors: Record<string, string[]> = {};
        for (const f of ['name', 'owner_email', 'owner_name']) if (typeof b[f] !== 'string' || !(b[f] as string).trim()) errors[f] = [`The ${f.replace('_', ' ')} field is required.`];
        if (!errors.owner_email && !/^[^@\s]+@[^@\s]+$/.test(String(b.owner_email))) errors.owner_email = ['The owner email field must be a valid email address.'];
        if (Object.keys(errors).length) return invalid(errors);
        const id = world.partner.nextId++;
        const t: SubTeamRecord = { id, name: String(b.name), tenant: null, owner: { id: 1000 + id, name: String(b.owner_name), email: String(b.owner_email) }, createdAt: ctx.now, keys: 1 };
        world.partner.subTeams.push(t);
        return json(
          { message: 'Sub-customer team created successfully', team: { id, name: t.name, tenant_name: null, created_at: iso(t.createdAt) }, owner: t.owner, api_key: apiKey(t), user_created: true },
          201,
        );
      }),
    ),
    http.get(
      `${base}/sub-teams/:team`,
      guarded(world, null, (ctx) => {
        const t = find(ctx);
        return t ? json({ data: subTeamView(t) }) : missing(ctx);
      }),
    ),
    http.get(
      `${base}/sub-teams/:team/usage`,
      guarded(world, null, (ctx) => {
        const t = find(ctx);
        return t ? json({ data: usageOf(t, period(ctx)) }) : missing(ctx);
      }),
    ),
    http.post(
      `${base}/sub-teams/:team/regenerate-api-key`,
      guarded(world, null, (ctx) => {
        const t = find(ctx);
        if (!t) return missing(ctx);
        t.keys += 1;
        return json({ message: 'API key regenerated successfully', api_key: apiKey(t) });
      }),
    ),
  ];
}

function routes(world: World) {
  return [
    http.get(
      `${API}/health`,
      guarded(world, null, () => json('OK')),
    ),
    http.get(
      `${API}/resources/search`,
      guarded(world, null, (ctx) => {
        const q = (ctx.url.searchParams.get('q') ?? '').trim().toLowerCase();
        if (q.length < 2) return invalid({ q: ['The q field must be at least 2 characters.'] });
        return json({ results: everything(world, ctx).filter((r) => r.name.toLowerCase().includes(q) || r.id.toLowerCase() === q) });
      }),
    ),
    ...partnerRoutes(world),
  ];
}

function seed(w: World, now: number): void {
  w.partner.subTeams = [
    { id: 501, name: 'Globex', tenant: 'globex', owner: { id: 1501, name: 'Hank Scorpio', email: 'hank@globex.example' }, createdAt: now - 30 * DAY, keys: 1 },
    { id: 502, name: 'Initech', tenant: null, owner: { id: 1502, name: 'Bill Lumbergh', email: 'bill@initech.example' }, createdAt: now - 12 * DAY, keys: 0 },
  ];
}

declare module '../state/world.js' {
  interface World {
    partner: Partner;
  }
}

export const accountWideModule: SimModule = { name: 'account-wide', stores: { partner: (): Partner => ({ subTeams: [], nextId: 600 }) }, seed, routes };
