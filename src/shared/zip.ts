// ZIP archives with Node's own zlib (no dependency): the writer packs a static site's files
// for `static-sites deploy`, the reader lists an archive's entries (the simulator's build
// reads them, and the client checks a given archive before sending it). Plain ZIP only, no
// ZIP64: a static site beyond 65535 files or 4 GiB is refused with a clear message.
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

/** A ZIP archive of the given files, deflated (stored when deflating does not help). */
export function zipFiles(files: readonly ZipInput[]): Buffer {
  if (files.length > MAX_ENTRIES) throw new ZipLimitError(`${files.length} files are more than a ZIP archive without ZIP64 holds (${MAX_ENTRIES})`);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const deflated = deflateRawSync(f.data);
    const stored = deflated.length >= f.data.length;
    const body = stored ? Buffer.from(f.data) : deflated;
    if (f.data.length > MAX_SIZE || offset > MAX_SIZE) throw new ZipLimitError(`the archive would exceed 4 GiB at ${f.name}`);
    const { time, date } = dosTime(f.mtime ?? new Date(1980, 0, 1));
    const crc = crc32(f.data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_FLAG, 6);
    local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by: Unix, so the mode below means something
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_FLAG, 8);
    central.writeUInt16LE(stored ? 0 : 8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((0o100000 | (f.mode ?? 0o644)) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  if (offset + cd.length > MAX_SIZE) throw new ZipLimitError('the archive would exceed 4 GiB');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
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
