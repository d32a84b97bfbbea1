// The items of a list answer as the API sent them: `--json` of a list prints each item as
// sent, and re-serialising 100,000 parsed items costs about as much as parsing them (and
// doubles the garbage). The answer was already parsed by JSON.parse, so it is valid JSON and
// a scan for the bounds of the top-level `data` array's items is enough.
import { isUtf8 } from 'node:buffer';

/** The items of a list answer as received: where each one's text is in the answer's bytes. */
export interface SentItems {
  /** The answer's bytes (valid UTF-8). */
  bytes: Buffer;
  /**
   * Item i is `bytes[spans[2i], spans[2i+1])`; its start is -1 when it spans whitespace
   * outside its strings (a pretty-printed answer: the caller re-serialises that item).
   */
  spans: readonly number[];
}

/**
 * Where the `count` items of the top-level `data` array of `bytes` (valid JSON) are;
 * undefined when the answer is not one object with one `data` array of `count` items, or is
 * not valid UTF-8 (its text as decoded then differs from its bytes).
 */
export function sentItems(bytes: Buffer, count: number): SentItems | undefined {
  if (!isUtf8(bytes)) return undefined;
  const spans = dataSpans(bytes);
  return spans && spans.length === 2 * count ? { bytes, spans } : undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Set by skipValue: the value it skipped had whitespace outside its strings. */
let spaced = false;

function skipSpace(b: Uint8Array, i: number): number {
  while (i < b.length && isSpace(b[i]!)) i++;
  return i;
}

/** `b[i]` is an opening quote: the index after the closing one. */
function skipString(b: Uint8Array, i: number): number {
  const n = b.length;
  for (i++; i < n; i++) {
    const c = b[i]!;
    if (c === QUOTE) return i + 1;
    if (c === BACKSLASH) i++;
  }
  return n;
}

/** The index after the value starting at `b[i]`. */
function skipValue(b: Uint8Array, i: number): number {
  const n = b.length;
  const first = b[i];
  if (first === QUOTE) return skipString(b, i);
  if (first === OPEN_OBJECT || first === OPEN_ARRAY) {
    let depth = 0;
    while (i < n) {
      const c = b[i]!;
      if (c === QUOTE) {
        i = skipString(b, i);
        continue;
      }
      if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
      else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        if (--depth === 0) return i + 1;
      } else if (isSpace(c)) spaced = true;
      i++;
    }
    return n;
  }
  // A number, true, false or null.
  while (i < n) {
    const c = b[i]!;
    if (c === COMMA || c === CLOSE_OBJECT || c === CLOSE_ARRAY || isSpace(c)) break;
    i++;
  }
  return i;
}

/**
 * [start, end, start, end, ...] of the items of the top-level `data` array (start -1 for an
 * item with whitespace outside its strings); undefined when the answer is not an object with
 * exactly one `data` array.
 */
export function dataSpans(b: Uint8Array): number[] | undefined {
  const n = b.length;
  let i = skipSpace(b, 0);
  if (b[i] !== OPEN_OBJECT) return undefined;
  let spans: number[] | undefined;
  i = skipSpace(b, i + 1);
  if (b[i] === CLOSE_OBJECT) return undefined;
  while (i < n) {
    if (b[i] !== QUOTE) return undefined;
    const key = i;
    i = skipString(b, i);
    // Only the plain spelling: an escaped key ("d\u0061ta") is left to the general path.
    const isData = i - key === 6 && b[key + 1] === 0x64 && b[key + 2] === 0x61 && b[key + 3] === 0x74 && b[key + 4] === 0x61;
    i = skipSpace(b, i);
    if (b[i] !== COLON) return undefined;
    i = skipSpace(b, i + 1);
    if (isData) {
      // JSON.parse keeps the last of two `data` members: too odd to follow here.
      if (spans || b[i] !== OPEN_ARRAY) return undefined;
      spans = [];
      i = skipSpace(b, i + 1);
      if (b[i] === CLOSE_ARRAY) i++;
      else {
        while (i < n) {
          const start = i;
          spaced = false;
          i = skipValue(b, i);
          spans.push(spaced ? -1 : start, i);
          i = skipSpace(b, i);
          if (b[i] === COMMA) {
            i = skipSpace(b, i + 1);
            continue;
          }
          if (b[i] !== CLOSE_ARRAY) return undefined;
          i++;
          break;
        }
      }
    } else {
      i = skipValue(b, i);
    }
    i = skipSpace(b, i);
    if (b[i] === COMMA) {
      i = skipSpace(b, i + 1);
      continue;
    }
    if (b[i] !== CLOSE_OBJECT) return undefined;
    return skipSpace(b, i + 1) === n ? spans : undefined;
  }
  return undefined;
}
