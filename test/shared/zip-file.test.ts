// The ZIP archive written entry by entry into a file (src/shared/zip-file.ts): what it holds
// reads back byte for byte (small files in one go, big ones streamed), and a file that changes
// size while it is read is refused, not packed cut or padded.
import { mkdtempSync, writeFileSync, readFileSync, appendFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ZipFileWriter, ZipSourceChangedError } from '../../src/shared/zip-file.js';
import { zipEntries } from '../../src/shared/zip.js';

/** The content of entry `name`, read through its local header as an unzip would. */
function extract(zip: Buffer, name: string): Buffer {
  let p = 0;
  while (zip.readUInt32LE(p) === 0x04034b50) {
    const method = zip.readUInt16LE(p + 8);
    const size = zip.readUInt32LE(p + 18);
    const nameLen = zip.readUInt16LE(p + 26);
    const extra = zip.readUInt16LE(p + 28);
    const entry = zip.toString('utf8', p + 30, p + 30 + nameLen);
    const body = zip.subarray(p + 30 + nameLen + extra, p + 30 + nameLen + extra + size);
    if (entry === name) return method === 8 ? inflateRawSync(body) : Buffer.from(body);
    p += 30 + nameLen + extra + size;
  }
  throw new Error(`${name} not in the archive`);
}

async function pack(files: Record<string, Buffer>, tamper?: (path: string) => void): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'infra-zipfile-'));
  const out = await open(join(dir, 'out.zip'), 'w');
  const zip = new ZipFileWriter(out);
  try {
    for (const [name, data] of Object.entries(files)) {
      const path = join(dir, name.replace(/\//g, '_'));
      writeFileSync(path, data);
      const handle = await open(path, 'r');
      const size = data.length;
      tamper?.(path);
      try {
        await zip.add({ name, size, handle });
      } finally {
        await handle.close();
      }
    }
    await zip.finish();
  } finally {
    await out.close();
  }
  return readFileSync(join(dir, 'out.zip'));
}

describe('ZipFileWriter', () => {
  it('small and big (streamed) files, compressible or not, read back byte for byte', async () => {
    const text = Buffer.from('hello '.repeat(1000));
    const noise = randomBytes(1000);
    const big = Buffer.concat([randomBytes(3 * 1024 * 1024), Buffer.alloc(3 * 1024 * 1024, 7)]);
    const zip = await pack({ 'a.txt': text, 'b.bin': noise, 'dir/big.bin': big, 'empty.txt': Buffer.alloc(0) });
    expect(zipEntries(zip)).toEqual([
      { name: 'a.txt', size: text.length },
      { name: 'b.bin', size: noise.length },
      { name: 'dir/big.bin', size: big.length },
      { name: 'empty.txt', size: 0 },
    ]);
    expect(extract(zip, 'a.txt').equals(text)).toBe(true);
    expect(extract(zip, 'b.bin').equals(noise)).toBe(true);
    expect(extract(zip, 'dir/big.bin').equals(big)).toBe(true);
    // The big entry was deflated as a stream: its zeros made it smaller.
    expect(zip.length).toBeLessThan(big.length);
  });

  it.each([
    ['a small file', 100],
    ['a big file', 5 * 1024 * 1024],
  ])('%s that grows while it is packed is refused', async (_, size) => {
    await expect(pack({ 'grows.bin': Buffer.alloc(size, 1) }, (path) => appendFileSync(path, 'more'))).rejects.toBeInstanceOf(ZipSourceChangedError);
  });
});
