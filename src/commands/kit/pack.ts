// The one packer of both deploys (`serverless deploy`, `static-sites deploy`): a directory is
// walked (pack-walk.ts), each file opened safely (pack-open.ts) and streamed into a ZIP
// archive in a temporary file (0600, in a 0700 directory of the OS temp dir) that the upload
// then streams from disk: memory stays the same whatever the archive's size. A given .zip
// archive is checked from its central directory (read from the end of the file) and sent as
// it is. `--dry-run` shows the plan and sends nothing.
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { UsageError } from '../../cli/errors.js';
import type { App } from '../../cli/app.js';
import { humanSize } from '../../output/size.js';
import { looksLikeZip, zipEntries, ZipLimitError } from '../../shared/zip.js';
import { ZipFileWriter, ZipSourceChangedError } from '../../shared/zip-file.js';
import { pathProblem, shownName } from './pack-names.js';
import { openPlanned } from './pack-open.js';
import type { PackPlan } from './pack-walk.js';

/** An archive on disk, ready to be streamed. */
export interface UploadArchive {
  path: string;
  size: number;
  filename: string;
  /** Paths inside the archive, in order. */
  files: string[];
  /** Bytes before compression (a given archive: its entries' sizes). */
  contentBytes: number;
  /** Removes the temporary file (nothing for a given archive). */
  dispose(): Promise<void>;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Packs the plan's files of `root` into a temporary archive named `<name>.zip`. */
export async function packPlan(root: string, shownPath: string, plan: PackPlan, name: string, signal?: AbortSignal): Promise<UploadArchive> {
  const dir = await mkdtemp(join(tmpdir(), 'infra-upload-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, 'archive.zip');
  let out: FileHandle | undefined;
  try {
    out = await open(path, 'wx', 0o600);
    const zip = new ZipFileWriter(out);
    for (const f of plan.files) {
      // Ctrl-C while packing: stop now, and leave no temporary file behind.
      signal?.throwIfAborted();
      const handle = await openPlanned(root, f);
      try {
        await zip.add({ name: f.rel, size: f.size, mtime: f.mtime, mode: f.mode, handle });
      } finally {
        await handle.close();
      }
    }
    const size = await zip.finish();
    return { path, size, filename: `${name}.zip`, files: plan.files.map((f) => f.rel), contentBytes: plan.totalBytes, dispose };
  } catch (err) {
    await out?.close().catch(() => undefined);
    out = undefined;
    await dispose();
    if (err instanceof ZipSourceChangedError)
      throw new UsageError(`${shownName(err.entry)} changed while it was packed (its content does not match its size); nothing was sent`, 'run the command again once nothing writes to the directory');
    if (err instanceof ZipLimitError) throw new UsageError(`${shownName(shownPath)} cannot be packed: ${err.message}; nothing was sent`);
    throw err;
  } finally {
    await out?.close();
  }
}

/** The entries of the ZIP archive in `handle`, read from its end; null when it is not one. */
async function entriesOf(handle: FileHandle, size: number): Promise<{ name: string; size: number }[] | null> {
  const head = Buffer.alloc(4);
  await handle.read(head, 0, 4, 0);
  if (!looksLikeZip(head)) return null;
  // The end record is the last 22 bytes plus a comment of up to 64 KiB.
  const tailSize = Math.min(size, 22 + 0xffff);
  const tail = Buffer.alloc(tailSize);
  await handle.read(tail, 0, tailSize, size - tailSize);
  let end = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const cdSize = tail.readUInt32LE(end + 12);
  const cdOffset = tail.readUInt32LE(end + 16);
  if (cdOffset + cdSize > size) return null;
  // The central directory and the end record alone, the record pointing at offset 0.
  const cd = Buffer.alloc(cdSize + 22);
  await handle.read(cd, 0, cdSize, cdOffset);
  tail.copy(cd, cdSize, end, end + 22);
  cd.writeUInt32LE(0, cdSize + 16);
  return zipEntries(cd);
}

/** A given .zip archive, checked (a ZIP, within `maxBytes`, names that unpack inside the directory) and sent as it is. */
export async function givenArchive(shownPath: string, full: string, maxBytes: number | undefined): Promise<UploadArchive> {
  const handle = await open(full, 'r').catch((err: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${shownName(shownPath)} (${err.code === 'EACCES' ? 'permission denied' : err.code}); nothing was sent`);
  });
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw new UsageError(`${shownName(shownPath)} is not a file; nothing was sent`);
    if (maxBytes !== undefined && st.size > maxBytes) throw new UsageError(`${shownName(shownPath)} is ${humanSize(st.size)}, over the ${humanSize(maxBytes)} limit; nothing was sent`);
    const entries = await entriesOf(handle, st.size);
    if (entries === null) throw new UsageError(`${shownName(shownPath)} is not a ZIP archive; nothing was sent`, 'give a .zip archive, or a directory (it is packed for you)');
    for (const e of entries) {
      const problem = pathProblem(e.name.replace(/\/$/, ''));
      if (problem)
        throw new UsageError(`${shownName(shownPath)} holds "${shownName(e.name)}", whose name ${problem}; nothing was sent`, 'pack the directory instead (give it in place of the archive)');
    }
    const files = entries.filter((e) => !e.name.endsWith('/'));
    return { path: full, size: st.size, filename: basename(full), files: files.map((e) => e.name), contentBytes: files.reduce((n, e) => n + e.size, 0), dispose: async () => undefined };
  } finally {
    await handle.close();
  }
}

/** `packed 12 files (3.4 KiB) from ./app` or `read app.zip (12 files, 3.4 KiB)`, for messages. */
export function archiveWhat(a: UploadArchive, packedFrom: string | undefined): string {
  return packedFrom !== undefined
    ? `packed ${plural(a.files.length, 'file')} (${humanSize(a.contentBytes)}) from ${shownName(packedFrom)}`
    : `read ${shownName(a.filename)} (${plural(a.files.length, 'file')}, ${humanSize(a.contentBytes)})`;
}

/** `--dry-run`: what would be packed, with sizes, and what is left out and why; stdout, nothing sent. */
export async function showPlan(app: App, root: string, shownPath: string, plan: PackPlan): Promise<void> {
  // The same checks as a real pack, so a dry run that passes is one the pack passes too.
  for (const f of plan.files) await (await openPlanned(root, f)).close();
  if (app.json) {
    app.printJson({
      directory: shownPath,
      files: plan.files.map((f) => ({ path: f.rel, size_bytes: f.size })),
      total_bytes: plan.totalBytes,
      left_out: plan.leftOut.map((l) => ({ path: l.path, reason: l.reason })),
    });
    return;
  }
  app.print(`would pack ${plural(plan.files.length, 'file')} (${humanSize(plan.totalBytes)}) from ${shownName(shownPath)}:`);
  for (const f of plan.files) app.print(`  ${humanSize(f.size).padStart(10)}  ${shownName(f.rel)}`);
  if (plan.leftOut.length > 0) {
    app.print(`left out ${plan.leftOut.length}:`);
    for (const l of plan.leftOut) app.print(`  ${shownName(l.path)}  (${l.reason})`);
  }
}
