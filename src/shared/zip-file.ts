// A ZIP archive written entry by entry into a file, each entry read from an open file handle
// in pieces: memory stays bounded by the largest piece, whatever the archive's size (a
// 200 MiB build context in memory cost a gigabyte at its peak). Small files are deflated in
// one go and stored as they are when deflating does not help; big ones are deflated as a
// stream and their local header is written back once their checksum and sizes are known.
import type { FileHandle } from 'node:fs/promises';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { centralHeader, checkEntrySize, endRecord, entryTime, localHeader, type EntryHeader } from './zip.js';

/** Up to this size a file is read whole (and may be stored); above, it is streamed. */
const WHOLE_FILE_BYTES = 4 * 1024 * 1024;
const PIECE_BYTES = 1024 * 1024;

export interface ZipSource {
  /** Path inside the archive, `/`-separated, relative. */
  name: string;
  /** The size the file had when it was opened: fewer or more bytes read means it changed. */
  size: number;
  mtime?: Date;
  mode?: number;
  handle: FileHandle;
}

/** A file's content did not match its size while it was read (it was being written to). */
export class ZipSourceChangedError extends Error {
  override name = 'ZipSourceChangedError';
  constructor(readonly entry: string) {
    super(`${entry} changed while it was packed`);
  }
}

export class ZipFileWriter {
  private offset = 0;
  private readonly centrals: Buffer[] = [];

  constructor(private readonly out: FileHandle) {}

  /** Bytes written so far. */
  get size(): number {
    return this.offset;
  }

  async add(src: ZipSource): Promise<void> {
    checkEntrySize(src.name, src.size, this.offset);
    const head = { name: Buffer.from(src.name, 'utf8'), ...entryTime(src.mtime), mode: src.mode ?? 0o644, offset: this.offset, size: src.size };
    const e = src.size <= WHOLE_FILE_BYTES ? await this.addWhole(src, head) : await this.addStreamed(src, head);
    this.centrals.push(centralHeader(e));
  }

  private async addWhole(src: ZipSource, head: Omit<EntryHeader, 'deflated' | 'crc' | 'compressedSize'>): Promise<EntryHeader> {
    const data = await readExactly(src);
    const deflated = deflateRawSync(data);
    const stored = deflated.length >= data.length;
    const body = stored ? data : deflated;
    const e: EntryHeader = { ...head, deflated: !stored, crc: crc32(data) >>> 0, compressedSize: body.length };
    await this.write(localHeader(e));
    await this.write(body);
    return e;
  }

  private async addStreamed(src: ZipSource, head: Omit<EntryHeader, 'deflated' | 'crc' | 'compressedSize'>): Promise<EntryHeader> {
    const placeholder = localHeader({ ...head, deflated: true, crc: 0, compressedSize: 0 });
    await this.write(placeholder);
    const bodyStart = this.offset;
    const deflate = createDeflateRaw();
    const drained = (async () => {
      for await (const piece of deflate) await this.write(piece as Buffer);
    })();
    let crc = 0;
    let read = 0;
    try {
      for (;;) {
        const piece = Buffer.allocUnsafe(PIECE_BYTES);
        const { bytesRead } = await src.handle.read(piece, 0, PIECE_BYTES, null);
        if (bytesRead === 0) break;
        read += bytesRead;
        if (read > src.size) throw new ZipSourceChangedError(src.name);
        const chunk = piece.subarray(0, bytesRead);
        crc = crc32(chunk, crc);
        if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
      }
      if (read !== src.size) throw new ZipSourceChangedError(src.name);
    } catch (err) {
      deflate.destroy();
      await drained.catch(() => undefined);
      throw err;
    }
    deflate.end();
    await drained;
    const e: EntryHeader = { ...head, deflated: true, crc: crc >>> 0, compressedSize: this.offset - bodyStart };
    checkEntrySize(src.name, e.compressedSize, this.offset);
    await this.out.write(localHeader(e), 0, placeholder.length, head.offset);
    return e;
  }

  /** Writes the central directory and the end record; the archive's size. */
  async finish(): Promise<number> {
    const cd = Buffer.concat(this.centrals);
    const cdOffset = this.offset;
    const end = endRecord(this.centrals.length, cd.length, cdOffset);
    await this.write(cd);
    await this.write(end);
    return this.offset;
  }

  private async write(bytes: Buffer): Promise<void> {
    let done = 0;
    while (done < bytes.length) {
      const { bytesWritten } = await this.out.write(bytes, done, bytes.length - done, this.offset + done);
      done += bytesWritten;
    }
    this.offset += bytes.length;
  }
}

/** The whole content of a small file, exactly as many bytes as it had when opened. */
async function readExactly(src: ZipSource): Promise<Buffer> {
  // One byte more than expected: a file that grew is noticed, not cut.
  const data = Buffer.allocUnsafe(src.size + 1);
  let read = 0;
  for (;;) {
    const { bytesRead } = await src.handle.read(data, read, data.length - read, null);
    if (bytesRead === 0) break;
    read += bytesRead;
    if (read > src.size) throw new ZipSourceChangedError(src.name);
  }
  if (read !== src.size) throw new ZipSourceChangedError(src.name);
  return data.subarray(0, read);
}
