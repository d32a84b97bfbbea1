// ZIP archives with Node's own zlib (no dependency): the headers of an entry (the packer
// streams entries into a file with them: src/shared/zip-file.ts), an in-memory writer (tests,
// the simulator), and the reader of an archive's entries (the simulator's build reads them,
// and the client checks a given archive before sending it). Plain ZIP only, no ZIP64: beyond
// 65535 files or 4 GiB an archive is refused with a clear message.
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipInput {
  /** Path inside the archive, `/`-separated, relative (`assets/app.js`). */
  name: string;
  data: Uint8Array;
  /** Modification time (DOS resolution: 2 s, from 1980). */
  mtime?: Date;
  /** Unix permission bits (default 0o644). */
  mode?: number;
}

export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
}

const MAX_ENTRIES = 0xffff;
const MAX_SIZE = 0xffffffff;
const UTF8_FLAG = 0x0800;

function dosTime(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** What the headers of one entry say: where it starts, how it is stored, its checksum and sizes. */
export interface EntryHeader {
  name: Buffer;
  deflated: boolean;
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  size: number;
  mode: number;
  offset: number;
}

export function localHeader(e: EntryHeader): Buffer {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(UTF8_FLAG, 6);
  local.writeUInt16LE(e.deflated ? 8 : 0, 8);
  local.writeUInt16LE(e.time, 10);
  local.writeUInt16LE(e.date, 12);
  local.writeUInt32LE(e.crc, 14);
  local.writeUInt32LE(e.compressedSize, 18);
  local.writeUInt32LE(e.size, 22);
  local.writeUInt16LE(e.name.length, 26);
  local.writeUInt16LE(0, 28);
  return Buffer.concat([local, e.name]);
}

export function centralHeader(e: EntryHeader): Buffer {
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE((3 << 8) | 20, 4); // made by: Unix, so the mode below means something
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(UTF8_FLAG, 8);
  central.writeUInt16LE(e.deflated ? 8 : 0, 10);
  central.writeUInt16LE(e.time, 12);
  central.writeUInt16LE(e.date, 14);
  central.writeUInt32LE(e.crc, 16);
  central.writeUInt32LE(e.compressedSize, 20);
  central.writeUInt32LE(e.size, 24);
  central.writeUInt16LE(e.name.length, 28);
  central.writeUInt32LE(((0o100000 | e.mode) << 16) >>> 0, 38);
  central.writeUInt32LE(e.offset, 42);
  return Buffer.concat([central, e.name]);
}

/** The end record: how many entries, and where their central directory is. */
export function endRecord(count: number, cdSize: number, cdOffset: number): Buffer {
  if (count > MAX_ENTRIES) throw new ZipLimitError(`${count} files are more than a ZIP archive without ZIP64 holds (${MAX_ENTRIES})`);
  if (cdOffset + cdSize > MAX_SIZE) throw new ZipLimitError('the archive would exceed 4 GiB');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(cdOffset, 16);
  return end;
}

/** The DOS time fields of an entry (DOS resolution: 2 s, from 1980). */
export function entryTime(mtime: Date | undefined): { time: number; date: number } {
  return dosTime(mtime ?? new Date(1980, 0, 1));
}

export function checkEntrySize(name: string, size: number, offset: number): void {
  if (size > MAX_SIZE || offset > MAX_SIZE) throw new ZipLimitError(`the archive would exceed 4 GiB at ${name}`);
}

/** A ZIP archive of the given files, in memory, deflated (stored when deflating does not help). */
export function zipFiles(files: readonly ZipInput[]): Buffer {
  if (files.length > MAX_ENTRIES) throw new ZipLimitError(`${files.length} files are more than a ZIP archive without ZIP64 holds (${MAX_ENTRIES})`);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const deflated = deflateRawSync(f.data);
    const stored = deflated.length >= f.data.length;
    const body = stored ? Buffer.from(f.data) : deflated;
    checkEntrySize(f.name, f.data.length, offset);
    const e: EntryHeader = {
      name: Buffer.from(f.name, 'utf8'),
      deflated: !stored,
      ...entryTime(f.mtime),
      crc: crc32(f.data) >>> 0,
      compressedSize: body.length,
      size: f.data.length,
      mode: f.mode ?? 0o644,
      offset,
    };
    const local = localHeader(e);
    locals.push(local, body);
    centrals.push(centralHeader(e));
    offset += local.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  return Buffer.concat([...locals, cd, endRecord(files.length, cd.length, offset)]);
}

/** Whether bytes start like a ZIP archive (a local file header, or the end record of an empty one). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(4, bytes.length));
  return b.length === 4 && (b.readUInt32LE(0) === 0x04034b50 || b.readUInt32LE(0) === 0x06054b50);
}

export interface ZipEntry {
  name: string;
  size: number;
}

/** The entries of an archive from its central directory; null when it cannot be read as a ZIP. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is the last 22 bytes plus a comment of up to 64 KiB.
  let end = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (b.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = b.readUInt16LE(end + 10);
  let p = b.readUInt32LE(end + 16);
  const out: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (p + 46 > b.length || b.readUInt32LE(p) !== 0x02014b50) return null;
    const nameLen = b.readUInt16LE(p + 28);
    const extraLen = b.readUInt16LE(p + 30);
    const commentLen = b.readUInt16LE(p + 32);
    out.push({ name: b.toString('utf8', p + 46, p + 46 + nameLen), size: b.readUInt32LE(p + 24) });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
