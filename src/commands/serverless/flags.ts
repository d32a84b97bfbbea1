// The flags of the rollout commands and their parsing: everything is checked before the
// first request, and every error names its flag (exit 2).
import { InvalidArgumentError } from 'commander';
import { UsageError } from '../../cli/errors.js';
import { flag, list, option, toggle, withChoices } from '../../cli/command.js';
import { DEFAULT_INTERVAL_MS, DEFAULT_TIMEOUT_MS, progressOption, waitFlagsOf, type ProgressFormat, type WaitFlags } from '../kit/wait/flags.js';
import { durationOption } from '../../cli/options.js';
import { formatDuration } from '../../shared/duration.js';
import type { ContainerChange } from '../../client/serverless.js';

const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** One `--env KEY=VALUE` (repeatable). */
export function envPair(value: string): [string, string] {
  const eq = value.indexOf('=');
  if (eq < 0) throw new InvalidArgumentError(`--env expects KEY=VALUE, got "${value}" (no "=").`);
  const key = value.slice(0, eq);
  if (!ENV_KEY.test(key)) throw new InvalidArgumentError(`--env: "${key}" is not a valid variable name (letters, digits and _, not starting with a digit).`);
  return [key, value.slice(eq + 1)];
}

/** One `--unset-env KEY` (repeatable). */
export function envKey(value: string): string {
  if (!ENV_KEY.test(value)) throw new InvalidArgumentError(`--unset-env: "${value}" is not a valid variable name.`);
  return value;
}

