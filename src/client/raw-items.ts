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
   * Item i is `bytes[spans[2i], spans[2i+1])`; its start is negative (~start) when it spans
   * whitespace outside its strings (a pretty-printed answer: the caller re-serialises that item).
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
 * [start, end, start, end, ...] of the items of the top-level `data` array (a start written
 * ~start, negative, for an item with whitespace outside its strings); undefined when the
 * answer is not an object with exactly one `data` array.
 */
export function dataSpans(b: Uint8Array): number[] | undefined {
  return arrayAt(b, ['data'])?.spans;
}

/** An array found in an answer: the bounds of its items, and its own (`[` at start, `]` at end - 1). */
export interface FoundArray {
  /** [start, end) of item i at 2i, 2i+1; a start is written ~start (negative) when the item has whitespace outside its strings. */
  spans: number[];
  start: number;
  end: number;
}

/**
 * The array at `path` (object keys from the top) of a JSON answer, with the bounds of its
 * items; undefined when the answer does not have exactly one such array there (a key given
 * twice or escaped, another type, a broken structure). Strings and numbers are skipped, not
 * checked: only an answer JSON.parse accepted, or parts of it later given to JSON.parse, are
 * known to be valid.
 */
export function arrayAt(b: Uint8Array, path: readonly string[]): FoundArray | undefined {
  const keys = path.map((k) => Buffer.from(JSON.stringify(k)));
  let found: FoundArray | undefined;
  let ok = true;
  const object = (i: number, depth: number): number => {
    // b[i] === '{'
    const n = b.length;
    i = skipSpace(b, i + 1);
    if (b[i] === CLOSE_OBJECT) return i + 1;
    while (i < n) {
      if (b[i] !== QUOTE) return ((ok = false), n);
      const key = i;
      i = skipString(b, i);
      const match = sameBytes(b, key, i, keys[depth]!);
      i = skipSpace(b, i);
      if (b[i] !== COLON) return ((ok = false), n);
      i = skipSpace(b, i + 1);
      if (match && depth === keys.length - 1) {
        if (found || b[i] !== OPEN_ARRAY) return ((ok = false), n);
        found = { spans: [], start: i, end: 0 };
        i = items(i, found.spans);
        found.end = i;
      } else if (match) {
        if (b[i] !== OPEN_OBJECT) return ((ok = false), n);
        i = object(i, depth + 1);
      } else {
        i = skipValue(b, i);
      }
      i = skipSpace(b, i);
      if (b[i] === COMMA) {
        i = skipSpace(b, i + 1);
        continue;
      }
      if (b[i] !== CLOSE_OBJECT) return ((ok = false), n);
      return i + 1;
    }
    return ((ok = false), n);
  };
  const items = (i: number, spans: number[]): number => {
    // b[i] === '['
    const n = b.length;
    i = skipSpace(b, i + 1);
    if (b[i] === CLOSE_ARRAY) return i + 1;
    while (i < n) {
      const start = i;
      spaced = false;
      i = skipValue(b, i);
      spans.push(spaced ? ~start : start, i);
      i = skipSpace(b, i);
      if (b[i] === COMMA) {
        i = skipSpace(b, i + 1);
        continue;
      }
      if (b[i] !== CLOSE_ARRAY) return ((ok = false), n);
      return i + 1;
    }
    return ((ok = false), n);
  };
  const first = skipSpace(b, 0);
  if (b[first] !== OPEN_OBJECT || keys.length === 0) return undefined;
  const end = object(first, 0);
  return ok && found && skipSpace(b, end) === b.length ? found : undefined;
}

function sameBytes(b: Uint8Array, start: number, end: number, key: Uint8Array): boolean {
  if (end - start !== key.length) return false;
  for (let i = 0; i < key.length; i++) if (b[start + i] !== key[i]) return false;
  return true;
}
