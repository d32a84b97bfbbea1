// An upload's body: one file as multipart/form-data, streamed from disk in pieces as the
// transport asks for them (a 200 MiB archive is never in memory), with its exact length (no
// chunked encoding: some servers refuse it for uploads). The bytes the transport took are
// counted: the progress shown, the stall limit (src/client/http.ts) and what an interrupted
// upload says are all read from that count.
import { UploadStalledError } from './http-body.js';

export { UploadStalledError };

const PIECE_BYTES = 64 * 1024;

export interface UploadBody {
  readonly contentType: string;
  /** Bytes of the whole body. */
  readonly length: number;
  /** A fresh body for one attempt; `moved(n)` is told each piece the transport takes. */
  open(moved: (bytes: number) => void): AsyncIterable<Uint8Array>;
}

/** A filename as a quoted header parameter: quotes and line breaks escaped as browsers do. */
function quoted(name: string): string {
  return `"${name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

/** The file at `path` (`size` bytes) as the multipart field `field`. */
export function fileUpload(field: string, path: string, size: number, filename: string, type = 'application/zip'): UploadBody {
  // Web Crypto's global, loaded when first used: this module is part of the client's index.
  const boundary = `----infra-${Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(12))).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name=${quoted(field)}; filename=${quoted(filename)}\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + size + tail.length,
    open: (moved) => pieces(path, size, head, tail, moved),
  };
}

async function* pieces(path: string, size: number, head: Buffer, tail: Buffer, moved: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  yield head;
  moved(head.length);
  // Loaded here, not at the top: the client's index exports this module, and a command that
  // uploads nothing must not load node:fs/promises (test/ship/deferred-builtins.test.ts).
  const { open } = await import('node:fs/promises');
  const file = await open(path, 'r');
  try {
    let at = 0;
    while (at < size) {
      // A new buffer per piece: the transport may still hold the previous one.
      const piece = Buffer.allocUnsafe(Math.min(PIECE_BYTES, size - at));
      const { bytesRead } = await file.read(piece, 0, piece.length, at);
      if (bytesRead === 0) throw new Error(`${path} became shorter while it was uploaded`);
      at += bytesRead;
      yield piece.subarray(0, bytesRead);
      moved(bytesRead);
    }
  } finally {
    await file.close();
  }
  yield tail;
  moved(tail.length);
}
