// The writer of the YAML that src/shared/yaml.ts reads: block mappings and sequences, scalars
// plain when the reader reads them back as the same text, double-quoted otherwise. Every
// control character and every character that reorders text on a terminal is written as a
// \u escape, so a value from the server can neither move the cursor nor hide itself when the
// file is printed. What it writes is read back as the same value (test/shared/yaml-write.test.ts).

export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue };

// Plain text the reader takes as text: no leading indicator, no `: ` or ` #`, not a number, bool or null.
const PLAIN = /^[A-Za-z_/.][A-Za-z0-9_./@+=-]*$/;
const NOT_TEXT = /^(true|True|TRUE|false|False|FALSE|null|Null|NULL|~|[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?)$/;
const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
// C0, DEL, C1, and the bidirectional controls and separators a terminal would act on.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** One YAML document for the value (a mapping or a sequence at the top), ending in a newline. */
export function writeYaml(value: YamlValue): string {
  const lines: string[] = [];
  block(value, 0, lines);
  return lines.join('\n') + '\n';
}

function block(value: YamlValue, indent: number, out: string[]): void {
  const pad = ' '.repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) out.push(`${pad}[]`);
    for (const item of value) {
      if (isMap(item) && Object.keys(item).length > 0) {
        // `- key: value`, the other keys aligned under the first.
        const inner: string[] = [];
        block(item, indent + 2, inner);
        out.push(`${pad}- ${inner[0]!.slice(indent + 2)}`, ...inner.slice(1));
      } else if (isNested(item)) {
        out.push(`${pad}-`);
        block(item, indent + 2, out);
      } else out.push(`${pad}- ${scalar(item)}`);
    }
    return;
  }
  if (isMap(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) out.push(`${pad}{}`);
    for (const k of keys) {
      const v = value[k]!;
      if (isNested(v)) {
        out.push(`${pad}${key(k)}:`);
        block(v, indent + 2, out);
      } else out.push(`${pad}${key(k)}: ${scalar(v)}`);
    }
    return;
  }
  out.push(`${pad}${scalar(value)}`);
}

const isMap = (v: YamlValue): v is { [key: string]: YamlValue } => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A non-empty list or mapping: written as a block under its key. */
const isNested = (v: YamlValue): boolean => (Array.isArray(v) ? v.length > 0 : isMap(v) && Object.keys(v).length > 0);

function scalar(v: YamlValue): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new TypeError(`a YAML file cannot hold the number ${v}`);
    return String(v);
  }
  if (Array.isArray(v)) return '[]';
  if (typeof v === 'object') return '{}';
  return PLAIN.test(v) && !NOT_TEXT.test(v) ? v : quote(v);
}

function key(k: string): string {
  return KEY.test(k) && !NOT_TEXT.test(k) ? k : quote(k);
}

/** Double-quoted with only the escapes the reader knows: \" \\ and \uXXXX. */
export function quote(text: string): string {
  let out = '"';
  for (const ch of text) {
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (UNSAFE.test(ch)) out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}
