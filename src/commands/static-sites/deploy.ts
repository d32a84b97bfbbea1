// `static-sites deploy <site> <path>` (or, in a directory linked by `static-sites link`, `deploy
// [path]`: the site and the default path from the link, link-file.ts): a directory (packed into a ZIP archive by the one
// packer, pack.ts) or an archive, streamed as multipart/form-data `file` with progress
// (kit/upload.ts); --dry-run shows what would be packed and sends nothing. The API answers 202 without the site, so the
// wait compares the site's reads with the one taken before the upload (docs/behaviour.md#waits-without-generations).
import { resourceArg, arg, defineCommand, flag, list } from '../../cli/command.js';
import { showPlan } from '../kit/pack.js';
import { uploadWithProgress } from '../kit/upload.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { UsageError } from '../../cli/errors.js';
import { humanSize } from '../../output/size.js';
import { pathValue } from '../../cli/options.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { subjectOf, waitForOperation } from '../kit/wait/operation.js';
import { SITES } from './family.js';
import { siteFor } from './site.js';
import { siteArchive, siteSource, siteWhat, type SiteSource } from './pack.js';
import { resolve } from 'node:path';
import { LINK_DIR, LINK_FILE, linkedSite, readLink } from './link-file.js';
import type { App } from '../../cli/app.js';
import type { WaitFlags } from '../kit/wait/flags.js';

/**
 * The site and the path: both given; or one (the path) or none in a directory linked to a site,
 * whose link must be for the host and project in use (link-file.ts).
 */
function whatToDeploy(app: App, first: string | undefined, second: string | undefined): { ref: string; path: string; linkedName?: string } {
  if (first !== undefined && second !== undefined) return { ref: first, path: second };
  const link = readLink(resolve('.'));
  if (!link) {
    const usage = first === undefined ? 'deploy needs a site and a path' : `deploy needs a site and a path: ${first} alone is not enough here`;
    throw new UsageError(usage, 'infra static-sites deploy <site> <path>, or link this directory once: infra static-sites link <site> --path dist');
  }
  const ref = linkedSite(link, app.requireApiUrl(), app.settings.project);
  const path = first ?? link.path;
  if (path === null)
    throw new UsageError(
      `this directory is linked to ${link.site_name} but names no path to deploy`,
      'infra static-sites deploy <path>, or link with --path: infra static-sites link <site> --path dist',
    );
  app.info(`deploying to ${link.site_name} (linked in ${LINK_DIR}/${LINK_FILE})`);
  return { ref, path, linkedName: link.site_name };
}

/**
 * Packs (before any request: a file that changes or cannot be read stops the deploy with
 * nothing sent), reads the site, then streams the archive with progress.
 */
async function upload(app: App, source: SiteSource, ref: string, flags: WaitFlags, linkedName?: string) {
  const archive = await siteArchive(source, app.ctx.signal);
  try {
    // A linked site is named by its id, which a read without --wait does not turn into a name.
    const found = await siteFor(app, ref, flags.wait);
    const site = { ...found, name: found.name === found.id && linkedName ? linkedName : found.name };
    const { client, id, name } = site;
    app.info(`uploading ${siteWhat(source, archive)} (${humanSize(archive.size)}) to ${name} (id ${id})`);
    const check = `see the site's deployments: infra static-sites deployments ${id}`;
    const accepted = await uploadWithProgress(app, archive, { json: flags.progress === 'json', check }, (body, o) => client.staticSites.deploy(id, body, o));
    return { site, accepted };
  } finally {
    await archive.dispose();
  }
}

export default defineCommand({
  path: ['static-sites', 'deploy'],
  description: 'deploy a directory (packed into a ZIP archive) or a .zip archive to a static site; --wait until it is built and live',
  args: [resourceArg('[id]', 'static site id, name or slug (in a linked directory: leave out)', SITES.kind), arg('[path]', 'directory of the built site, or a .zip archive')],
  options: {
    include: list('--include <path>', 'pack this file or directory even though it looks like a secret (.env, .npmrc, keys ...; left out by default); repeatable', pathValue('--include')),
    dryRun: flag('--dry-run', 'list what would be packed, with sizes, and what is left out and why; send nothing'),
    ...operationWaitOptions('build and deployment'),
  },
  examples: [
    'infra static-sites deploy docs ./dist --wait',
    'infra static-sites deploy docs site.zip',
    'infra static-sites deploy docs ./public --wait --timeout 10m --json',
    'infra static-sites link docs --path dist && infra static-sites deploy --wait',
  ],
  help: "A deploy builds the content, then rolls it out; the previous deployment serves until then, and keeps serving if the build fails (the site is then degraded, exit 3 with --wait). 'infra static-sites deployments <site>' lists what was deployed; 'infra static-sites activate <site> <deployment>' goes back to one.",
  run: async (app, { args, opts }) => {
    const flags = waitFlagsOf(opts);
    const { ref, path, linkedName } = whatToDeploy(app, args[0], args[1]);
    const source = await siteSource(
      path,
      opts.include.map((p) => p.replace(/^(\.\/)+/, '').replace(/\/+$/, '')),
    );
    for (const w of source.warnings) app.warn(w);
    if (opts.dryRun) {
      if (flags.wait) throw new UsageError('--dry-run sends nothing, so there is nothing to --wait for');
      if (source.kind === 'directory') await showPlan(app, source.root, source.shown, source.plan);
      else app.print(`would upload ${source.archive.filename} (${source.archive.files.length} files) as it is`);
      return ExitCode.OK;
    }
    const { site, accepted } = await upload(app, source, ref, flags, linkedName);
    const { client, id, before, name } = site;
    app.info(`deployment of ${name} accepted${accepted.value.status ? `: ${accepted.value.status}` : ''}`);
    if (!flags.wait) {
      if (app.json) app.printJson(accepted.raw);
      return;
    }
    return waitForOperation(app, client, SITES, subjectOf(SITES, 'deploy', id, name, before), flags);
  },
});
