// A directory linked to a static site (`static-sites link`): `.infra/site.json` in it names the
// site, the host and the project it belongs to, and the directory to deploy, so `static-sites
// deploy` run there needs no arguments. No token and nothing secret: the file may be committed.
// It is data from disk: read with a size limit, every field checked, and a link made for another
// host or project is refused rather than followed (docs/decisions.md#linked-directories).
import { lstatSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../cli/errors.js';
import { writeFileAtomic } from '../../cli/locked-file.js';

export const LINK_DIR = '.infra';
export const LINK_FILE = 'site.json';
const MAX_BYTES = 16 * 1024;

export interface SiteLink {
  site_id: string;
  site_name: string;
  api_url: string;
  /** The project the site was linked in (as given: id or name), null for the token's default. */
  project: string | null;
  /** The directory to deploy, relative to the linked one; null: give it to deploy. */
  path: string | null;
}

export const linkPath = (dir: string) => join(dir, LINK_DIR, LINK_FILE);

const shortText = (v: unknown, max = 2048): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/** The link of `dir`, undefined when it has none; a file that is not one is exit 2, never guessed at. */
export function readLink(dir: string): SiteLink | undefined {
  const file = linkPath(dir);
  const st = statOf(file);
  if (!st) return undefined;
  const bad = (why: string) => new UsageError(`${file} is not a site link (${why})`, 'link the directory again: infra static-sites link <site>');
  if (!st.isFile()) throw bad('not a regular file');
  if (st.size > MAX_BYTES) throw bad(`${st.size} bytes`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw bad('not JSON');
  }
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (!shortText(r.site_id, 200) || !/^[\w.-]+$/.test(r.site_id)) throw bad('no site_id');
  if (!shortText(r.api_url) || !/^https?:\/\//.test(r.api_url)) throw bad('no api_url');
  if (r.project !== null && r.project !== undefined && !shortText(r.project, 200)) throw bad('a bad project');
  if (r.path !== null && r.path !== undefined && !shortText(r.path)) throw bad('a bad path');
  return {
    site_id: r.site_id,
    site_name: shortText(r.site_name, 200) ? r.site_name : r.site_id,
    api_url: r.api_url,
    project: (r.project as string | undefined) ?? null,
    path: (r.path as string | undefined) ?? null,
  };
}

export function writeLink(dir: string, link: SiteLink): string {
  mkdirSync(join(dir, LINK_DIR), { recursive: true });
  const file = linkPath(dir);
  writeFileAtomic(file, `${JSON.stringify(link, null, 2)}\n`);
  return file;
}

/** Removes the link of `dir`, readable or not; false when there was none. */
export function removeLink(dir: string): boolean {
  const file = linkPath(dir);
  const st = statOf(file);
  if (!st) return false;
  if (!st.isFile()) throw new UsageError(`${file} is not a site link (not a regular file); nothing was removed`);
  rmSync(file);
  return true;
}

function statOf(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

/**
 * The link's site, when it was made for the host and project in use: a deploy to a site id of
 * another host or project would send the token elsewhere or reach the wrong site.
 */
export function linkedSite(link: SiteLink, apiUrl: string, project: string | undefined): string {
  const where = `${join(LINK_DIR, LINK_FILE)} links ${link.site_name}`;
  if (link.api_url !== apiUrl) throw new UsageError(`${where} on ${link.api_url}, but infra talks to ${apiUrl}`, `pass --api-url ${link.api_url}, or link again: infra static-sites link <site>`);
  if ((link.project ?? undefined) !== project)
    throw new UsageError(
      `${where} in project ${link.project ?? '(the default)'}, but the project in use is ${project ?? '(the default)'}`,
      link.project ? `pass --project ${link.project}, or link again: infra static-sites link <site>` : 'run without --project, or link again: infra static-sites link <site>',
    );
  return link.site_id;
}
