// `--parameters`: a JSON object given inline, from a file (`@path`) or from standard input
// (`-`). Inline and file values are checked while the flags are parsed; standard input is read
// when the command starts. Either way a bad value is exit 2 before any request.
import { InvalidArgumentError } from 'commander';
import type { App } from '../../cli/app.js';
import { UsageError } from '../../cli/errors.js';
import { readStdin } from '../kit/stdin.js';
import { InputProblem, readTextFileSync } from '../kit/input.js';

export type Parameters = Record<string, string | number | boolean | null>;
export type ParametersSource = { from: 'value'; value: Parameters } | { from: 'stdin' };

/** The map a JSON text holds, or the reason it is not one. */
function parse(text: string, where: string): Parameters | string {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    return `${where} is not valid JSON (${(err as Error).message})`;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return `${where} must be a JSON object of parameter names and values, such as {"max_connections": "200"}`;
  for (const [k, x] of Object.entries(v)) {
    if (x !== null && !['string', 'number', 'boolean'].includes(typeof x)) return `${where}: the value of "${k}" must be a string, number, boolean or null`;
  }
  return v as Parameters;
}

/** commander argParser of --parameters. */
export function parametersOption(value: string): ParametersSource {
  if (value === '-') return { from: 'stdin' };
  let text = value;
  let where = '--parameters';
  if (value.startsWith('@')) {
    const file = value.slice(1);
    where = `--parameters: ${file}`;
    try {
      text = readTextFileSync(file);
    } catch (err) {
      if (err instanceof InputProblem) throw new InvalidArgumentError(`--parameters: ${err.message}.`);
      throw err;
    }
  }
  const parsed = parse(text, where);
  if (typeof parsed === 'string') throw new InvalidArgumentError(parsed);
  return { from: 'value', value: parsed };
}

/** The parameters, reading standard input when asked (call before any request). */
export async function resolveParameters(app: App, source: ParametersSource): Promise<Parameters> {
  if (source.from === 'value') return source.value;
  const parsed = parse(await readStdin(app, '--parameters -'), '--parameters (standard input)');
  if (typeof parsed === 'string') throw new UsageError(parsed);
  return parsed;
}

const KEY = /^[^\s=,]+$/;

/** commander argParser of --locked: comma-separated parameter names; empty clears the list. */
export function lockedOption(value: string): string[] {
  const keys = value
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const bad = keys.find((k) => !KEY.test(k));
  if (bad !== undefined || (value.trim() !== '' && keys.length === 0)) throw new InvalidArgumentError(`--locked takes parameter names separated by commas; "${bad ?? value}" is not one.`);
  return keys;
}

/** commander argParser of one --set KEY=VALUE (the value is text, as the API keeps it). */
export function setOption(value: string): [string, string] {
  const eq = value.indexOf('=');
  const key = eq < 0 ? '' : value.slice(0, eq).trim();
  if (!KEY.test(key)) throw new InvalidArgumentError(`--set expects NAME=VALUE, got "${value}".`);
  return [key, value.slice(eq + 1)];
}

/** commander argParser of one --unset NAME. */
export function unsetOption(value: string): string {
  const key = value.trim();
  if (!KEY.test(key)) throw new InvalidArgumentError(`--unset expects a parameter name, got "${value}".`);
  return key;
}
