// Static sites (real-api /static-sites): a family of the generic engine (list, show, create,
// destroy; list and create also under /teams/{team}/static-sites) plus what is special: deploy
// (multipart `file`, a ZIP archive), its build (builds/latest), deployments and their
// activation, custom domains and their verification, and a diagnose of its own that names
// unverified domains and failed builds. State and timing: state/static-sites.ts.
import { http } from 'msw';
import { DAY, HOUR, iso, MINUTE, SECOND } from '../clock.js';
import { API, envelope, guarded, invalid, json, message, notFound, paginate, readJson, refuse, type Ctx } from '../http/common.js';
import { familyHandlers, nowOf, type FamilyDef } from '../http/family.js';
import { begin, isGone, legacyStatus, lifecycle } from '../state/lifecycle.js';
import {
  busyOp,
  currentDeployment,
  deploymentJson,
  deploymentStatus,
  domainJson,
  latestBuildJson,
  PLAN_CENTS,
  siteDetails,
  slugOf,
  startDeploy,
  buildError,
  ROLLOUT_MS,
  type StaticSiteRecord,
} from '../state/static-sites.js';
import { MAIN_TEAM, STAGING_TEAM } from '../state/auth.js';
import { uuidFrom } from '../state/ids.js';
import { SITE_IDS } from '../state/seed.js';
import { TeamStore } from '../state/store.js';
import type { SimModule, World } from '../state/world.js';
import { looksLikeZip, zipEntries } from '../../shared/zip.js';
import { siteDiagnosis } from './static-site-diagnose.js';

const LABELS: Record<string, string> = { pending: 'Pending', building: 'Building', deploying: 'Deploying', active: 'Active', stopped: 'Stopped', error: 'Error', suspended: 'Suspended' };
const PLANS = Object.keys(PLAN_CENTS);
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export function siteUrl(s: StaticSiteRecord, teamName: string): string {
  return `https://${s.slug}-${teamName}.sites.sim.local`;
}

export const staticSiteFamily: FamilyDef<StaticSiteRecord> = {
  path: 'static-sites',
  model: 'StaticSite',
  permission: 'static-site',
  wrapper: 'data',
  family: 'static_site',
  teamPath: true,
  store: (w) => w.staticSites,
  view: (s, at, ctx) => {
    const details = siteDetails(s, at.details, at.now);
    const cur = currentDeployment(s, at.now);
    return {
      id: s.id,
      name: s.name,
      slug: s.slug,
      description: s.description,
      status: at.status,
      status_label: LABELS[at.status] ?? 'Pending',
      status_details: details,
      capabilities: { logs: false, events: false, diagnose: true },
      last_error: details.error?.message ?? null,
      plan: s.plan,
      deploy_method: 'upload',
      url: siteUrl(s, ctx.team.name),
      deployment_count: s.deployments.filter((d) => d.at <= at.now).length,
      storage_bytes_used: cur?.bytes ?? 0,
      monthly_cost_cents: PLAN_CENTS[s.plan] ?? 0,
      deployed_at: cur ? iso(cur.readyAt) : null,
      created_at: iso(s.createdAt),
      updated_at: iso(s.updatedAt),
    };
  },
  create: {
    message: 'Static site created successfully.',
    // A new site is provisioned, then waits for its first deploy (legacy status `pending`).
    op: { during: 'pending', after: 'pending', ms: 10 * SECOND },
    build: (body, ctx) => {
      const errors: Record<string, string[]> = {};
      const name = body.name;
      if (typeof name !== 'string' || name.trim() === '') errors.name = [name === undefined || name === null || name === '' ? 'The name field is required.' : 'The name field must be a string.'];
      else if (name.length > 255) errors.name = ['The name field must not be greater than 255 characters.'];
      else if (ctx.world.staticSites.list(ctx.team.id).some((s) => s.name === name && !isGone(s.life, ctx.now))) errors.name = ['The name has already been taken.'];
      const plan = body.plan ?? 'free';
      if (typeof plan !== 'string' || !PLANS.includes(plan)) errors.plan = ['The selected plan is invalid.'];
      if (Object.keys(errors).length) return { errors };
      return { record: newSite(ctx.world, ctx.team.id, String(name), String(plan), ctx.now) };
    },
  },
  // Deletion is a route of its own (siteExtras): its 200 is `{message}` alone, its 422 `{error, status}`.
};

/** A new site record (`id` given by the seed; otherwise the next one of the world). */
export function newSite(w: World, teamId: number, name: string, plan: string, at: number, extra: { id?: string; description?: string | null } = {}): StaticSiteRecord {
  const taken = new Set(w.staticSites.list(teamId).map((s) => s.slug));
  let slug = slugOf(name);
  for (let n = 2; taken.has(slug); n++) slug = `${slugOf(name).slice(0, 60)}-${n}`;
  return {
    id: extra.id ?? w.ids.uuid('static-site'),
    teamId,
    name,
    slug,
    description: extra.description ?? null,
    plan,
    createdAt: at,
    updatedAt: at,
    life: lifecycle(at, 'pending'),
    deployments: [],
    activations: [],
    domains: [],
  };
}

