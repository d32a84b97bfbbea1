// What output writes to: a process stream, or a capture in tests.
export interface OutStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}
