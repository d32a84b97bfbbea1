// `serverless deploy <id> [--dir PATH | --archive FILE] [--include PATH]... [--dry-run] [--wait]`:
// builds the container from source. A directory is packed into a ZIP archive (deploy-pack.ts:
// .gitignore/.dockerignore/.infraignore, never .git, no node_modules unless asked, secrets
// only when named, size limits), streamed as multipart `file` with progress (kit/upload.ts;
// 202, status building); --dry-run shows what would be packed and sends nothing. With --wait: the build is followed (builds/latest) to its end, then
// the rollout of the built image, judged against the container as read BEFORE the upload
// (docs/behaviour.md#waits-without-generations: the deploy's answer and the build are never the rollout's verdict).
import { pathValue } from '../../cli/options.js';
import { resourceArg, defineCommand, flag, list, option } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { UsageError } from '../../cli/errors.js';
import { BuildsApi, type Build } from '../../client/builds.js';
import { operationWaitOptions, waitFlagsOf } from '../kit/wait/flags.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { archiveOfSource, deploySource, includePath, MAX_FILE_BYTES, MAX_TOTAL_BYTES, type Source } from './deploy-pack.js';
import type { App } from '../../cli/app.js';
import type { WaitFlags } from '../kit/wait/flags.js';
import { archiveWhat, showPlan } from '../kit/pack.js';
import { uploadWithProgress } from '../kit/upload.js';
import { buildLabel, waitForBuild } from './builds-status.js';
import { changeAndWait, prepareChange, type Accepted } from '../kit/wait/container-flow.js';
import { guardedWait, guardOf, guardOptions } from './guard.js';
import { humanSize } from '../../output/size.js';

/**
 * Packs (before any request: a file that changes or cannot be read stops the deploy with
 * nothing sent), reads the baselines, then streams the archive with progress.
 */
async function upload(app: App, source: Source, ref: string, flags: WaitFlags) {
  const archive = await archiveOfSource(source, app.ctx.signal);
  try {
    const client = await app.client();
    const builds = new BuildsApi(client.http);
    // The reads before the upload: the rollout's baseline and the build that is not this one.
    // A rollout already running is settled first with --wait on a server without generations (docs/behaviour.md#waits-running).
    const prepared = await prepareChange(app, client, ref, flags);
    const { id, name } = prepared;
    const previous = flags.wait ? (await builds.latest(id, { signal: app.ctx.signal })).value : null;
    app.info(`${archiveWhat(archive, source.kind === 'directory' ? source.shown : undefined)}; uploading ${humanSize(archive.size)} to ${name} (id ${id})`);
    const check = `see whether a build started: infra serverless builds show ${id}`;
    const accepted = await uploadWithProgress(app, archive, { json: flags.progress === 'json', check }, (body, o) => builds.deploy(id, body, o));
    return { client, builds, prepared, previous, accepted };
  } finally {
    await archive.dispose();
  }
}

