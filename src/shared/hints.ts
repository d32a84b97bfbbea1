// What to do about each container failure code (spec table 7.2). Data, shared by the rollout
// wait and diagnose. `retryable` is the spec's column. Commands in the texts name the
// container the caller passes, so no caller can leave a placeholder in front of a user.

export interface FailureHint {
  /** What to fix, then whether retrying can help. */
  hint: string;
  retryable: boolean;
  /** The first part of `hint` alone: the cause and what to change. */
  fix: string;
}

const NOT_RETRY = 'retrying the same configuration will not help';
const MAY_RETRY = 'a redeploy may help (infra serverless redeploy <id>)';

const FIXES: Readonly<Record<string, [fix: string, retryable: boolean]>> = {
  'serverless.image_pull_auth': ['the registry rejected the pull credential: fix the registry credential, then redeploy', false],
  'serverless.image_not_found': ['the image or tag does not exist: fix the image reference (infra serverless update <id> --image REF)', false],
  'serverless.image_arch_mismatch': ['the image is not built for amd64: rebuild it for linux/amd64 and deploy the new image', false],
  'serverless.invalid_image_ref': ['the image reference is malformed: correct it (registry/path/name:tag)', false],
  'serverless.image_pull_unknown': ['the image could not be fetched for an unclear reason', true],
  'serverless.config_error': ['the platform rejected the container configuration: fix the port, environment or profile (infra serverless update <id>)', false],
  'serverless.oom_killed': ['the container exceeded its memory limit: raise the resource profile (--profile) or reduce memory use', false],
  'serverless.crash_loop': ['the container starts and exits repeatedly: fix the application (infra serverless logs <id>) and deploy a new image', false],
  'serverless.progress_deadline': ['the rollout did not complete in time; if it keeps happening, check the start-up time', true],
  'serverless.revision_missing': ['the expected revision is absent', true],
  'serverless.unknown': ["the failure is unclassified; 'infra serverless diagnose <id>' looks further", true],
};

/** The hint for a failure code of docs/behaviour.md#api-failure-codes about container `ref`, or undefined for a code this client does not know. */
export function failureHint(code: string, ref = '<id>'): FailureHint | undefined {
  if (!Object.hasOwn(FIXES, code)) return undefined;
  const [template, retryable] = FIXES[code]!;
  const fix = template.replaceAll('<id>', ref);
  return { hint: `${fix}; ${(retryable ? MAY_RETRY : NOT_RETRY).replaceAll('<id>', ref)}`, retryable, fix };
}

/** Every code with a hint (tests, documentation). */
export const KNOWN_FAILURE_CODES: readonly string[] = Object.keys(FIXES);