export function rangeInt(name: string, min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || n < min || n > max) throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}.`);
    return n;
  };
}

export type { ProgressFormat, WaitFlags };
export { DEFAULT_INTERVAL_MS, DEFAULT_TIMEOUT_MS };

/** --wait/--timeout/--interval/--progress of a rollout; the last three mean nothing without --wait (`always` for `serverless wait`). */
export function waitFlags(opts: { wait?: boolean; timeout?: number; interval?: number; progress?: ProgressFormat }, always = false): WaitFlags {
  return waitFlagsOf(opts, always, 'the rollout');
}

const MIN_INTERVAL_MS = 100;

/** --timeout and --interval (and --wait, on the commands that may or may not wait). */
export function waitOptions() {
  return {
    wait: flag('--wait', 'wait until the rollout of this change finishes (exit 0 ready, 3 degraded, 1 failed/cancelled, 6 timeout)'),
    ...timingOptions(),
  };
}

export function timingOptions() {
  return {
    timeout: option('--timeout <duration>', 'give up waiting after this long, e.g. 90s, 15m, 2h (default 15m; the rollout goes on)', durationOption('--timeout', { min: 1_000 })),
    interval: option('--interval <duration>', 'longest pause between status checks; checks start at 1s and back off to it (default 5s)', durationOption('--interval', { min: MIN_INTERVAL_MS })),
    progress: progressOption(),
  };
}

/** `--preflight`: check the image with the registry before any change. */
export function preflightOption() {
  return {
    preflight: flag('--preflight', 'check the image first (GET /registry/preflight: exists, linux/amd64, pullable) and change nothing if it cannot run'),
  };
}

/** The settings of a container that create and update share. */
export function specOptions() {
  return {
    port: option('--port <port>', 'port the container listens on (1-65535)', rangeInt('--port', 1, 65535)),
    env: list('--env <KEY=VALUE>', 'set an environment variable (repeatable)', envPair),
    min: option('--min <n>', 'minimum instances (0 scales to zero)', rangeInt('--min', 0, 1000)),
    max: option('--max <n>', 'maximum instances per revision', rangeInt('--max', 1, 1000)),
    profile: withChoices(option('--profile <name>', 'resource profile', profileOption), RESOURCE_PROFILES),
    // The facts give no range for initial_scale: the bound of --min, so the CLI refuses nothing
    // the API could take; beyond what a server allows, its 422 speaks.
    initialScale: option('--initial-scale <n>', 'instances a new revision starts with (initial_scale, 0-1000)', rangeInt('--initial-scale', 0, 1000)),
    scaleDownDelay: option('--scale-down-delay <duration>', 'how long an idle instance is kept before it is scaled down, in whole seconds: 0s, 30s, 5m (scale_down_delay_seconds)', (v: string) =>
      delaySeconds('--scale-down-delay', v),
    ),
    buildCache: toggle('--build-cache', 'let builds reuse their cache (build_cache_enabled: true)'),
    noBuildCache: toggle('--no-build-cache', 'build without the cache (build_cache_enabled: false); neither flag: left as it is'),
  };
}

/**
 * A scale-down delay as whole seconds (the API takes `scale_down_delay_seconds`): a duration
 * with a unit, 0s allowed; a fraction of a second is refused rather than rounded.
 */
export function delaySeconds(name: string, value: string): number {
  // Sent to the API, not waited for here: no timer bound.
  const ms = durationOption(name, { max: Number.POSITIVE_INFINITY })(value);
  if (ms % 1_000 !== 0) throw new InvalidArgumentError(`${name} must be whole seconds, e.g. 30s or 5m (got ${value.trim()}; the API takes seconds).`);
  return ms / 1_000;
}

/** The container settings v1.7.0 added, as the API names them. */
export type Settings = Pick<ContainerChange, 'initial_scale' | 'scale_down_delay_seconds' | 'build_cache_enabled'>;

/** The settings the flags (or a file entry read as them) give; none given: {}. */
export function settingsFrom(f: { initialScale?: number; scaleDownDelay?: number; buildCache?: boolean }): Settings {
  const out: Settings = {};
  if (f.initialScale !== undefined) out.initial_scale = f.initialScale;
  if (f.scaleDownDelay !== undefined) out.scale_down_delay_seconds = f.scaleDownDelay;
  if (f.buildCache !== undefined) out.build_cache_enabled = f.buildCache;
  return out;
}

/** A delay in seconds as people read it (`5m`, `0s`). */
export function delayText(seconds: number): string {
  return formatDuration(seconds * 1_000);
}

export const RESOURCE_PROFILES = ['free', 'micro', 'small', 'medium', 'large'] as const;

/** commander argParser for --profile: the API's resource profiles (UpdateServerlessContainerRequest). */
export function profileOption(value: string): string {
  const v = value.trim().toLowerCase();
  if (!(RESOURCE_PROFILES as readonly string[]).includes(v)) throw new InvalidArgumentError(`--profile must be one of ${RESOURCE_PROFILES.join(', ')}.`);
  return v;
}

/**
 * `--image REF` as the API takes it: `image` + `image_tag` (docs/behaviour.md#wire). The tag is what
 * follows the last colon after the last slash (a registry port is not a tag); no tag means
 * `latest`, as for docker. A digest cannot be expressed in these two fields.
 */
export function splitImage(ref: string): { image: string; image_tag: string } {
  const r = ref.trim();
  if (r.includes('@')) throw new UsageError(`--image ${r}: a digest reference cannot be sent (the API takes an image and a tag)`, 'give the image as name:tag');
  const slash = r.lastIndexOf('/');
  const colon = r.lastIndexOf(':');
  if (colon > slash) {
    const image = r.slice(0, colon);
    const tag = r.slice(colon + 1);
    if (!image || !tag) throw new UsageError(`--image ${r}: expected name:tag`);
    return { image, image_tag: tag };
  }
  return { image: r, image_tag: 'latest' };
}

/** A slug from a name: lowercase letters, digits and hyphens, at most 63 characters (docs/behaviour.md#wire). */
export function slugFrom(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

/** commander argParser for --slug. */
export function slugOption(value: string): string {
  const v = value.trim();
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(v)) throw new InvalidArgumentError('--slug takes lowercase letters, digits and hyphens (at most 63, not starting or ending with a hyphen).');
  return v;
}

/** The spec fields given on the command line (env handled separately: update merges it). */
export function specFields(opts: {
  image?: string;
  port?: number;
  min?: number;
  max?: number;
  profile?: string;
  initialScale?: number;
  scaleDownDelay?: number;
  buildCache?: boolean;
}): ContainerChange {
  const change: ContainerChange = {};
  if (opts.image !== undefined) Object.assign(change, splitImage(opts.image));
  if (opts.port !== undefined) change.port = opts.port;
  if (opts.min !== undefined) change.min_scale = opts.min;
  if (opts.max !== undefined) change.max_scale = opts.max;
  if (opts.profile !== undefined) change.resource_profile = opts.profile;
  Object.assign(change, settingsFrom(opts));
  if (change.min_scale !== undefined && change.max_scale !== undefined && change.min_scale > change.max_scale)
    throw new UsageError(`--min ${change.min_scale} is greater than --max ${change.max_scale}`);
  return change;
}

export interface EnvEdits {
  set: [string, string][];
  unset: string[];
}

export function envEdits(opts: { env: [string, string][]; unsetEnv?: string[] }): EnvEdits {
  const set = opts.env;
  const unset = opts.unsetEnv ?? [];
  const both = unset.filter((k) => set.some(([s]) => s === k));
  if (both.length) throw new UsageError(`${both[0]} is given to both --env and --unset-env`);
  return { set, unset };
}

/**
 * The whole environment after the edits. The API takes `environment_variables` as one
 * object (docs/behaviour.md#wire), so an update sends the current variables with the edits applied.
 * Later `--env` of the same key wins, as in `docker run`.
 */
export function applyEnv(current: Record<string, string>, edits: EnvEdits): Record<string, string> {
  const next: Record<string, string> = { ...current };
  for (const [k, v] of edits.set) next[k] = v;
  for (const k of edits.unset) delete next[k];
  return next;
}