export default defineCommand({
  path: ['serverless', 'deploy'],
  description: 'build a container from source: upload a directory (packed into a ZIP archive) or a .zip archive; --wait follows the build, then the rollout',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: {
    dir: option('--dir <path>', 'directory to pack and upload, with the Dockerfile at its root (default: .)', pathValue('--dir')),
    archive: option('--archive <file>', 'upload this .zip archive as it is instead of packing a directory', pathValue('--archive')),
    includeNodeModules: flag('--include-node-modules', 'pack node_modules directories too (left out by default: the build installs them)'),
    include: list('--include <path>', 'pack this file or directory even though it looks like a secret (.env, .npmrc, keys, .ssh/ ...; left out by default); repeatable', pathValue('--include')),
    dryRun: flag('--dry-run', 'list what would be packed, with sizes, and what is left out and why; send nothing'),
    ...operationWaitOptions('build and the rollout of the built image'),
    ...guardOptions(),
  },
  examples: [
    'infra serverless deploy web --dry-run',
    'infra serverless deploy web --wait',
    'infra serverless deploy web --dir ./service --wait --timeout 20m',
    'infra serverless deploy web --archive build/source.zip',
    'infra serverless deploy web --verify /healthz --rollback-on-failure',
  ],
  help: [
    `A directory is packed without .git, without node_modules (unless --include-node-modules), and without what its root .gitignore, .dockerignore (with a Dockerfile) and .infraignore leave out (gitignore syntax: *, **, ?, trailing / for directories, leading / to anchor, ! to re-include; see the README). A file over ${humanSize(MAX_FILE_BYTES)}, or more than ${humanSize(MAX_TOTAL_BYTES)} in all, is refused (exit 2) and nothing is sent.`,
    'Files that may hold secrets (.env*, .npmrc, .pypirc, .netrc, private keys, .aws/, .ssh/ ...) are left out with a warning unless named with --include PATH or a !PATH line in .infraignore. A name with a backslash, a control character, a `..` segment or bytes that are not UTF-8 is refused (exit 2). --dry-run shows the plan.',
    'The upload shows its progress; it fails only when the server takes no bytes for INFRA_HTTP_TIMEOUT (default 60s), however long it takes. Ctrl-C says how far it got (exit 130).',
    'With --wait: exit 1 when the build fails (its error is printed) or is cancelled, then as for update --wait: 0 ready, 3 degraded, 1 failed, 6 timeout (--timeout covers both). Without --wait: infra serverless builds show <id> follows the build.',
  ].join('\n'),
  run: async (app, { args: [ref], opts }) => {
    const guard = guardOf(opts);
    const flags = waitFlagsOf(opts, guard !== undefined, 'the build and the rollout');
    if (opts.dir !== undefined && opts.archive !== undefined)
      throw new UsageError('--dir and --archive cannot be used together; nothing was sent', 'give a directory to pack (--dir) or an archive to upload as it is (--archive)');
    const source = await deploySource({ dir: opts.dir, archive: opts.archive }, { includeNodeModules: opts.includeNodeModules, include: opts.include.map(includePath) });
    for (const w of source.warnings) app.warn(w);
    if (opts.dryRun) {
      if (flags.wait) throw new UsageError(`--dry-run sends nothing, so there is nothing to ${guard ? 'guard' : '--wait for'}`);
      if (source.kind === 'directory') await showPlan(app, source.root, source.shown, source.plan);
      else app.print(`would upload ${archiveWhat(source.archive, undefined)} as it is`);
      return ExitCode.OK;
    }
    const { client, builds, prepared, previous, accepted } = await upload(app, source, ref, flags);
    const { id, name } = prepared;
    app.info(`upload accepted${accepted.value.status ? `: ${accepted.value.status}` : ''}`);
    if (!flags.wait) {
      if (app.json) app.printJson(accepted.raw);
      else app.hint(`follow the build with: infra serverless builds show ${id} --wait`);
      return ExitCode.OK;
    }
    // --timeout covers the build and the rollout together: the rollout gets what the build left.
    // The finished build is the write the rollout follows, judged against the settled read
    // before the upload (docs/behaviour.md#waits-baseline: never the build's answer).
    const started = app.ctx.clock.now();
    let latest: Build | null = null;
    const build = async (): Promise<Accepted> => {
      await waitForBuild(app, client, { id, name, previousId: previous?.id ?? null }, flags);
      latest = (await builds.latest(id, { signal: app.ctx.signal })).value;
      return { accepted: true };
    };
    const image = (b: Build | null) => `rolling out ${b?.built_image_ref ?? `the image of build ${b ? buildLabel(b) : ''}`.trim()} to`;
    return changeAndWait(app, client, prepared, build, { verb: () => image(latest), waitingSince: started, ...(guard ? { guard: guardedWait(app, client, guard) } : {}) });
  },
});
