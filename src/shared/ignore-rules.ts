// Which files a source upload leaves out: a small, documented subset of gitignore syntax, read
// from the root `.gitignore` and `.infraignore` of the directory (in that order, so
// `.infraignore` can re-include with `!` what `.gitignore` leaves out). Supported:
// - blank lines and lines starting with `#` are skipped; trailing spaces are trimmed;
// - `*` matches anything but `/`, `?` one character but `/`;
// - `**/` at the start matches in every directory, `/**` at the end everything inside,
//   `/**/` zero or more directories;
// - a trailing `/` matches directories only;
// - a leading `/`, or a `/` inside the pattern, anchors it to the root; otherwise it matches
//   a file or directory of that name at any depth;
// - a leading `!` re-includes what an earlier line left out (the last matching line wins).
// Not supported (matched literally): character classes `[a-z]`, escapes `\#`, nested ignore
// files. As in git, a file inside a left-out directory cannot be re-included: the walk does
// not enter that directory.

export interface IgnoreRule {
  /** The line as written (for messages). */
  source: string;
  negate: boolean;
  dirOnly: boolean;
  regex: RegExp;
}

function globToRegex(glob: string): string {
  let re = '';
  let i = 0;
  while (i < glob.length) {
    if (glob.startsWith('**/', i) && i === 0) {
      re += '(?:.*/)?';
      i += 3;
    } else if (glob.startsWith('/**/', i)) {
      re += '/(?:.*/)?';
      i += 4;
    } else if (glob.startsWith('/**', i) && i + 3 === glob.length) {
      re += '/.*';
      i += 3;
    } else if (glob.startsWith('**', i)) {
      re += '.*';
      i += 2;
    } else {
      const ch = glob[i]!;
      re += ch === '*' ? '[^/]*' : ch === '?' ? '[^/]' : ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
      i += 1;
    }
  }
  return re;
}

/** One line of an ignore file as a rule, or null for a blank line or a comment. */
export function parseRule(line: string): IgnoreRule | null {
  let p = line.replace(/\s+$/, '');
  if (p === '' || p.startsWith('#')) return null;
  const negate = p.startsWith('!');
  if (negate) p = p.slice(1);
  const dirOnly = p.endsWith('/');
  if (dirOnly) p = p.replace(/\/+$/, '');
  if (p === '') return null;
  const anchored = p.startsWith('/') || p.includes('/');
  p = p.replace(/^\/+/, '');
  const body = globToRegex(p);
  // Unanchored: the name at any depth; anchored: the path from the root.
  const regex = new RegExp(anchored || p.startsWith('**/') ? `^${body}$` : `^(?:.*/)?${body}$`);
  return { source: line.trim(), negate, dirOnly, regex };
}

export function parseIgnore(text: string): IgnoreRule[] {
  return text.split(/\r?\n/).flatMap((l) => {
    const r = parseRule(l);
    return r ? [r] : [];
  });
}

/** Whether `path` (relative, `/`-separated) is left out: the last rule that matches decides. */
export function isIgnored(rules: readonly IgnoreRule[], path: string, isDir: boolean): boolean {
  const rule = decidingRule(rules, path, isDir);
  return rule !== undefined && !rule.negate;
}

/** The last rule that matches `path` (it decides: a `!` rule re-includes), or undefined. */
export function decidingRule<R extends IgnoreRule>(rules: readonly R[], path: string, isDir: boolean): R | undefined {
  let found: R | undefined;
  for (const r of rules) {
    if (r.dirOnly && !isDir) continue;
    if (r.regex.test(path)) found = r;
  }
  return found;
}

/**
 * A `.dockerignore`: Docker anchors every pattern at the root of the build context (`*.log`
 * is the root's logs only, unlike in a `.gitignore`), so each line is read as if it began
 * with `/`. Docker's other differences (a `!` line can re-include a file inside a left-out
 * directory) are not followed: the walk does not enter a left-out directory.
 */
export function parseDockerIgnore(text: string): IgnoreRule[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return [];
    const negate = trimmed.startsWith('!');
    const body = (negate ? trimmed.slice(1) : trimmed).replace(/^(\.\/)+/, '').replace(/^\/*/, '/');
    const r = parseRule(`${negate ? '!' : ''}${body}`);
    return r ? [{ ...r, source: trimmed }] : [];
  });
}
