// What `static-sites deploy` sends: a given ZIP archive as it is, or a directory packed into
// one (src/shared/zip.ts, Node's own zlib). Everything is checked before any request: a path
// that does not exist, an empty directory or a file that is not a ZIP archive is exit 2.
import { lstat, readdir, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { UsageError } from '../../cli/errors.js';
import { looksLikeZip, zipEntries, zipFiles, ZipLimitError, type ZipInput } from '../../shared/zip.js';

export interface Archive {
  bytes: Buffer;
  filename: string;
  files: number;
  /** `3 files from ./dist` or `site.zip`, for messages. */
  what: string;
  warnings: string[];
}

/** Directories never packed: version control holds nothing a site serves. */
const SKIPPED_DIRS = new Set(['.git']);

async function walk(root: string, dir: string, out: ZipInput[], skipped: string[]): Promise<void> {
  const entries = await readdir(join(root, dir), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (!SKIPPED_DIRS.has(e.name)) await walk(root, rel, out, skipped);
    } else if (e.isFile()) {
      const path = join(root, rel);
      const [data, st] = await Promise.all([readFile(path), lstat(path)]);
      out.push({ name: rel, data, mtime: st.mtime, mode: st.mode & 0o777 });
    } else {
      // Links may point outside the directory, and devices or sockets are not content.
      skipped.push(rel);
    }
  }
}

export async function archiveOf(path: string): Promise<Archive> {
  const full = resolve(path);
  const st = await lstat(full).catch(() => undefined);
  if (!st) throw new UsageError(`${path} does not exist; nothing was sent`, 'give the directory of the built site (./dist, ./public) or a .zip archive');
  if (st.isFile()) {
    const bytes = await readFile(full);
    if (!looksLikeZip(bytes)) throw new UsageError(`${path} is not a ZIP archive; nothing was sent`, 'give a directory (it is packed for you) or a .zip archive');
    const entries = zipEntries(bytes);
    if (entries === null) throw new UsageError(`${path} cannot be read as a ZIP archive; nothing was sent`);
    const files = entries.filter((e) => !e.name.endsWith('/'));
    return {
      bytes,
      filename: basename(full),
      files: files.length,
      what: basename(full),
      warnings: files.some((e) => e.name === 'index.html') ? [] : [`${path} has no index.html at its root: the site would have no home page`],
    };
  }
  if (!st.isDirectory()) throw new UsageError(`${path} is neither a directory nor a ZIP archive; nothing was sent`);
  const files: ZipInput[] = [];
  const skipped: string[] = [];
  await walk(full, '', files, skipped);
  if (files.length === 0) throw new UsageError(`${path} holds no files; nothing was sent`, 'build the site first, then deploy the directory it was built into');
  let bytes: Buffer;
  try {
    bytes = zipFiles(files);
  } catch (err) {
    if (err instanceof ZipLimitError) throw new UsageError(`${path} cannot be packed: ${err.message}; nothing was sent`);
    throw err;
  }
  const warnings: string[] = [];
  if (!files.some((f) => f.name === 'index.html')) warnings.push(`${path} has no index.html at its root: the site would have no home page`);
  if (skipped.length)
    warnings.push(
      `left out ${skipped.length} link${skipped.length > 1 ? 's' : ''} or special file${skipped.length > 1 ? 's' : ''}: ${skipped.slice(0, 3).join(', ')}${skipped.length > 3 ? ', ...' : ''}`,
    );
  const name = basename(full) || 'site';
  return { bytes, filename: `${name}.zip`, files: files.length, what: `${files.length} file${files.length > 1 ? 's' : ''} from ${path}`, warnings };
}
