// YAML for the files `serverless apply` and `apply` read, without a YAML dependency: the block subset such a file needs
// (mappings, sequences, plain and quoted scalars, `[a, b]` and `{k: v}` of scalars, comments),
// read with YAML 1.2's core schema (true/false, null/~, numbers; everything else is text).
// Anything else (anchors, aliases, tags, multi-line scalars, several documents) is refused
// with its line number rather than guessed at: the file can always be JSON instead.

export class YamlError extends Error {
  override name = 'YamlError';
}

interface Line {
  no: number;
  indent: number;
  text: string;
}

const UNSUPPORTED: [RegExp, string][] = [
  [/^[&*!]/, 'anchors, aliases and tags'],
  [/^[|>][-+0-9]*$/, 'multi-line scalars (| and >)'],
];

/** Pure: the value a YAML document of this subset describes. */
export function parseYaml(text: string): unknown {
  const lines: Line[] = [];
  let docs = 0;
  text.split(/\r?\n/).forEach((raw, i) => {
    const no = i + 1;
    if (/^\t| \t/.test(raw.match(/^[ \t]*/)![0])) throw new YamlError(`line ${no}: tabs cannot indent YAML`);
    const body = stripComment(raw).trimEnd();
    if (!body.trim()) return;
    if (/^(---|\.\.\.)(\s|$)/.test(body)) {
      if (body.startsWith('---') && ++docs > 1) throw new YamlError(`line ${no}: several documents in one file are not read`);
      if (body.slice(3).trim()) throw new YamlError(`line ${no}: content after --- is not read`);
      return;
    }
    const indent = body.length - body.trimStart().length;
    lines.push({ no, indent, text: body.trimStart() });
  });
  if (lines.length === 0) return null;
  const p = new Parser(lines);
  const value = p.block(lines[0]!.indent);
  const left = p.peek();
  if (left) throw new YamlError(`line ${left.no}: unexpected indentation or content`);
  return value;
}

class Parser {
  private i = 0;
  constructor(private readonly lines: Line[]) {}

  peek(): Line | undefined {
    return this.lines[this.i];
  }

  block(indent: number): unknown {
    const l = this.peek()!;
    return isItem(l.text) ? this.sequence(indent) : this.mapping(indent);
  }

  private sequence(indent: number): unknown[] {
    const out: unknown[] = [];
    for (let l = this.peek(); l && l.indent === indent && isItem(l.text); l = this.peek()) {
      const rest = l.text.slice(1).trimStart();
      if (!rest) {
        this.i++;
        out.push(this.nested(indent, l.no));
      } else if (keyOf(rest) !== undefined) {
        // `- key: value`: a mapping whose lines align with the first key.
        this.lines[this.i] = { no: l.no, indent: indent + (l.text.length - rest.length), text: rest };
        out.push(this.mapping(this.lines[this.i]!.indent));
      } else {
        this.i++;
        out.push(scalar(rest, l.no));
      }
    }
    return out;
  }

  private mapping(indent: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (let l = this.peek(); l && l.indent === indent && !isItem(l.text); l = this.peek()) {
      const kv = keyOf(l.text);
      if (kv === undefined) throw new YamlError(`line ${l.no}: expected "key: value"`);
      const [key, rest] = kv;
      if (Object.hasOwn(out, key)) throw new YamlError(`line ${l.no}: the key "${key}" is given twice`);
      this.i++;
      if (rest) out[key] = scalar(rest, l.no);
      else {
        const next = this.peek();
        // `key:` followed by `- item` at the same indentation is a sequence, as YAML allows.
        out[key] = next && next.indent === indent && isItem(next.text) ? this.sequence(indent) : this.nested(indent, l.no);
      }
    }
    return out;
  }

  /** The value indented under a line, or null when nothing is. */
  private nested(parent: number, no: number): unknown {
    const next = this.peek();
    if (!next || next.indent <= parent) return null;
    if (next.no === no) throw new YamlError(`line ${no}: unexpected content`);
    return this.block(next.indent);
  }
}