function refusalFor(s: StaticSiteRecord, now: number): Response | undefined {
  const op = busyOp(s, now);
  if (!op) return undefined;
  const why = op.kind === 'create' ? 'The site is still being created.' : op.kind === 'destroy' ? 'The site is being deleted.' : 'A deployment is already in progress.';
  return refuse(409, why);
}

async function deploy(world: World, s: StaticSiteRecord, ctx: Ctx): Promise<Response> {
  let file: FormDataEntryValue | null = null;
  try {
    file = (await ctx.request.formData()).get('file');
  } catch {
    // not multipart: no file
  }
  if (!(file instanceof Blob)) return invalid({ file: ['The file field is required.'] });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!looksLikeZip(bytes)) return invalid({ file: ['The file field must be a file of type: zip.'] });
  if (bytes.length > MAX_UPLOAD_BYTES) return invalid({ file: ['The file field must not be greater than 102400 kilobytes.'] });
  const refused = refusalFor(s, ctx.now);
  if (refused) return refused;
  const entries = zipEntries(bytes);
  const files = entries?.filter((e) => !e.name.endsWith('/')) ?? null;
  startDeploy(s, world.ids.uuid('static-site-deployment'), ctx.now, {
    error: buildError(s, files),
    fileCount: files?.length ?? null,
    bytes: files?.reduce((n, e) => n + e.size, 0) ?? bytes.length,
  });
  return json({ message: 'Deployment initiated.', site_id: s.id, status: 'building' }, 202);
}

function activate(s: StaticSiteRecord, ctx: Ctx): Response {
  const d = s.deployments.find((x) => x.id === ctx.params.dep && x.at <= ctx.now);
  if (!d) return notFound('StaticSiteDeployment', ctx.params.dep);
  const refused = refusalFor(s, ctx.now);
  if (refused) return refused;
  const status = deploymentStatus(s, d, ctx.now);
  if (status === 'failed' || status === 'building') return refuse(422, 'This deployment cannot be activated because it has no image.');
  const cur = currentDeployment(s, ctx.now);
  const op = begin(s.life, { family: 'static_site', name: s.name }, 'activate', { during: 'deploying', after: 'active', ms: ROLLOUT_MS }, ctx.now);
  s.activations.push({ deploymentId: d.id, at: ctx.now, endAt: op.endAt, fails: op.fails });
  s.updatedAt = ctx.now;
  const words = cur && d.revision < cur.revision ? 'Rollback to' : 'Activation of';
  return message(202, `${words} revision ${d.revision} initiated.`);
}

const DOMAIN = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

async function addDomain(world: World, s: StaticSiteRecord, ctx: Ctx): Promise<Response> {
  const parsed = await readJson(ctx.request);
  if (!parsed.ok) return parsed.response;
  const raw = parsed.body.domain;
  if (raw === undefined || raw === null || raw === '') return invalid({ domain: ['The domain field is required.'] });
  if (typeof raw !== 'string') return invalid({ domain: ['The domain field must be a string.'] });
  const domain = raw.trim().toLowerCase();
  if (!DOMAIN.test(domain)) return invalid({ domain: ['The domain field format is invalid.'] });
  const taken = world.staticSites.all().some((x) => !isGone(x.life, ctx.now) && x.domains.some((d) => d.domain === domain));
  if (taken) return invalid({ domain: ['The domain has already been taken.'] });
  const rec = { id: world.ids.uuid('static-site-domain'), domain, createdAt: ctx.now, verifyAt: null, primary: s.domains.length === 0 };
  s.domains.push(rec);
  return json({ message: 'Domain added. Configure the DNS TXT record to verify ownership.', data: domainJson(s, rec, ctx.team.name, ctx.now) }, 201);
}

const DELETABLE = ['pending', 'active', 'error', 'stopped', 'suspended'];

function destroy(s: StaticSiteRecord, ctx: Ctx): Response {
  const status = legacyStatus(s.life, ctx.now);
  if (busyOp(s, ctx.now) || !DELETABLE.includes(status)) return refuse(422, 'Site cannot be deleted in its current state.', { status });
  begin(s.life, { family: 'static_site', name: s.name }, 'destroy', { during: 'stopped', after: 'gone', ms: 15 * SECOND }, ctx.now);
  return message(200, 'Static site deletion initiated.');
}

