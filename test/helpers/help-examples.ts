// The `infra ...` command lines of a --help's Examples section, as argument vectors, so a
// test can run them against the simulator as written. Pipelines keep their infra part
// (`infra x --json | jq ...`), command substitutions their inside (`"$(infra x --url)"`),
// and `printf '...' | infra ...` becomes the command with that text on standard input.

export interface ExampleRun {
  argv: string[];
  stdin?: string;
  line: string;
}

/** Shell words with single and double quotes (no expansions: examples use none inside infra's part). */
export function shellWords(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: '"' | "'" | null = null;
  let started = false;
  for (const c of text) {
    if (quote) {
      if (c === quote) quote = null;
      else cur += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      started = true;
    } else if (/\s/.test(c)) {
      if (started || cur) out.push(cur);
      cur = '';
      started = false;
    } else cur += c;
  }
  if (started || cur) out.push(cur);
  return out;
}

export function exampleRuns(help: string): ExampleRun[] {
  const at = help.indexOf('Examples:\n');
  if (at < 0) return [];
  const lines = help
    .slice(at + 'Examples:\n'.length)
    .split('\n')
    .filter((l) => l.startsWith('  '))
    .map((l) => l.trim());
  return lines.map((line) => {
    const sub = /\$\((infra [^)]*)\)/.exec(line)?.[1];
    const segments = (sub ?? line).split(' | ');
    const printf = segments[0]?.startsWith('printf ') ? shellWords(segments[0]).at(-1) : undefined;
    const command = segments.find((s) => s.startsWith('infra '))!;
    return { argv: shellWords(command).slice(1), line, ...(printf === undefined ? {} : { stdin: printf }) };
  });
}