function isItem(text: string): boolean {
  return text === '-' || text.startsWith('- ');
}

/** `key: value` → [key, value]; undefined when the text is not a mapping entry. */
function keyOf(text: string): [string, string] | undefined {
  let key: string;
  let rest: string;
  if (text.startsWith('"') || text.startsWith("'")) {
    const end = closingQuote(text);
    if (end < 0 || text[end + 1] !== ':' || (text.length > end + 2 && text[end + 2] !== ' ')) return undefined;
    key = String(scalar(text.slice(0, end + 1), 0));
    rest = text.slice(end + 2);
  } else {
    const m = /^([^\s#"'[\]{},&*!|>][^:#]*?|[^\s#"'[\]{},&*!|>]):(?:\s+|$)(.*)$/.exec(text);
    if (!m) return undefined;
    key = m[1]!.trim();
    rest = m[2]!;
  }
  return [key, rest.trim()];
}

function closingQuote(text: string): number {
  const q = text[0]!;
  for (let i = 1; i < text.length; i++) {
    if (q === '"' && text[i] === '\\') i++;
    else if (text[i] === q) {
      if (q === "'" && text[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (quote === '"' && c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s[{,:-]/.test(line[i - 1]!)) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i);
  }
  return line;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', '/': '/', '0': '\0' };

function scalar(text: string, no: number): unknown {
  const t = text.trim();
  for (const [re, what] of UNSUPPORTED) if (re.test(t)) throw new YamlError(`line ${no}: ${what} are not read; write the file as JSON`);
  if (t.startsWith('"') || t.startsWith("'")) {
    const end = closingQuote(t);
    if (end !== t.length - 1) throw new YamlError(`line ${no}: a quoted text must end where it started (multi-line texts are not read)`);
    const inner = t.slice(1, -1);
    if (t[0] === "'") return inner.replace(/''/g, "'");
    return inner.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_m, e: string) => {
      if (e.startsWith('u') && e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
      const out = ESCAPES[e];
      if (out === undefined) throw new YamlError(`line ${no}: unknown escape \\${e}`);
      return out;
    });
  }
  if (t.startsWith('[')) return flow(t, '[', ']', no).map((x) => scalar(x, no));
  if (t.startsWith('{')) {
    const out: Record<string, unknown> = {};
    for (const part of flow(t, '{', '}', no)) {
      const kv = keyOf(part);
      if (!kv) throw new YamlError(`line ${no}: expected "key: value" in {...}`);
      out[kv[0]] = scalar(kv[1], no);
    }
    return out;
  }
  if (t === '' || t === '~' || /^(null|Null|NULL)$/.test(t)) return null;
  if (/^(true|True|TRUE)$/.test(t)) return true;
  if (/^(false|False|FALSE)$/.test(t)) return false;
  if (/^[-+]?[0-9]+$/.test(t)) return Number(t);
  if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(t)) return Number(t);
  if (/^[[\]{},]/.test(t) || /:\s/.test(t)) throw new YamlError(`line ${no}: "${t}" needs quotes`);
  return t;
}

/** The comma-separated items of a one-line `[...]` or `{...}` of scalars. */
function flow(t: string, open: string, close: string, no: number): string[] {
  if (!t.endsWith(close)) throw new YamlError(`line ${no}: ${open}...${close} must close on the same line`);
  const inner = t.slice(1, -1).trim();
  if (!inner) return [];
  const parts: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (quote) {
      if (quote === '"' && c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') throw new YamlError(`line ${no}: nested ${c}...${c === '[' ? ']' : '}'} is not read; write the file as JSON`);
    else if (c === ',') {
      parts.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(inner.slice(start).trim());
  return parts.filter((p, i) => p !== '' || i < parts.length - 1);
}
