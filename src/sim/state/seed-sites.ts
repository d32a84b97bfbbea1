// The seeded static sites. Team 1: `docs` (three deployments, the third serving; one domain
// verified, one pending), `blog` (its latest build failed: degraded, the first deployment
// serves), `landing` (created, nothing deployed). Team 2: its own `docs`.
import { DAY, HOUR, MINUTE } from '../clock.js';
import { MAIN_TEAM, STAGING_TEAM } from './auth.js';
import { newSite } from '../families/static-sites.js';
import { uuidFrom } from './ids.js';
import { startDeploy, type StaticSiteRecord } from './static-sites.js';
import type { World } from './world.js';

const seedId = (name: string) => uuidFrom(`seed/static-site/${name}`);

/** Ids of the seeded sites (part of SEED_IDS). */
export const SITE_IDS = { docs: seedId('docs'), blog: seedId('blog'), landing: seedId('landing'), stagingDocs: seedId('staging-docs') } as const;

const BUILD = { error: null, fileCount: 42, bytes: 3_145_728 };

function site(w: World, id: string, teamId: number, name: string, plan: string, at: number, description: string | null = null): StaticSiteRecord {
  const s = w.staticSites.add(newSite(w, teamId, name, plan, at, { id, description }));
  s.life.ops.push({ kind: 'create', during: 'pending', after: 'pending', ms: 10_000, at, endAt: at + 10_000, fails: false });
  return s;
}

export function seedStaticSites(w: World, now: number): void {
  const docs = site(w, SITE_IDS.docs, MAIN_TEAM, 'docs', 'starter', now - 120 * DAY, 'Product documentation');
  startDeploy(docs, seedId('docs/r1'), now - 30 * DAY, BUILD);
  startDeploy(docs, seedId('docs/r2'), now - 10 * DAY, { ...BUILD, fileCount: 44 });
  startDeploy(docs, seedId('docs/r3'), now - 2 * DAY, { ...BUILD, fileCount: 45, bytes: 3_276_800 });
  docs.domains.push(
    { id: seedId('domain/docs.acme.test'), domain: 'docs.acme.test', createdAt: now - 100 * DAY, verifyAt: now - 100 * DAY, primary: true },
    { id: seedId('domain/help.acme.test'), domain: 'help.acme.test', createdAt: now - HOUR, verifyAt: null, primary: false },
  );
  const blog = site(w, SITE_IDS.blog, MAIN_TEAM, 'blog', 'free', now - 60 * DAY);
  startDeploy(blog, seedId('blog/r1'), now - 20 * DAY, { ...BUILD, fileCount: 12, bytes: 524_288 });
  startDeploy(blog, seedId('blog/r2'), now - 45 * MINUTE, { error: 'No index.html at the root of the archive: the site would have no home page.', fileCount: 11, bytes: 498_000 });
  site(w, SITE_IDS.landing, MAIN_TEAM, 'landing', 'free', now - DAY);
  const staging = site(w, SITE_IDS.stagingDocs, STAGING_TEAM, 'docs', 'free', now - 10 * DAY);
  startDeploy(staging, seedId('staging-docs/r1'), now - 5 * DAY, BUILD);
}
