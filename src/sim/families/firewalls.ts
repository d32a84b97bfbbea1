// Firewalls (real-api FirewallResource and /firewalls): no status_details, only their own
// status (draft, active, applying, error). A new firewall is a draft; a deploy applies it
// (applying, then active, or error for a `-fail` name); changing the rules or attaching an
// instance to a firewall that is not a draft applies it again. Detaching answers "detached"
// at once. `updated_at` moves with every status change, as a saved model's does.
import { http } from 'msw';
import { DAY, iso, SECOND } from '../clock.js';
import { API, guarded, invalid, message, notFound, readJson, refuse, type Ctx } from '../http/common.js';
import { familyHandlers, type FamilyDef, type FamilyRecord } from '../http/family.js';
import { begin, inFlight, isGone, legacyStatus, lifecycle, type OpSpec } from '../state/lifecycle.js';
import { MAIN_TEAM } from '../state/auth.js';
import { SEED_IDS } from '../state/seed.js';
import { TeamStore } from '../state/store.js';
import type { SimModule, World } from '../state/world.js';
import { INSTANCE_TYPES, readAttachments, readRules, type Attachment, type RuleRecord } from './firewall-rules.js';

export interface FirewallRecord extends FamilyRecord {
  id: string;
  description: string | null;
  isDefault: boolean;
  rules: RuleRecord[];
  attachments: Attachment[];
  createdAt: number;
}

const APPLY: OpSpec = { during: 'applying', after: 'active', ms: 10 * SECOND };

export function newFirewall(r: Pick<FirewallRecord, 'id' | 'teamId' | 'name' | 'createdAt'> & Partial<FirewallRecord>, base = 'active'): FirewallRecord {
  return { description: null, isDefault: false, rules: [], attachments: [], updatedAt: r.createdAt, ...r, life: lifecycle(r.createdAt, base) };
}

/** Whether an instance of the type exists in the team. */
function instanceExists(world: World, teamId: number, type: string, id: string): boolean {
  switch (type) {
    case 'vps': {
      const v = world.vps.get(teamId, id);
      return !!v && !isGone(v.life, world.now());
    }
    case 'database':
    case 'cache': {
      const d = (type === 'database' ? world.databases : world.caches).get(teamId, id);
      return !!d && !isGone(d.life, world.now());
    }
    case 'queue': {
      const q = world.queues.get(teamId, id);
      return !!q && !isGone(q.life, world.now());
    }
    case 'serverless':
      return !!world.containers.get(teamId, id);
    default:
      return true;
  }
}

/** The last moment the record was saved: a change, or a status change of its operations. */
function savedAt(f: FirewallRecord, now: number): number {
  const moments = f.life.ops.flatMap((o) => [o.at, o.endAt]).filter((t) => t <= now);
  return Math.max(f.updatedAt, ...moments);
}

const apply = (f: FirewallRecord, now: number) => begin(f.life, { family: 'firewall', name: f.name }, 'apply', APPLY, now);

export const firewallFamily: FamilyDef<FirewallRecord> = {
  path: 'firewalls',
  model: 'Firewall',
  permission: 'firewall',
  wrapper: 'firewall',
  family: 'firewall',
  store: (w) => w.firewalls,
  view: (f, at) => ({
    id: f.id,
    name: f.name,
    description: f.description,
    status: at.status,
    // A string in the facts ("1"/"0").
    is_default: f.isDefault ? '1' : '0',
    default_action: 'deny',
    rules: f.rules,
    created_at: iso(f.createdAt),
    updated_at: iso(savedAt(f, at.now)),
    team_id: f.teamId,
  }),
  create: {
    message: 'Firewall created successfully',
    build: (body, ctx) => {
      const errors: Record<string, string[]> = {};
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      if (!name) errors.name = ['The name field is required.'];
      else if (name.length > 255) errors.name = ['The name field must not be greater than 255 characters.'];
      const rules = readRules(body.rules, () => ctx.world.ids.uuid('firewall-rule'), errors);
      const attachments = readAttachments(body.attached_instances, (t, id) => instanceExists(ctx.world, ctx.team.id, t, id), errors);
      if (Object.keys(errors).length) return { errors };
      const description = typeof body.description === 'string' ? body.description : null;
      return { record: newFirewall({ id: ctx.world.ids.uuid('firewall'), teamId: ctx.team.id, name, description, rules, attachments, createdAt: ctx.now }, 'draft') };
    },
  },
  update: {
    message: 'Firewall updated successfully',
    apply: (f, body, ctx) => {
      const errors: Record<string, string[]> = {};
      if (body.name !== undefined && (typeof body.name !== 'string' || !body.name.trim())) errors.name = ['The name field must be a string.'];
      const rules = body.rules === undefined ? undefined : readRules(body.rules, () => ctx.world.ids.uuid('firewall-rule'), errors);
      const attachments = body.attached_instances === undefined ? undefined : readAttachments(body.attached_instances, (t, id) => instanceExists(ctx.world, ctx.team.id, t, id), errors);
      if (Object.keys(errors).length) return errors;
      if (typeof body.name === 'string') f.name = body.name.trim();
      if (body.description !== undefined) f.description = typeof body.description === 'string' ? body.description : null;
      if (rules) f.rules = rules;
      if (attachments) f.attachments = attachments;
      // What is live changes only by applying it again; a draft waits for its deploy.
      if ((rules || attachments) && legacyStatus(f.life, ctx.now) !== 'draft') apply(f, ctx.now);
      return undefined;
    },
  },
  destroy: {
    message: 'Firewall deleted successfully',
    refusal: 'Firewall cannot be deleted while it is being applied',
    refuse: (f) => (f.isDefault ? 'The default firewall cannot be deleted.' : undefined),
  },
};

