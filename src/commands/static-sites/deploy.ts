// `static-sites deploy <site> <path>`: a directory (packed into a ZIP archive here) or an
// archive, sent as multipart/form-data `file`. The API answers 202 without the site, so the
// wait compares the site's reads with the one taken before the upload (contract 6.8).
import { resourceArg, arg, defineCommand } from '../../cli/command.js';
import { operationWaitOptions, subjectOf, waitFlagsOf, waitForOperation } from '../resource/wait.js';
import { SITES } from './family.js';
import { siteFor } from './site.js';
import { archiveOf } from './pack.js';

export default defineCommand({
  path: ['static-sites', 'deploy'],
  description: 'deploy a directory (packed into a ZIP archive) or a .zip archive to a static site; --wait until it is built and live',
  args: [resourceArg('<id>', 'static site id, name or slug', SITES.kind), arg('<path>', 'directory of the built site, or a .zip archive')],
  options: operationWaitOptions('build and deployment'),
  examples: ['infra static-sites deploy docs ./dist --wait', 'infra static-sites deploy docs site.zip', 'infra static-sites deploy docs ./public --wait --timeout 10m --json'],
  help: "A deploy builds the content, then rolls it out; the previous deployment serves until then, and keeps serving if the build fails (the site is then degraded, exit 3 with --wait). 'infra static-sites deployments <site>' lists what was deployed; 'infra static-sites activate <site> <deployment>' goes back to one.",
  run: async (app, { args: [ref, path], opts }) => {
    const flags = waitFlagsOf(opts);
    const archive = await archiveOf(path);
    for (const w of archive.warnings) app.warn(w);
    const { client, id, before, name } = await siteFor(app, ref, flags.wait);
    const kib = (archive.bytes.length / 1024).toFixed(1);
    app.info(`uploading ${archive.what} (${kib} KiB) to ${name} (id ${id})`);
    const accepted = await client.staticSites.deploy(id, new Uint8Array(archive.bytes), archive.filename, { signal: app.ctx.signal });
    app.info(`deployment of ${name} accepted${accepted.value.status ? `: ${accepted.value.status}` : ''}`);
    if (!flags.wait) {
      if (app.json) app.printJson(accepted.raw);
      return;
    }
    return waitForOperation(app, client, SITES, subjectOf(SITES, 'deploy', id, name, before), flags);
  },
});
