// `serverless deploy <id> [--dir PATH | --archive FILE] [--wait]`: builds the container from
// source. A directory is packed into a ZIP archive (deploy-pack.ts: .gitignore/.infraignore,
// never .git, no node_modules unless asked, size limits), uploaded as multipart `file`
// (202, status building). With --wait: the build is followed (builds/latest) to its end, then
// the rollout of the built image, judged against the container as read BEFORE the upload
// (docs/behaviour.md#waits-without-generations: the deploy's answer and the build are never the rollout's verdict).
import { InvalidArgumentError } from 'commander';
import { resourceArg, defineCommand, flag, option } from '../../cli/command.js';
import { CONTAINERS } from '../../client/families.js';
import { UsageError } from '../../cli/errors.js';
import { BuildsApi } from '../../client/builds.js';
import { operationWaitOptions, waitFlagsOf } from '../resource/wait.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { sourceArchive, MAX_FILE_BYTES, MAX_TOTAL_BYTES } from './deploy-pack.js';
import { buildLabel, waitForBuild } from './builds-status.js';
import { baselineOf, type Target } from '../../rollout/decide.js';
import { afterChange, changeTarget, prepareChange } from './wait-flow.js';
import { humanSize } from '../../output/size.js';

/** A path option: any text but an empty one (which would mean the current directory by accident). */
function pathValue(name: string) {
  return (value: string): string => {
    if (value.trim() === '') throw new InvalidArgumentError(`${name} needs a path.`);
    return value;
  };
}

export default defineCommand({
  path: ['serverless', 'deploy'],
  description: 'build a container from source: upload a directory (packed into a ZIP archive) or a .zip archive; --wait follows the build, then the rollout',
  args: [resourceArg('<id>', 'container id, name or slug', CONTAINERS)],
  options: {
    dir: option('--dir <path>', 'directory to pack and upload, with the Dockerfile at its root (default: .)', pathValue('--dir')),
    archive: option('--archive <file>', 'upload this .zip archive as it is instead of packing a directory', pathValue('--archive')),
    includeNodeModules: flag('--include-node-modules', 'pack node_modules directories too (left out by default: the build installs them)'),
    ...operationWaitOptions('build and the rollout of the built image'),
  },
  examples: ['infra serverless deploy web --wait', 'infra serverless deploy web --dir ./service --wait --timeout 20m', 'infra serverless deploy web --archive build/source.zip'],
  help: [
    `A directory is packed without .git, without node_modules (unless --include-node-modules), and without what its root .gitignore and .infraignore leave out (gitignore syntax: *, **, ?, trailing / for directories, leading / to anchor, ! to re-include; see the README). A file over ${humanSize(MAX_FILE_BYTES)}, or more than ${humanSize(MAX_TOTAL_BYTES)} in all, is refused (exit 2) and nothing is sent.`,
    'With --wait: exit 1 when the build fails (its error is printed) or is cancelled, then as for update --wait: 0 ready, 3 degraded, 1 failed, 6 timeout (--timeout covers both). Without --wait: infra serverless builds show <id> follows the build.',
  ].join('\n'),
  run: async (app, { args: [ref], opts }) => {
    const flags = waitFlagsOf(opts, false, 'the build and the rollout');
    if (opts.dir !== undefined && opts.archive !== undefined)
      throw new UsageError('--dir and --archive cannot be used together; nothing was sent', 'give a directory to pack (--dir) or an archive to upload as it is (--archive)');
    const archive = await sourceArchive({ dir: opts.dir, archive: opts.archive }, { includeNodeModules: opts.includeNodeModules });
    for (const w of archive.warnings) app.warn(w);
    const client = await app.client();
    const builds = new BuildsApi(client.http);
    // The reads before the upload: the rollout's baseline and the build that is not this one.
    // A rollout already running is settled first with --wait on a server without generations (6.8c).
    const prepared = await prepareChange(app, client, ref, flags);
    const { id, name } = prepared;
    const previous = flags.wait ? (await builds.latest(id, { signal: app.ctx.signal })).value : null;
    app.info(`${archive.what}; uploading ${humanSize(archive.bytes.length)} to ${name} (id ${id})`);
    const accepted = await builds.deploy(id, new Uint8Array(archive.bytes), archive.filename, { signal: app.ctx.signal });
    app.info(`upload accepted${accepted.value.status ? `: ${accepted.value.status}` : ''}`);
    if (!flags.wait) {
      if (app.json) app.printJson(accepted.raw);
      else app.hint(`follow the build with: infra serverless builds show ${id} --wait`);
      return ExitCode.OK;
    }
    // --timeout covers the build and the rollout together: the rollout gets what the build left.
    const started = app.ctx.clock.now();
    await waitForBuild(app, client, { id, name, previousId: previous?.id ?? null }, flags);
    const latest = (await builds.latest(id, { signal: app.ctx.signal })).value;
    const rolloutFlags = { ...prepared.flags, timeoutMs: Math.max(1_000, prepared.flags.timeoutMs - (app.ctx.clock.now() - started)) };
    // The read after the build: its generation where the server bumped one, else the server's
    // last word before the rollout (docs/behaviour.md#waits-baseline), judged against the settled read before the upload.
    const after = (await client.serverless.get(id, { signal: app.ctx.signal })).container;
    const g = after.spec_generation ?? undefined;
    const bumped = g !== undefined && g !== (prepared.before.spec_generation ?? undefined);
    const target: Target = bumped ? { generation: g, baseline: baselineOf(prepared.before) } : changeTarget({ ...after, spec_generation: undefined }, prepared);
    return afterChange(
      app,
      client,
      {
        id,
        name,
        target,
        start: bumped ? { initial: after } : { initial: after, firstReadIsBaseline: true },
        verb: `rolling out ${latest?.built_image_ref ?? `the image of build ${latest ? buildLabel(latest) : ''}`.trim()} to`,
      },
      rolloutFlags,
    );
  },
});