function attachment(body: Record<string, unknown>, ctx: Ctx): { errors: Record<string, string[]> } | Attachment {
  const type = body.instance_type;
  const id = body.instance_id;
  const errors: Record<string, string[]> = {};
  if (type === undefined) errors.instance_type = ['The instance type field is required.'];
  else if (typeof type !== 'string' || !(INSTANCE_TYPES as readonly string[]).includes(type)) errors.instance_type = ['The selected instance type is invalid.'];
  if (id === undefined || id === '') errors.instance_id = ['The instance id field is required.'];
  else if (typeof id !== 'string' || (typeof type === 'string' && !instanceExists(ctx.world, ctx.team.id, type, id))) errors.instance_id = ['The selected instance id is invalid.'];
  return Object.keys(errors).length ? { errors } : { type: String(type), id: String(id) };
}

/** attach, detach and deploy: `{message}` answers, as the facts have them. */
function firewallActions(world: World) {
  const base = `${API}/firewalls/:id`;
  const withFirewall = (fn: (f: FirewallRecord, ctx: Ctx) => Response | Promise<Response>) =>
    guarded(world, 'firewall:write', (ctx) => {
      const f = world.firewalls.get(ctx.team.id, ctx.params.id);
      return f ? fn(f, ctx) : notFound('Firewall', ctx.params.id);
    });
  const bodyOf = async (ctx: Ctx, fn: (a: Attachment) => Response) => {
    const body = await readJson(ctx.request);
    if (!body.ok) return body.response;
    const a = attachment(body.body, ctx);
    return 'errors' in a ? invalid(a.errors) : fn(a);
  };
  const same = (a: Attachment) => (x: Attachment) => x.type === a.type && x.id === a.id;
  return [
    http.post(
      `${base}/attach`,
      withFirewall((f, ctx) =>
        bodyOf(ctx, (a) => {
          if (f.attachments.some(same(a))) return refuse(422, 'Firewall is already attached to this instance');
          f.attachments.push(a);
          f.updatedAt = ctx.now;
          if (legacyStatus(f.life, ctx.now) !== 'draft') apply(f, ctx.now);
          return message(200, 'Firewall attachment initiated');
        }),
      ),
    ),
    http.post(
      `${base}/detach`,
      withFirewall((f, ctx) =>
        bodyOf(ctx, (a) => {
          if (!f.attachments.some(same(a))) return refuse(422, 'Firewall is not attached to this instance');
          f.attachments = f.attachments.filter((x) => !same(a)(x));
          f.updatedAt = ctx.now;
          return message(200, 'Firewall detached successfully');
        }),
      ),
    ),
    http.post(
      `${base}/deploy`,
      withFirewall((f, ctx) => {
        if (inFlight(f.life, ctx.now)) return refuse(422, 'Firewall is already being applied', { status: legacyStatus(f.life, ctx.now) });
        apply(f, ctx.now);
        return message(200, 'Firewall deployment initiated');
      }),
    ),
  ];
}

export function firewallHandlers(world: World) {
  return [...firewallActions(world), ...familyHandlers(world, firewallFamily)];
}

const seedRule = (id: string, order: number, name: string | null, port: number, sources: string[] | null): RuleRecord => ({
  id,
  name,
  action: 'allow',
  direction: 'inbound',
  protocol: 'tcp',
  port_range_start: port,
  port_range_end: port,
  source_ips: sources,
  order,
});

/** Team 1: `default` (SSH from anywhere) and `web-ingress` (HTTP(S) and office SSH, attached to vps-01). */
function seedFirewalls(w: World, now: number): void {
  const ids = SEED_IDS.firewalls;
  w.firewalls.add(newFirewall({ id: ids.default, teamId: MAIN_TEAM, name: 'default', isDefault: true, createdAt: now - 200 * DAY, rules: [seedRule(`${ids.default}-r1`, 1, null, 22, null)] }));
  w.firewalls.add(
    newFirewall({
      id: ids.web,
      teamId: MAIN_TEAM,
      name: 'web-ingress',
      description: 'HTTP(S) from anywhere, SSH from the office',
      createdAt: now - 150 * DAY,
      updatedAt: now - 20 * DAY,
      rules: [
        seedRule(`${ids.web}-r1`, 1, 'https', 443, ['0.0.0.0/0', '::/0']),
        seedRule(`${ids.web}-r2`, 2, 'http', 80, ['0.0.0.0/0', '::/0']),
        seedRule(`${ids.web}-r3`, 3, 'ssh office', 22, ['198.51.100.0/24']),
      ],
      attachments: [{ type: 'vps', id: SEED_IDS.vps[0]! }],
    }),
  );
}

declare module '../state/world.js' {
  interface World {
    firewalls: TeamStore<FirewallRecord>;
  }
}

export const firewallModule: SimModule = { name: 'firewalls', stores: { firewalls: () => new TeamStore<FirewallRecord>() }, seed: seedFirewalls, routes: firewallHandlers };
