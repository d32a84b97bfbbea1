// A container's environment as a file: dotenv (KEY=VALUE lines) or a JSON object, read and
// written so that what `serverless env export` writes, `serverless env import` reads back
// exactly (newlines, quotes, `$`, `#`, unicode). Our own small parser rather than a
// library: the grammar below is all we accept, every refusal names its line, and nothing
// is ever expanded (`$HOME` stays the five characters it is).
//
//   # a comment            blank lines and comments are skipped
//   export KEY=value       an `export ` prefix is allowed (a file that a shell can source)
//   KEY=value # note       unquoted: trimmed; ` #` starts a comment; no escapes
//   KEY='it''s literal'    single quotes: taken as written, may span lines
//   KEY="a\nb \"q\" \$x"   double quotes: \n \r \t \" \\ \$ escapes, may span lines

/** A variable name as the API accepts it: letters, digits and _, not starting with a digit. */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export class EnvFileError extends Error {
  override name = 'EnvFileError';
  constructor(
    message: string,
    /** 1-based; undefined for a JSON file (its key is named instead). */
    readonly line?: number,
  ) {
    super(line === undefined ? message : `line ${line}: ${message}`);
  }
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\', $: '$' };

/** Parses a dotenv file into variables (a later line of the same name wins, as in a shell). */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const src = text.replace(/^\uFEFF/, '');
  let i = 0;
  let line = 1;
  const rest = () => {
    const end = src.indexOf('\n', i);
    return end < 0 ? src.length : end;
  };
  while (i < src.length) {
    const start = line;
    const eol = rest();
    const raw = src.slice(i, eol).replace(/\r$/, '');
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) {
      i = eol + 1;
      line++;
      continue;
    }
    const m = /^\s*(?:export\s+)?([^=\s]*)\s*=\s*/.exec(raw);
    if (!m) throw new EnvFileError(`expected KEY=VALUE, found "${clip(trimmed)}"`, start);
    const key = m[1]!;
    if (!ENV_NAME.test(key)) throw new EnvFileError(`"${clip(key)}" is not a valid variable name (letters, digits and _, not starting with a digit)`, start);
    i += m[0].length;
    const quote = src[i];
    if (quote === '"' || quote === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= src.length) throw new EnvFileError(`the ${quote === '"' ? 'double' : 'single'} quote opened here is never closed`, start);
        const c = src[i]!;
        if (c === quote) break;
        if (c === '\n') line++;
        if (c === '\\' && quote === '"') {
          const next = src[i + 1];
          const mapped = next === undefined ? undefined : ESCAPES[next];
          if (mapped === undefined) throw new EnvFileError(`unknown escape "\\${next ?? ''}" inside double quotes (known: \\n \\r \\t \\" \\\\ \\$)`, line);
          value += mapped;
          i += 2;
          continue;
        }
        value += c;
        i++;
      }
      i++;
      const tailEnd = rest();
      const tail = src.slice(i, tailEnd).replace(/\r$/, '');
      if (tail.trim() !== '' && !/^\s+#/.test(tail) && !tail.trim().startsWith('#')) throw new EnvFileError(`unexpected text after the closing quote: "${clip(tail.trim())}"`, line);
      out[key] = value;
      i = tailEnd + 1;
      line++;
      continue;
    }
    let value = src.slice(i, eol).replace(/\r$/, '');
    const hash = /(^|\s)#/.exec(value);
    if (hash) value = value.slice(0, hash.index);
    out[key] = value.trim();
    i = eol + 1;
    line++;
  }
  return out;
}

/** Parses a JSON object of names to text values (what `export --format json` writes). */
export function parseEnvJson(text: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new EnvFileError(`not valid JSON: ${(err as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new EnvFileError('a JSON environment file holds one object of names to text values');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) {
    if (!ENV_NAME.test(k)) throw new EnvFileError(`"${clip(k)}" is not a valid variable name (letters, digits and _, not starting with a digit)`);
    if (typeof v !== 'string') throw new EnvFileError(`the value of ${k} is not text`);
    out[k] = v;
  }
  return out;
}

/** A file in either format: JSON when it starts with `{` (no dotenv line can), dotenv otherwise. */
export function parseEnvFile(text: string, format?: 'dotenv' | 'json'): Record<string, string> {
  const json =
    format === 'json' ||
    (format === undefined &&
      text
        .replace(/^\uFEFF/, '')
        .trimStart()
        .startsWith('{'));
  return json ? parseEnvJson(text) : parseDotenv(text);
}

/** dotenv text: every value double-quoted with the escapes parseDotenv reads. */
export function formatDotenv(env: Record<string, string>): string {
  return Object.entries(env)
    .map(([k, v]) => `${k}="${v.replace(/[\\"$\n\r\t]/g, (c) => ({ '\\': '\\\\', '"': '\\"', $: '\\$', '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c]!)}"\n`)
    .join('');
}

export function formatEnvJson(env: Record<string, string>): string {
  return `${JSON.stringify(env, null, 2)}\n`;
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
