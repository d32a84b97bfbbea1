// Rollout outcomes chosen by the image tag (`image_tag`, docs/behaviour.md#simulator), with the
// platform reason strings and codes of spec table 7.2.

export interface FailureDef {
  code: string;
  reason: string;
  message: (image: string) => string;
  retryable: boolean;
  /** Whether a pod ever ran (false → Ready=False with zero replicas, empty log). */
  podRan: boolean;
  /** What the user container prints while failing (none when no pod ran). */
  logLines?: readonly string[];
  /** The container's `error_category`. */
  category: 'image' | 'configuration' | 'runtime' | 'timeout';
}

export type OutcomeKind = 'success' | 'noingress' | 'fail' | 'cancel';

export interface Outcome {
  kind: OutcomeKind;
  failure?: FailureDef;
  /** Sim milliseconds from rollout start to its terminal state. */
  durationMs: number;
}

export const QUEUE_DELAY_MS = 2_000;
export const ROLLOUT_MS = 10_000;
export const SLOW_ROLLOUT_MS = 60_000;
export const CANCEL_AFTER_MS = 3_000;

const FAILURES: Record<string, FailureDef> = {
  missing: {
    code: 'serverless.image_not_found',
    reason: 'ContainerMissing',
    message: (i) => `Unable to fetch image "${i}": failed to resolve image to digest: manifest unknown`,
    retryable: false,
    podRan: false,
    category: 'image',
  },
  private: {
    code: 'serverless.image_pull_auth',
    reason: 'ContainerMissing',
    message: (i) => `Unable to fetch image "${i}": UNAUTHORIZED: authentication required`,
    retryable: false,
    podRan: false,
    category: 'image',
  },
  arm64: {
    code: 'serverless.image_arch_mismatch',
    reason: 'ExitCode1',
    message: () => 'Container failed with: exec /app/server: exec format error (image is linux/arm64, nodes are amd64)',
    retryable: false,
    podRan: true,
    logLines: ['exec /app/server: exec format error'],
    category: 'image',
  },
  flaky: {
    code: 'serverless.image_pull_unknown',
    reason: 'ImagePullBackOff',
    message: (i) => `Back-off pulling image "${i}": registry returned an unexpected error`,
    retryable: true,
    podRan: false,
    category: 'image',
  },
  badconfig: {
    code: 'serverless.config_error',
    reason: 'RevisionFailed',
    message: () => 'Revision spec rejected: container port collides with a reserved port of the queue-proxy sidecar',
    retryable: false,
    podRan: false,
    category: 'configuration',
  },
  crash: {
    code: 'serverless.crash_loop',
    reason: 'CrashLoopBackOff',
    message: () => 'Container failed with: back-off restarting failed container (exit code 1)',
    retryable: false,
    podRan: true,
    logLines: ['INFO starting server on port 8080', 'ERROR unhandled exception: connect ECONNREFUSED 10.0.0.12:5432', 'ERROR process exited with code 1'],
    category: 'runtime',
  },
  oom: {
    code: 'serverless.oom_killed',
    reason: 'OOMKilled',
    message: () => 'Container was terminated: exceeded its memory limit (OOMKilled)',
    retryable: false,
    podRan: true,
    logLines: ['INFO warming cache', 'WARN heap usage above 90%', 'ERROR allocation failed: out of memory'],
    category: 'runtime',
  },
  slow: {
    code: 'serverless.progress_deadline',
    reason: 'ProgressDeadlineExceeded',
    message: () => 'Initial scale was never achieved: the revision did not become ready within the progress deadline',
    retryable: true,
    podRan: false,
    category: 'timeout',
  },
};

export function outcomeFor(tag: string): Outcome {
  if (tag === 'noingress') return { kind: 'noingress', durationMs: ROLLOUT_MS };
  if (tag === 'cancel') return { kind: 'cancel', durationMs: CANCEL_AFTER_MS };
  const failure = FAILURES[tag];
  if (failure) return { kind: 'fail', failure, durationMs: tag === 'slow' ? SLOW_ROLLOUT_MS : ROLLOUT_MS };
  return { kind: 'success', durationMs: ROLLOUT_MS };
}

/** A finding's `remediation` per failure code. */
export const HINTS: Record<string, string> = {
  'serverless.image_pull_auth': 'Fix the registry credential, then redeploy; retrying as is will not help.',
  'serverless.image_not_found': 'Fix the image reference (repository and tag), then redeploy.',
  'serverless.image_arch_mismatch': 'Rebuild the image for linux/amd64, then redeploy.',
  'serverless.invalid_image_ref': 'Correct the image reference syntax.',
  'serverless.image_pull_unknown': 'The image could not be fetched for an unclear reason; a redeploy may help.',
  'serverless.config_error': 'Fix the container configuration (port, environment, profile), then update.',
  'serverless.oom_killed': 'Raise the resource profile or reduce memory use, then update.',
  'serverless.crash_loop': 'Fix the application start-up (see the logs), then deploy a new image.',
  'serverless.progress_deadline': 'The rollout did not finish in time; a redeploy may help.',
  'serverless.revision_missing': 'Redeploy to recreate the revision.',
  'serverless.unknown': 'Retry; contact support if it persists.',
};
