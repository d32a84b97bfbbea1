// Flag parsing and validation for the rollout commands: everything is checked before the
// first request, and every error names its flag (exit 2).
import { InvalidArgumentError } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { ContainerChange } from '../../client/serverless.js';

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** commander argParser collecting repeatable `--env KEY=VALUE`. */
export function envPair(value: string, previous: [string, string][] = []): [string, string][] {
  const eq = value.indexOf('=');
  if (eq < 0) throw new InvalidArgumentError(`--env expects KEY=VALUE, got "${value}" (no "=").`);
  const key = value.slice(0, eq);
  if (!ENV_KEY.test(key)) throw new InvalidArgumentError(`--env: "${key}" is not a valid variable name (letters, digits and _, not starting with a digit).`);
  return [...previous, [key, value.slice(eq + 1)]];
}

/** commander argParser collecting repeatable `--unset-env KEY`. */
export function envKey(value: string, previous: string[] = []): string[] {
  if (!ENV_KEY.test(value)) throw new InvalidArgumentError(`--unset-env: "${value}" is not a valid variable name.`);
  return [...previous, value];
}

export function rangeInt(name: string, min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || n < min || n > max) throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}.`);
    return n;
  };
}

export function nonEmpty(name: string) {
  return (value: string): string => {
    const v = value.trim();
    if (!v || /\s/.test(v)) throw new InvalidArgumentError(`${name} needs a value without spaces.`);
    return v;
  };
}

export interface WaitFlags {
  wait: boolean;
  timeoutMs: number;
  intervalMs: number;
}

export const DEFAULT_TIMEOUT_MS = 15 * 60_000;
export const DEFAULT_INTERVAL_MS = 5_000;

/** --wait/--timeout/--interval; --timeout and --interval mean nothing without --wait (`always` for `serverless wait`). */
export function waitFlags(opts: Record<string, unknown>, always = false): WaitFlags {
  const wait = always || opts.wait === true;
  if (!wait) {
    const stray = (['timeout', 'interval'] as const).filter((k) => opts[k] !== undefined);
    if (stray.length) throw new UsageError(`--${stray[0]} applies only with --wait`, 'add --wait to wait for the rollout');
  }
  return {
    wait,
    timeoutMs: (opts.timeout as number | undefined) ?? DEFAULT_TIMEOUT_MS,
    intervalMs: (opts.interval as number | undefined) ?? DEFAULT_INTERVAL_MS,
  };
}

/** The spec fields given on the command line (env handled separately: update merges it). */
export function specFields(opts: Record<string, unknown>): ContainerChange {
  const change: ContainerChange = {};
  if (opts.image !== undefined) change.image_url = opts.image as string;
  if (opts.port !== undefined) change.port = opts.port as number;
  if (opts.min !== undefined) change.min_instances = opts.min as number;
  if (opts.max !== undefined) change.max_instances = opts.max as number;
  if (opts.profile !== undefined) change.resource_profile = opts.profile as string;
  if (change.min_instances !== undefined && change.max_instances !== undefined && change.min_instances > change.max_instances)
    throw new UsageError(`--min ${change.min_instances} is greater than --max ${change.max_instances}`);
  return change;
}

export interface EnvEdits {
  set: [string, string][];
  unset: string[];
}

export function envEdits(opts: Record<string, unknown>): EnvEdits {
  const set = (opts.env as [string, string][] | undefined) ?? [];
  const unset = (opts.unsetEnv as string[] | undefined) ?? [];
  const both = unset.filter((k) => set.some(([s]) => s === k));
  if (both.length) throw new UsageError(`${both[0]} is given to both --env and --unset-env`);
  return { set, unset };
}

/**
 * The whole environment after the edits. The API takes `environment_variables` as one
 * object (contract 12), so an update sends the current variables with the edits applied.
 * Later `--env` of the same key wins, as in `docker run`.
 */
export function applyEnv(current: Record<string, string>, edits: EnvEdits): Record<string, string> {
  const next: Record<string, string> = { ...current };
  for (const [k, v] of edits.set) next[k] = v;
  for (const k of edits.unset) delete next[k];
  return next;
}
