// What `serverless deploy` uploads: a directory packed into a ZIP archive (the format of a
// `zip_upload` container; src/shared/zip.ts), or a given .zip archive as it is. Everything is
// checked before any request, and every refusal is a usage error (exit 2) saying that nothing
// was sent. The walk leaves out `.git` always, `node_modules` unless asked, and what the root
// `.gitignore` and `.infraignore` say (src/shared/ignore-rules.ts); sizes are checked from the
// directory entries before any file is read.
import { lstat, readdir, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { UsageError } from '../../cli/errors.js';
import { isIgnored, parseIgnore, type IgnoreRule } from '../../shared/ignore-rules.js';
import { looksLikeZip, zipEntries, zipFiles, ZipLimitError, type ZipInput } from '../../shared/zip.js';
import { humanSize } from '../../output/size.js';

/** The largest file packed: bigger ones are build outputs or data, not source. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** The most packed in all (before compression), and the largest archive sent as it is. */
export const MAX_TOTAL_BYTES = 200 * 1024 * 1024;

export const IGNORE_FILES = ['.gitignore', '.infraignore'] as const;

export interface SourceArchive {
  bytes: Buffer;
  filename: string;
  /** Paths inside the archive, in order. */
  files: string[];
  /** Bytes before compression (a given archive: its entries' sizes). */
  contentBytes: number;
  /** `packed 12 files (3.4 KiB) from ./app` or `read app.zip (12 files, 3.4 KiB)`, for messages. */
  what: string;
  warnings: string[];
}

export interface PackOptions {
  includeNodeModules?: boolean;
  maxFileBytes?: number;
  maxTotalBytes?: number;
}

interface Found {
  rel: string;
  size: number;
}

async function readRules(root: string): Promise<IgnoreRule[]> {
  const texts = await Promise.all(IGNORE_FILES.map((f) => readFile(join(root, f), 'utf8').catch(() => '')));
  return texts.flatMap(parseIgnore);
}

/** Pure: what the walk leaves out of a directory entry, besides the ignore rules. */
export function alwaysSkipped(name: string, isDir: boolean, includeNodeModules: boolean): boolean {
  return isDir && (name === '.git' || (name === 'node_modules' && !includeNodeModules));
}

async function walk(root: string, dir: string, rules: IgnoreRule[], opts: Required<PackOptions>, out: Found[], skipped: string[]): Promise<void> {
  const entries = await readdir(join(root, dir), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    const isDir = e.isDirectory();
    if (alwaysSkipped(e.name, isDir, opts.includeNodeModules) || isIgnored(rules, rel, isDir)) continue;
    if (isDir) await walk(root, rel, rules, opts, out, skipped);
    else if (e.isFile()) {
      const { size } = await lstat(join(root, rel));
      if (size > opts.maxFileBytes) {
        throw new UsageError(`${rel} is ${humanSize(size)}, over the ${humanSize(opts.maxFileBytes)} limit of one file; nothing was sent`, `leave it out with a line in .infraignore (e.g. /${rel})`);
      }
      out.push({ rel, size });
    } else skipped.push(rel); // links may point outside the directory; devices and sockets are not source
  }
}

async function packDirectory(path: string, full: string, opts: Required<PackOptions>): Promise<SourceArchive> {
  // `path` names the directory in messages as the user gave it.
  const rules = await readRules(full);
  const found: Found[] = [];
  const skipped: string[] = [];
  await walk(full, '', rules, opts, found, skipped);
  if (found.length === 0) throw new UsageError(`${path} holds no files to upload; nothing was sent`, 'check .gitignore and .infraignore, or give the directory with the Dockerfile');
  const total = found.reduce((n, f) => n + f.size, 0);
  if (total > opts.maxTotalBytes) {
    const biggest = [...found]
      .sort((a, b) => b.size - a.size)
      .slice(0, 3)
      .map((f) => `${f.rel} (${humanSize(f.size)})`);
    throw new UsageError(
      `${path} holds ${humanSize(total)} to upload, over the ${humanSize(opts.maxTotalBytes)} limit; nothing was sent`,
      `leave out what the build does not need with .infraignore; the largest: ${biggest.join(', ')}`,
    );
  }
  const files: ZipInput[] = [];
  for (const f of found) {
    const p = join(full, f.rel);
    const [data, st] = await Promise.all([readFile(p), lstat(p)]);
    files.push({ name: f.rel, data, mtime: st.mtime, mode: st.mode & 0o777 });
  }
  let bytes: Buffer;
  try {
    bytes = zipFiles(files);
  } catch (err) {
    if (err instanceof ZipLimitError) throw new UsageError(`${path} cannot be packed: ${err.message}; nothing was sent`);
    throw err;
  }
  const names = found.map((f) => f.rel);
  const warnings = names.includes('Dockerfile') ? [] : [`${path} has no Dockerfile at its root: the build needs one`];
  if (skipped.length)
    warnings.push(
      `left out ${skipped.length} link${skipped.length > 1 ? 's' : ''} or special file${skipped.length > 1 ? 's' : ''}: ${skipped.slice(0, 3).join(', ')}${skipped.length > 3 ? ', ...' : ''}`,
    );
  const name = basename(full) || 'source';
  return { bytes, filename: `${name}.zip`, files: names, contentBytes: total, what: `packed ${names.length} file${names.length === 1 ? '' : 's'} (${humanSize(total)}) from ${path}`, warnings };
}

async function readArchive(path: string, full: string, opts: Required<PackOptions>): Promise<SourceArchive> {
  const st = await lstat(full);
  if (!st.isFile()) throw new UsageError(`--archive ${path} is not a file; nothing was sent`, 'give a .zip archive, or the directory with --dir');
  if (st.size > opts.maxTotalBytes) throw new UsageError(`--archive ${path} is ${humanSize(st.size)}, over the ${humanSize(opts.maxTotalBytes)} limit; nothing was sent`);
  const bytes = await readFile(full);
  const entries = looksLikeZip(bytes) ? zipEntries(bytes) : null;
  if (entries === null) throw new UsageError(`--archive ${path} is not a ZIP archive; nothing was sent`, 'give a .zip archive, or the directory with --dir (it is packed for you)');
  const files = entries.filter((e) => !e.name.endsWith('/')).map((e) => e.name);
  const contentBytes = entries.reduce((n, e) => n + e.size, 0);
  const warnings = files.includes('Dockerfile') ? [] : [`${path} has no Dockerfile at its root: the build needs one`];
  return { bytes, filename: basename(full), files, contentBytes, what: `read ${basename(full)} (${files.length} file${files.length === 1 ? '' : 's'}, ${humanSize(contentBytes)})`, warnings };
}

/** The archive to upload: `--archive FILE` as it is, or `--dir PATH` (default `.`) packed. */
export async function sourceArchive(src: { dir?: string; archive?: string }, options: PackOptions = {}): Promise<SourceArchive> {
  const opts: Required<PackOptions> = { includeNodeModules: false, maxFileBytes: MAX_FILE_BYTES, maxTotalBytes: MAX_TOTAL_BYTES, ...options };
  const path = src.archive ?? src.dir ?? '.';
  const full = resolve(path);
  const st = await lstat(full).catch(() => undefined);
  const flag = src.archive !== undefined ? '--archive ' : src.dir !== undefined ? '--dir ' : '';
  if (!st)
    throw new UsageError(
      `${flag}${path} does not exist; nothing was sent`,
      src.archive !== undefined ? 'give an existing .zip archive' : 'give the directory with the Dockerfile (--dir PATH, default .)',
    );
  if (src.archive !== undefined) return readArchive(path, full, opts);
  if (!st.isDirectory()) throw new UsageError(`--dir ${path} is not a directory; nothing was sent`, 'give a .zip archive with --archive');
  return packDirectory(path, full, opts);
}
