// Whether to colour a stream, decided once: chalk ignores NO_COLOR, so the rule lives here.
// Order: --no-color, NO_COLOR, FORCE_COLOR / CLICOLOR_FORCE, CLICOLOR=0, then TTY and TERM.
export function colorEnabled(opts: { noColorFlag: boolean; isTTY: boolean }, env: Record<string, string | undefined>): boolean {
  if (opts.noColorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.CLICOLOR_FORCE !== undefined && env.CLICOLOR_FORCE !== '0') return true;
  if (env.CLICOLOR === '0') return false;
  return opts.isTTY && env.TERM !== 'dumb';
}

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
}

const plain: Style = { bold: (s) => s, dim: (s) => s, red: (s) => s, green: (s) => s, yellow: (s) => s, cyan: (s) => s };

export async function makeStyle(enabled: boolean): Promise<Style> {
  if (!enabled) return plain;
  const { Chalk } = await import('chalk');
  const c = new Chalk({ level: 1 });
  return { bold: c.bold, dim: c.dim, red: c.red, green: c.green, yellow: c.yellow, cyan: c.cyan };
}

export const plainStyle = plain;
