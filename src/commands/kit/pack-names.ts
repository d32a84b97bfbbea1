// Names a packed archive may hold. An archive is unpacked by someone else's tools: a name with
// a backslash or a `..` segment can land outside the directory it is unpacked into (on
// Windows, or by a careless unzip), a control character can rewrite a terminal or a log, and
// bytes that are not UTF-8 become whatever the reader guesses. Such names are refused, and
// shown with their odd characters spelled out so the person sees what is there.

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** The text of a name read as bytes, or undefined when it is not UTF-8. */
export function utf8Name(bytes: Uint8Array): string | undefined {
  try {
    return UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

const NAMED_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\' };

/** Control characters (C0, DEL, C1) and the bidirectional overrides that reorder what is shown. */
const UNSAFE_CHAR = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function escapeChar(ch: string): string {
  const named = NAMED_ESCAPES[ch];
  if (named) return named;
  const code = ch.codePointAt(0)!;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/** A name safe to print: odd characters as escapes (`\n`, `\\`, an ESC as its hex escape), bytes that are not UTF-8 as `\xNN`. */
export function shownName(name: string | Uint8Array): string {
  if (typeof name !== 'string') {
    const text = utf8Name(name);
    if (text === undefined) {
      return Array.from(name, (b) => (b >= 0x20 && b < 0x7f && b !== 0x5c ? String.fromCharCode(b) : b === 0x5c ? '\\\\' : `\\x${b.toString(16).padStart(2, '0')}`)).join('');
    }
    name = text;
  }
  let out = '';
  for (const ch of name) out += ch === '\\' || UNSAFE_CHAR.test(ch) ? escapeChar(ch) : ch;
  return out;
}

/** Why one path (relative, `/`-separated) cannot go into an archive, or undefined when it can. */
export function pathProblem(path: string): string | undefined {
  if (path.includes('\\')) return 'holds a backslash (a path separator on Windows: it could unpack outside the directory)';
  if (UNSAFE_CHAR.test(path)) return 'holds a control character';
  if (path.startsWith('/')) return 'is absolute';
  if (path.split('/').some((s) => s === '..' || s === '.' || s === '')) return 'has an empty, `.` or `..` segment';
  return undefined;
}
