// Commander's usage errors, said once and pointed at the command's own help. Commander wraps
// an argument parser's message as "option '--timeout <duration>' argument '5x' is invalid.
// <message>", and our parsers' messages already name the flag and the value.

const INVALID_ARGUMENT = /^error: option '(-[^' ]+)(?:[^']*)' argument '(.*)' is invalid\. (.+)$/;

/** The lines to print on stderr for commander's error text about `infra <path>`. */
export function usageLines(text: string, path: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const suggestion = /^\(Did you mean (.+)\?\)$/.exec(line);
    if (suggestion) {
      out.push(`hint: did you mean ${suggestion[1]}?`);
      continue;
    }
    const invalid = INVALID_ARGUMENT.exec(line);
    if (invalid) {
      const [, flag, value, reason] = invalid;
      out.push(`error: ${reason!.includes(flag!) ? reason : `${flag}: "${value}": ${reason}`}`);
      continue;
    }
    out.push(line.startsWith('error:') ? line : `error: ${line}`);
  }
  if (out.length === 0) out.push('error: invalid usage');
  const command = ['infra', ...path].join(' ');
  out.push(path.length > 0 ? `hint: see '${command} --help'` : "hint: run 'infra --help' or 'infra <command> --help' for usage");
  return out;
}
