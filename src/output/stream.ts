// What output writes to: a process stream, or a capture in tests.
export interface OutStream {
  /** Text, or bytes already encoded as UTF-8 (long --json lists: no decoding on the way out). */
  write(chunk: string | Uint8Array): unknown;
  isTTY?: boolean;
  columns?: number;
}
