// What `static-sites deploy` sends: a given ZIP archive as it is, or a directory packed by the
// one packer (src/commands/kit/pack*.ts) into a temporary archive. A built site has no
// Dockerfile and its .gitignore describes the source tree, not the build: only .infraignore is
// read, and the rules every upload keeps (no .git, files that may hold secrets left out unless
// named, names that cannot unpack safely refused, files opened without following links).
// Everything is checked before any request: a path that does not exist, an empty directory or
// a file that is not a ZIP archive is exit 2.
import { lstat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { UsageError } from '../../cli/errors.js';
import { givenArchive, packPlan, type UploadArchive } from '../kit/pack.js';
import { planDirectory, secretsWarning, type PackPlan } from '../kit/pack-walk.js';

export type SiteSource = { kind: 'directory'; root: string; shown: string; plan: PackPlan; warnings: string[] } | { kind: 'archive'; archive: UploadArchive; warnings: string[] };

const NO_HOME = (path: string) => `${path} has no index.html at its root: the site would have no home page`;

export async function siteSource(path: string, include: readonly string[] = []): Promise<SiteSource> {
  const full = resolve(path);
  const st = await lstat(full).catch(() => undefined);
  if (!st) throw new UsageError(`${path} does not exist; nothing was sent`, 'give the directory of the built site (./dist, ./public) or a .zip archive');
  if (st.isFile()) {
    const archive = await givenArchive(path, full, undefined);
    return { kind: 'archive', archive, warnings: archive.files.includes('index.html') ? [] : [NO_HOME(path)] };
  }
  if (!st.isDirectory()) throw new UsageError(`${path} is neither a directory nor a ZIP archive; nothing was sent`);
  // node_modules of a built site is content like any other (a site may serve from it).
  const plan = await planDirectory(full, { gitignore: false, dockerignore: false, includeNodeModules: true, include });
  if (plan.files.length === 0) throw new UsageError(`${path} holds no files; nothing was sent`, 'build the site first, then deploy the directory it was built into');
  const warnings: string[] = [];
  if (!plan.files.some((f) => f.rel === 'index.html')) warnings.push(NO_HOME(path));
  const secrets = secretsWarning(plan);
  if (secrets) warnings.push(secrets);
  const links = plan.leftOut.filter((l) => l.reason.startsWith('a symbolic link') || l.reason === 'not a regular file').map((l) => l.path);
  if (links.length)
    warnings.push(`left out ${links.length} link${links.length > 1 ? 's' : ''} or special file${links.length > 1 ? 's' : ''}: ${links.slice(0, 3).join(', ')}${links.length > 3 ? ', ...' : ''}`);
  return { kind: 'directory', root: full, shown: path, plan, warnings };
}

/** The archive of a source: a directory packed now (into a temporary file), a given one as it is. */
export function siteArchive(source: SiteSource, signal?: AbortSignal): Promise<UploadArchive> {
  if (source.kind === 'archive') return Promise.resolve(source.archive);
  return packPlan(source.root, source.shown, source.plan, basename(source.root) || 'site', signal);
}

/** `3 files from ./dist` or `site.zip`, for messages. */
export function siteWhat(source: SiteSource, archive: UploadArchive): string {
  const n = archive.files.length;
  return source.kind === 'directory' ? `${n} file${n === 1 ? '' : 's'} from ${source.shown}` : archive.filename;
}