function siteExtras(world: World) {
  const base = `${API}/static-sites/:id`;
  const find = (ctx: Ctx) => {
    const s = world.staticSites.get(ctx.team.id, ctx.params.id);
    return s && !isGone(s.life, ctx.now) ? s : undefined;
  };
  const withSite = (perm: string, fn: (s: StaticSiteRecord, ctx: Ctx) => Response | Promise<Response>) =>
    guarded(world, `static-site:${perm}`, (ctx) => {
      const s = find(ctx);
      return s ? fn(s, ctx) : notFound('StaticSite', ctx.params.id);
    });
  const withDomain = (perm: string, fn: (s: StaticSiteRecord, i: number, ctx: Ctx) => Response) =>
    withSite(perm, (s, ctx) => {
      const i = s.domains.findIndex((d) => d.id === ctx.params.domain);
      return i < 0 ? notFound('StaticSiteDomain', ctx.params.domain) : fn(s, i, ctx);
    });
  return [
    http.delete(base, withSite('delete', destroy)),
    http.post(
      `${base}/deploy`,
      withSite('write', (s, ctx) => deploy(world, s, ctx)),
    ),
    http.get(
      `${base}/deployments`,
      withSite('read', (s, ctx) =>
        paginate(
          ctx.url,
          s.deployments
            .filter((d) => d.at <= ctx.now)
            .sort((a, b) => b.revision - a.revision)
            .map((d) => deploymentJson(s, d, ctx.now)),
        ),
      ),
    ),
    http.get(
      `${base}/builds/latest`,
      withSite('read', (s, ctx) => json({ data: latestBuildJson(s, ctx.now) })),
    ),
    http.post(
      `${base}/deployments/:dep/activate`,
      withSite('write', (s, ctx) => activate(s, ctx)),
    ),
    http.get(
      `${base}/domains`,
      withSite('read', (s, ctx) => json({ data: s.domains.map((d) => domainJson(s, d, ctx.team.name, ctx.now)) })),
    ),
    http.post(
      `${base}/domains`,
      withSite('write', (s, ctx) => addDomain(world, s, ctx)),
    ),
    http.post(
      `${base}/domains/:domain/verify`,
      withDomain('write', (s, i, ctx) => {
        s.domains[i]!.verifyAt = ctx.now;
        return message(202, 'Verification started. This may take a few moments.');
      }),
    ),
    http.delete(
      `${base}/domains/:domain`,
      withDomain('write', (s, i) => {
        s.domains.splice(i, 1);
        return message(200, 'Domain removed successfully.');
      }),
    ),
    http.get(
      `${base}/diagnose`,
      withSite('read', (s, ctx) => {
        const at = nowOf(staticSiteFamily, s, ctx.now);
        return json(envelope(siteDiagnosis(s, siteDetails(s, at.details, ctx.now), ctx.team.name, ctx.now)));
      }),
    ),
  ];
}

export function staticSiteHandlers(world: World) {
  return [...siteExtras(world), ...familyHandlers(world, staticSiteFamily)];
}

// The seeded sites. Team 1: `docs` (three deployments, the third serving; one domain verified,
// one pending), `blog` (its latest build failed: degraded, the first deployment serves),
// `landing` (created, nothing deployed). Team 2: its own `docs`.
const siteSeedId = (name: string) => uuidFrom(`seed/static-site/${name}`);
const BUILD = { error: null, fileCount: 42, bytes: 3_145_728 };

function seedSite(w: World, id: string, teamId: number, name: string, plan: string, at: number, description: string | null = null): StaticSiteRecord {
  const s = w.staticSites.add(newSite(w, teamId, name, plan, at, { id, description }));
  s.life.ops.push({ kind: 'create', during: 'pending', after: 'pending', ms: 10_000, at, endAt: at + 10_000, fails: false });
  return s;
}

function seedStaticSites(w: World, now: number): void {
  const docs = seedSite(w, SITE_IDS.docs, MAIN_TEAM, 'docs', 'starter', now - 120 * DAY, 'Product documentation');
  startDeploy(docs, siteSeedId('docs/r1'), now - 30 * DAY, BUILD);
  startDeploy(docs, siteSeedId('docs/r2'), now - 10 * DAY, { ...BUILD, fileCount: 44 });
  startDeploy(docs, siteSeedId('docs/r3'), now - 2 * DAY, { ...BUILD, fileCount: 45, bytes: 3_276_800 });
  docs.domains.push(
    { id: siteSeedId('domain/docs.acme.test'), domain: 'docs.acme.test', createdAt: now - 100 * DAY, verifyAt: now - 100 * DAY, primary: true },
    { id: siteSeedId('domain/help.acme.test'), domain: 'help.acme.test', createdAt: now - HOUR, verifyAt: null, primary: false },
  );
  const blog = seedSite(w, SITE_IDS.blog, MAIN_TEAM, 'blog', 'free', now - 60 * DAY);
  startDeploy(blog, siteSeedId('blog/r1'), now - 20 * DAY, { ...BUILD, fileCount: 12, bytes: 524_288 });
  startDeploy(blog, siteSeedId('blog/r2'), now - 45 * MINUTE, { error: 'No index.html at the root of the archive: the site would have no home page.', fileCount: 11, bytes: 498_000 });
  seedSite(w, SITE_IDS.landing, MAIN_TEAM, 'landing', 'free', now - DAY);
  const staging = seedSite(w, SITE_IDS.stagingDocs, STAGING_TEAM, 'docs', 'free', now - 10 * DAY);
  startDeploy(staging, siteSeedId('staging-docs/r1'), now - 5 * DAY, BUILD);
}

declare module '../state/world.js' {
  interface World {
    staticSites: TeamStore<StaticSiteRecord>;
  }
}

export const staticSiteModule: SimModule = { name: 'static-sites', stores: { staticSites: () => new TeamStore<StaticSiteRecord>() }, seed: seedStaticSites, routes: staticSiteHandlers };
