// What to do about each container failure code (spec table 7.2). Data, shared by the rollout
// wait and diagnose. `retryable` is the spec's column; the API's own `error.retryable`
// wins when present (see `isRetryable`).

export interface FailureHint {
  hint: string;
  retryable: boolean;
}

const NOT_RETRY = 'retrying the same configuration will not help';
const MAY_RETRY = 'a redeploy may help';

const HINTS: Readonly<Record<string, FailureHint>> = {
  'serverless.image_pull_auth': {
    hint: `the registry rejected the pull credential: fix the registry credential, then redeploy; ${NOT_RETRY}`,
    retryable: false,
  },
  'serverless.image_not_found': {
    hint: `the image or tag does not exist: fix the image reference (infra serverless update <id> --image REF); ${NOT_RETRY}`,
    retryable: false,
  },
  'serverless.image_arch_mismatch': {
    hint: `the image is not built for amd64: rebuild it for linux/amd64 and deploy the new image; ${NOT_RETRY}`,
    retryable: false,
  },
  'serverless.invalid_image_ref': {
    hint: `the image reference is malformed: correct it (registry/path/name:tag); ${NOT_RETRY}`,
    retryable: false,
  },
  'serverless.image_pull_unknown': {
    hint: `the image could not be fetched for an unclear reason: ${MAY_RETRY} (infra serverless redeploy <id>)`,
    retryable: true,
  },
  'serverless.config_error': {
    hint: `the platform rejected the container configuration: fix the port, environment or profile (infra serverless update <id>); ${NOT_RETRY}`,
    retryable: false,
  },
  'serverless.oom_killed': {
    hint: `the container exceeded its memory limit: raise the resource profile (--profile) or reduce memory use; ${NOT_RETRY}`,
    retryable: false,
  },
  'serverless.crash_loop': {
    hint: `the container starts and exits repeatedly: fix the application (infra serverless logs <id>) and deploy a new image; ${NOT_RETRY}`,
    retryable: false,
  },
  'serverless.progress_deadline': {
    hint: `the rollout did not complete in time: ${MAY_RETRY} (infra serverless redeploy <id>); if it keeps happening, check start-up time`,
    retryable: true,
  },
  'serverless.revision_missing': {
    hint: `the expected revision is absent: ${MAY_RETRY} (infra serverless redeploy <id>)`,
    retryable: true,
  },
  'serverless.unknown': {
    hint: `the failure is unclassified: ${MAY_RETRY}; 'infra serverless diagnose <id>' looks further`,
    retryable: true,
  },
};

/** The hint for a failure code of spec 7.2, or undefined for a code this client does not know. */
export function failureHint(code: string): FailureHint | undefined {
  return Object.hasOwn(HINTS, code) ? HINTS[code] : undefined;
}

/** Every code with a hint (tests, documentation). */
export const KNOWN_FAILURE_CODES: readonly string[] = Object.keys(HINTS);
