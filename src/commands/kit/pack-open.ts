// Opening a file the walk chose, safely: without following a link (O_NOFOLLOW), and checked
// on the open handle (fstat) to be the very file the walk saw: a regular file, same device
// and inode, same size. A file swapped for a link to ~/.ssh/id_rsa between the walk and the
// read is refused, not uploaded; so is a parent directory swapped for a link (the file then
// found has another inode).
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from '../../cli/errors.js';
import { shownName } from './pack-names.js';
import type { PlannedFile } from './pack-walk.js';

// O_NONBLOCK: a file swapped for a FIFO must not hang the open (it is refused after fstat).
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

function changed(rel: string, how: string): UsageError {
  return new UsageError(`${shownName(rel)} changed while it was packed (${how}); nothing was sent`, 'run the command again once nothing writes to the directory');
}

/** The file open for reading, or a refusal (exit 2) saying what changed or why it cannot be read. */
export async function openPlanned(root: string, f: PlannedFile): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(join(root, f.rel), OPEN_FLAGS);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw changed(f.rel, 'it is now a symbolic link');
    if (code === 'ENOENT') throw changed(f.rel, 'it is gone');
    const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code;
    throw new UsageError(`cannot read ${shownName(f.rel)} (${why}); nothing was sent`, 'make it readable, or leave it out with a line in .infraignore');
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) throw changed(f.rel, 'it is no longer a regular file');
    if (st.dev !== f.dev || st.ino !== f.ino) throw changed(f.rel, 'it was replaced by another file');
    if (st.size !== f.size) throw changed(f.rel, `its size went from ${f.size} to ${st.size} bytes`);
    return handle;
  } catch (err) {
    await handle.close();
    throw err;
  }
}
