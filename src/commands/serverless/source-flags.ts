// The container flags beyond the image and scale bounds: building from a git repository
// (create), the readiness probe and the registry credential (create and update), and how the
// platform scales and how long one request may run (update). Names follow the provider's CLI
// where they do not clash with ours; `--request-timeout` is the one renamed (docs/decisions.md:
// `--timeout` already is the wait's duration). Every value is checked before any request.
import { InvalidArgumentError } from 'commander';
import { option, withChoices } from '../../cli/command.js';
import { UsageError } from '../../cli/errors.js';
import { nonEmpty } from '../../cli/options.js';
import type { ContainerChange } from '../../client/serverless.js';
import { rangeInt } from './flags.js';

export const SOURCE_TYPES = ['dockerfile', 'buildpack'] as const;
export const SCALING_METRICS = ['rps', 'concurrency'] as const;
/** The longest request the platform lets a container take, in seconds (the provider's CLI says "max 900"). */
export const MAX_REQUEST_TIMEOUT_S = 900;

function oneOf(name: string, values: readonly string[]) {
  return (value: string): string => {
    const v = value.trim().toLowerCase();
    if (!values.includes(v)) throw new InvalidArgumentError(`${name} must be one of ${values.join(', ')}.`);
    return v;
  };
}

/** A git URL the platform can clone: https, ssh (`ssh://`, `git@host:path`) or git; never credentials inside it. */
export function repoUrl(value: string): string {
  const v = value.trim();
  const scp = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:[^\s]+$/.test(v);
  let url: URL | undefined;
  try {
    url = new URL(v);
  } catch {
    url = undefined;
  }
  if (!scp && !(url && ['https:', 'http:', 'ssh:', 'git:'].includes(url.protocol) && url.hostname))
    throw new InvalidArgumentError('--repo takes a git URL: https://host/owner/repo.git or git@host:owner/repo.git.');
  // A token in the URL would be stored in the container's settings and shown by every `get`.
  if (url && (url.password || (url.protocol.startsWith('http') && url.username)))
    throw new InvalidArgumentError('--repo must not carry credentials (user:token@): the URL is stored and shown with the container.');
  return v;
}

/** A path inside the repository: relative, no `..` (the build would leave its checkout). */
function repoPath(name: string) {
  return (value: string): string => {
    const v = value.trim();
    if (!v || /^[/\\]/.test(v) || v.split(/[/\\]/).includes('..')) throw new InvalidArgumentError(`${name} takes a path inside the repository, such as . or services/api.`);
    return v;
  };
}

/** A readiness probe path: an absolute URL path, as the platform requests it. */
function probePath(value: string): string {
  const v = value.trim();
  if (!/^\/[^\s?#]*$/.test(v)) throw new InvalidArgumentError('--health-check-path takes a URL path starting with /, such as /healthz.');
  return v;
}

/** `infra serverless create --repo`: build the container from a git repository. */
export function sourceOptions() {
  return {
    repo: option('--repo <url>', 'build from this git repository instead of running an image (deployment_type git_repository)', repoUrl),
    sourceType: withChoices(option('--source-type <type>', 'with --repo: build with the Dockerfile or a buildpack (default dockerfile)', oneOf('--source-type', SOURCE_TYPES)), SOURCE_TYPES),
    branch: option('--branch <name>', 'with --repo: the branch to build (the platform default: main)', nonEmpty('--branch')),
    contextPath: option('--context-path <dir>', 'with --repo: the build context inside the repository (default .)', repoPath('--context-path')),
    dockerfilePath: option('--dockerfile-path <file>', 'with --repo and the Dockerfile build: its path inside the repository (default Dockerfile)', repoPath('--dockerfile-path')),
  };
}

/** Create and update: how the platform checks readiness and pulls a private image. */
export function runtimeOptions() {
  return {
    healthCheckPath: option('--health-check-path <path>', 'readiness probe path, such as /healthz (health_check_path)', probePath),
    registryCredential: option('--registry-credential <id>', 'registry credential id for a private image outside your project namespace (registry_credential_id)', nonEmpty('--registry-credential')),
  };
}

/** Update: what scaling follows and how long one request may run. */
export function scalingOptions() {
  return {
    scalingMetric: withChoices(option('--scaling-metric <metric>', 'what scaling follows: rps or concurrency (scaling_metric)', oneOf('--scaling-metric', SCALING_METRICS)), SCALING_METRICS),
    scalingTarget: option('--scaling-target <n>', 'target of the scaling metric per instance (scaling_target, 1-10000)', rangeInt('--scaling-target', 1, 10_000)),
    concurrencyTarget: option('--concurrency-target <n>', 'concurrent requests per instance (concurrency_target, 1-1000)', rangeInt('--concurrency-target', 1, 1_000)),
    requestTimeout: option(
      '--request-timeout <seconds>',
      `how long one request may run before the platform ends it, in seconds, 1-${MAX_REQUEST_TIMEOUT_S} (timeout_seconds; not --timeout, the wait's)`,
      rangeInt('--request-timeout', 1, MAX_REQUEST_TIMEOUT_S),
    ),
  };
}

export interface SourceFlags {
  repo?: string;
  sourceType?: string;
  branch?: string;
  contextPath?: string;
  dockerfilePath?: string;
}

/** The git fields of a create; {} without --repo (and the git-only flags refused then). */
export function sourceFields(f: SourceFlags & { image?: string }): ContainerChange {
  const gitOnly = (['sourceType', 'branch', 'contextPath', 'dockerfilePath'] as const).filter((k) => f[k] !== undefined);
  const flagName = (k: string) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  if (f.repo === undefined) {
    if (f.image === undefined) throw new UsageError('give --image (run an image) or --repo (build from a git repository)');
    if (gitOnly.length) throw new UsageError(`${flagName(gitOnly[0]!)} needs --repo (it describes a build from a git repository)`);
    return {};
  }
  if (f.image !== undefined) throw new UsageError('give --image or --repo, not both', 'an image runs as it is; a repository is built into one');
  const sourceType = f.sourceType ?? 'dockerfile';
  if (sourceType === 'buildpack' && f.dockerfilePath !== undefined) throw new UsageError('--dockerfile-path has no use with --source-type buildpack');
  const change: ContainerChange = { deployment_type: 'git_repository', repository_url: f.repo, source_type: sourceType as 'dockerfile' | 'buildpack', git_auth_type: 'none' };
  if (f.branch !== undefined) change.repository_branch = f.branch;
  if (f.contextPath !== undefined) change.build_context_path = f.contextPath;
  if (f.dockerfilePath !== undefined) change.dockerfile_path = f.dockerfilePath;
  return change;
}

/** The fields of runtimeOptions() and scalingOptions() that were given. */
export function runtimeFields(f: {
  healthCheckPath?: string;
  registryCredential?: string;
  scalingMetric?: string;
  scalingTarget?: number;
  concurrencyTarget?: number;
  requestTimeout?: number;
}): ContainerChange {
  const change: ContainerChange = {};
  if (f.healthCheckPath !== undefined) change.health_check_path = f.healthCheckPath;
  if (f.registryCredential !== undefined) change.registry_credential_id = f.registryCredential;
  if (f.scalingMetric !== undefined) change.scaling_metric = f.scalingMetric as 'rps' | 'concurrency';
  if (f.scalingTarget !== undefined) change.scaling_target = f.scalingTarget;
  if (f.concurrencyTarget !== undefined) change.concurrency_target = f.concurrencyTarget;
  if (f.requestTimeout !== undefined) change.timeout_seconds = f.requestTimeout;
  return change;
}
