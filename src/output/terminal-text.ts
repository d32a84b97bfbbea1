// The one gate between text from outside (the API, an application's logs, files, the
// environment) and a person's terminal: controls and bidi overrides become visible marks, so
// no escape sequence of theirs can retitle the window, clear the screen, hide a link or move
// the cursor. Our own escapes (colours, clearing a spinner's line) cannot pass as text: they
// travel as markers carrying a per-process secret, and become escapes only after the text
// around them was made safe. docs/security/terminal.md says what is shown for what.
/**
 * What a terminal could act on or reorder: C0 controls but tab and newline, DEL, C1 controls
 * (U+0080-U+009F: U+009B is a one-character CSI on some terminals), and the bidirectional
 * marks, embeddings, overrides and isolates that make text read in another order than stored.
 */
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');

/** The visible form of one unsafe character: `^[` (caret notation) for C0 and DEL, `␍` for CR, `\u{9b}` for the rest. */
function visible(ch: string): string {
  const c = ch.charCodeAt(0);
  if (c === 0x0d) return '\u240d';
  if (c < 0x20) return `^${String.fromCharCode(c + 0x40)}`;
  if (c === 0x7f) return '^?';
  return `\\u{${c.toString(16)}}`;
}

/**
 * `text` with every control a terminal would act on (but tab and newline) and every bidi
 * control shown visibly. Clean text (nearly all of it) is returned as it is after one scan.
 */
export function sanitize(text: string): string {
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, visible) : text;
}

// --- our own escapes, as markers --------------------------------------------------------

/** Private-use characters around a marker: nothing prints them on purpose. */
const OPEN = '\ue000';
const CLOSE = '\ue001';
/**
 * Made on the first marker, from node:crypto loaded only then: a command that colours
 * nothing (piped, NO_COLOR) loads no crypto at all (test/ship/deferred-builtins.test.ts).
 */
let nonce: string | undefined;
let markerPattern: RegExp | undefined;
/** The escapes markers stand for, by their number; and back. */
const escapes: string[] = [];
const numbers = new Map<string, number>();

/**
 * A marker for one of our escapes (an SGR colour, a line clear): text from outside cannot
 * hold it, since it does not know the nonce, so only markers we made become escapes.
 */
export function mark(escape: string): string {
  if (nonce === undefined) {
    nonce = process.getBuiltinModule('node:crypto').randomBytes(8).toString('hex');
    markerPattern = new RegExp(`${OPEN}${nonce}(\\d+)${CLOSE}`, 'g');
  }
  let n = numbers.get(escape);
  if (n === undefined) {
    n = escapes.push(escape) - 1;
    numbers.set(escape, n);
  }
  return `${OPEN}${nonce}${n}${CLOSE}`;
}

/** The marker that starts at `at` in `text`, if one does: its length (widths count it as nothing). */
export function markerAt(text: string, at: number): number {
  if (text.charCodeAt(at) !== 0xe000 || nonce === undefined) return 0;
  const end = text.indexOf(CLOSE, at);
  if (end < 0 || !text.startsWith(nonce, at + 1)) return 0;
  for (let i = at + 1 + nonce.length; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return 0;
  }
  return end + 1 - at;
}

/** Whether `text` holds a marker (a cut there must be made whole). */
export function hasMarker(text: string): boolean {
  return nonce !== undefined && text.includes(OPEN + nonce);
}

/** `text` with our markers turned into the escapes they stand for. */
export function unmark(text: string): string {
  if (markerPattern === undefined || !text.includes(OPEN)) return text;
  return text.replace(markerPattern, (_, n: string) => escapes[Number(n)] ?? '');
}

/** `text` without our markers (where no escape may go: a file, a width). */
export function unmarked(text: string): string {
  if (markerPattern === undefined || !text.includes(OPEN)) return text;
  return text.replace(markerPattern, '');
}

/** What reaches a terminal: outside text made safe, then our own escapes put in. */
export function terminalText(text: string): string {
  return unmark(sanitize(text));
}

/** Clears the line a spinner drew, before a line of text takes its place. */
export function clearLine(): string {
  return mark('\r\x1b[2K');
}
