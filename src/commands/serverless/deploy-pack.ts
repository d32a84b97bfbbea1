// What `serverless deploy` uploads: a directory packed into a ZIP archive by the one packer
// (src/commands/kit/pack*.ts), or a given .zip archive as it is. Everything is checked before
// any request, and every refusal is a usage error (exit 2) saying that nothing was sent. The
// walk leaves out `.git` always, `node_modules` unless asked, what the root `.gitignore`,
// `.dockerignore` (a Dockerfile build: Docker would) and `.infraignore` say, and files that
// may hold secrets unless named (docs/security/uploads.md); sizes are checked from the
// directory entries before any file is read.
import { lstat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { UsageError } from '../../cli/errors.js';
import { humanSize } from '../../output/size.js';
import { givenArchive, packPlan, type UploadArchive } from '../kit/pack.js';
import { planDirectory, secretsWarning, type PackPlan } from '../kit/pack-walk.js';

/** The largest file packed: bigger ones are build outputs or data, not source. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** The most packed in all (before compression), and the largest archive sent as it is. */
export const MAX_TOTAL_BYTES = 200 * 1024 * 1024;

export interface PackOptions {
  includeNodeModules?: boolean;
  /** Paths packed even when they look like secrets (--include). */
  include?: readonly string[];
  maxFileBytes?: number;
  maxTotalBytes?: number;
}

/** What to upload, before anything is packed: a directory's plan, or a given archive. */
export type Source = { kind: 'directory'; root: string; shown: string; plan: PackPlan; warnings: string[] } | { kind: 'archive'; archive: UploadArchive; warnings: string[] };

/** `--include ./a/b/` as the walk names it: `a/b`. */
export function includePath(value: string): string {
  return value.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
}

function linksWarning(plan: PackPlan): string[] {
  const links = plan.leftOut.filter((l) => l.reason.startsWith('a symbolic link') || l.reason === 'not a regular file').map((l) => l.path);
  if (links.length === 0) return [];
  return [`left out ${links.length} link${links.length > 1 ? 's' : ''} or special file${links.length > 1 ? 's' : ''}: ${links.slice(0, 3).join(', ')}${links.length > 3 ? ', ...' : ''}`];
}

async function directorySource(path: string, full: string, opts: Required<PackOptions>): Promise<Source> {
  const hasDockerfile = await lstat(resolve(full, 'Dockerfile')).then(
    (s) => s.isFile(),
    () => false,
  );
  const plan = await planDirectory(full, { gitignore: true, dockerignore: hasDockerfile, includeNodeModules: opts.includeNodeModules, include: opts.include, maxFileBytes: opts.maxFileBytes });
  if (plan.files.length === 0)
    throw new UsageError(`${path} holds no files to upload; nothing was sent`, 'check .gitignore, .dockerignore and .infraignore, or give the directory with the Dockerfile');
  if (plan.totalBytes > opts.maxTotalBytes) {
    const biggest = [...plan.files]
      .sort((a, b) => b.size - a.size)
      .slice(0, 3)
      .map((f) => `${f.rel} (${humanSize(f.size)})`);
    throw new UsageError(
      `${path} holds ${humanSize(plan.totalBytes)} to upload, over the ${humanSize(opts.maxTotalBytes)} limit; nothing was sent`,
      `leave out what the build does not need with .infraignore; the largest: ${biggest.join(', ')}`,
    );
  }
  const warnings = plan.files.some((f) => f.rel === 'Dockerfile') ? [] : [`${path} has no Dockerfile at its root: the build needs one`];
  const secrets = secretsWarning(plan);
  if (secrets) warnings.push(secrets);
  warnings.push(...linksWarning(plan));
  return { kind: 'directory', root: full, shown: path, plan, warnings };
}

/** The source to upload: `--archive FILE` as it is, or `--dir PATH` (default `.`) to pack. */
export async function deploySource(src: { dir?: string; archive?: string }, options: PackOptions = {}): Promise<Source> {
  const opts: Required<PackOptions> = { includeNodeModules: false, include: [], maxFileBytes: MAX_FILE_BYTES, maxTotalBytes: MAX_TOTAL_BYTES, ...options };
  const path = src.archive ?? src.dir ?? '.';
  const full = resolve(path);
  const st = await lstat(full).catch(() => undefined);
  const flag = src.archive !== undefined ? '--archive ' : src.dir !== undefined ? '--dir ' : '';
  if (!st)
    throw new UsageError(
      `${flag}${path} does not exist; nothing was sent`,
      src.archive !== undefined ? 'give an existing .zip archive' : 'give the directory with the Dockerfile (--dir PATH, default .)',
    );
  if (src.archive !== undefined) {
    if (!st.isFile()) throw new UsageError(`--archive ${path} is not a file; nothing was sent`, 'give a .zip archive, or the directory with --dir');
    const archive = await givenArchive(`--archive ${path}`, full, opts.maxTotalBytes);
    const warnings = archive.files.includes('Dockerfile') ? [] : [`${path} has no Dockerfile at its root: the build needs one`];
    return { kind: 'archive', archive, warnings };
  }
  if (!st.isDirectory()) throw new UsageError(`--dir ${path} is not a directory; nothing was sent`, 'give a .zip archive with --archive');
  return directorySource(path, full, opts);
}

/** The archive of a source: a directory packed now (into a temporary file), a given one as it is. */
export async function archiveOfSource(source: Source, signal?: AbortSignal): Promise<UploadArchive> {
  if (source.kind === 'archive') return source.archive;
  return packPlan(source.root, source.shown, source.plan, basename(source.root) || 'source', signal);
}
