// Validation of container create/update bodies (StoreServerlessContainerRequest /
// UpdateServerlessContainerRequest): 422 `{message, errors}` with Laravel-style messages.
import { DEFAULT_SPEC, type ContainerSpec, type DeploymentType } from '../state/containers.js';
import { PROFILES } from '../state/container-views.js';

const DEPLOYMENT_TYPES: readonly DeploymentType[] = ['docker_image', 'git_repository', 'zip_upload'];
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// registry[:port]/path/name, without tag or digest (those go in image_tag)
const IMAGE = /^(?:[a-zA-Z0-9.-]+(?::[0-9]+)?\/)?[a-z0-9]+(?:[._-][a-z0-9]+)*(?:\/[a-z0-9]+(?:[._-][a-z0-9]+)*)*$/;
const TAG = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Fields of an invented dialect that the real service does not know: named, not ignored. */
const RENAMED: Record<string, string> = {
  image_url: 'The image_url field is not supported: use image and image_tag.',
  min_instances: 'The min_instances field is not supported: use min_scale.',
  max_instances: 'The max_instances field is not supported: use max_scale.',
};

export type ContainerInput = { ok: true; name?: string; slug?: string; spec: ContainerSpec } | { ok: false; errors: Record<string, string[]> };

const label = (f: string) => f.replace(/_/g, ' ');

/** Without `base` (create) the required fields must be there; with it every field is optional. */
export function parseContainer(body: Record<string, unknown>, base?: ContainerSpec): ContainerInput {
  const errors: Record<string, string[]> = {};
  const add = (f: string, m: string) => (errors[f] ??= []).push(m);
  const spec: ContainerSpec = { ...(base ?? DEFAULT_SPEC), environment_variables: { ...(base ?? DEFAULT_SPEC).environment_variables } };
  for (const [f, m] of Object.entries(RENAMED)) if (body[f] !== undefined) add(f, m);
  const has = (f: string) => body[f] !== undefined;
  const required = (f: string) => {
    if (!base && !has(f)) add(f, `The ${label(f)} field is required.`);
    return has(f);
  };
  const str = (f: string, max = 255): string | undefined => {
    const v = body[f];
    if (typeof v !== 'string' || v === '') add(f, `The ${label(f)} field must be a non-empty string.`);
    else if (v.length > max) add(f, `The ${label(f)} field must not be greater than ${max} characters.`);
    else return v;
    return undefined;
  };
  const nullableStr = (f: string): string | null | undefined => (body[f] === null ? null : str(f));
  const int = (f: string, min: number, max: number): number | undefined => {
    const v = body[f];
    if (typeof v !== 'number' || !Number.isInteger(v)) add(f, `The ${label(f)} field must be an integer.`);
    else if (v < min || v > max) add(f, `The ${label(f)} field must be between ${min} and ${max}.`);
    else return v;
    return undefined;
  };
  const oneOf = <T extends string>(f: string, values: readonly T[]): T | undefined => {
    const v = body[f];
    if (typeof v === 'string' && (values as readonly string[]).includes(v)) return v as T;
    add(f, `The selected ${label(f)} is invalid.`);
    return undefined;
  };

  let name: string | undefined;
  let slug: string | undefined;
  if (required('name')) name = str('name');
  if (required('slug')) {
    const v = str('slug', 63);
    if (v !== undefined && !SLUG.test(v)) add('slug', 'The slug field format is invalid: lowercase letters, digits and hyphens only.');
    else slug = v;
  }
  if (required('deployment_type')) spec.deployment_type = oneOf('deployment_type', DEPLOYMENT_TYPES) ?? spec.deployment_type;
  if (required('port')) spec.port = int('port', 1, 65535) ?? spec.port;
  if (required('resource_profile')) spec.resource_profile = oneOf('resource_profile', Object.keys(PROFILES)) ?? spec.resource_profile;
  if (required('min_scale')) spec.min_scale = int('min_scale', 0, 100) ?? spec.min_scale;
  if (required('max_scale')) spec.max_scale = int('max_scale', 1, 100) ?? spec.max_scale;
  if (!errors.min_scale && !errors.max_scale && spec.min_scale > spec.max_scale) add('min_scale', 'The min scale field must be less than or equal to max scale.');

  if (has('image')) {
    const v = str('image', 512);
    if (v !== undefined && !IMAGE.test(v)) add('image', 'The image field format is invalid: a repository without tag or digest (send the tag in image_tag).');
    else if (v !== undefined) spec.image = v;
  }
  if (has('image_tag')) {
    const v = str('image_tag', 128);
    if (v !== undefined && !TAG.test(v)) add('image_tag', 'The image tag field format is invalid.');
    else if (v !== undefined) spec.image_tag = v;
  }
  if (has('repository_url')) spec.repository_url = str('repository_url', 512) ?? spec.repository_url;
  if (has('repository_branch')) spec.repository_branch = str('repository_branch') ?? spec.repository_branch;
  if (has('source_type')) spec.source_type = oneOf('source_type', ['dockerfile', 'buildpack'] as const) ?? spec.source_type;
  if (has('build_context_path')) spec.build_context_path = str('build_context_path') ?? spec.build_context_path;
  if (has('dockerfile_path')) spec.dockerfile_path = str('dockerfile_path') ?? spec.dockerfile_path;
  if (has('git_auth_type')) oneOf('git_auth_type', ['none', 'ssh_key', 'access_token']);
  if (spec.deployment_type === 'docker_image' && spec.image === null && !errors.image) add('image', 'The image field is required when deployment type is docker_image.');
  if (spec.deployment_type === 'git_repository' && spec.repository_url === null && !errors.repository_url)
    add('repository_url', 'The repository url field is required when deployment type is git_repository.');
  if (spec.deployment_type !== 'docker_image' && !has('image')) spec.image = null;

  const env = body.environment_variables;
  if (env === null || (Array.isArray(env) && env.length === 0)) spec.environment_variables = {};
  else if (env !== undefined) {
    if (typeof env !== 'object' || Array.isArray(env)) add('environment_variables', 'The environment variables field must be an object of names to string values.');
    else {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(env)) {
        if (!ENV_NAME.test(k)) add('environment_variables', `The environment variable name "${k}" is invalid.`);
        else if (typeof v !== 'string') add('environment_variables', `The value of ${k} must be a string.`);
        else out[k] = v;
      }
      spec.environment_variables = out;
    }
  }
  if (has('description')) spec.description = nullableStr('description') ?? null;
  if (has('concurrency_target')) spec.concurrency_target = int('concurrency_target', 1, 1000) ?? spec.concurrency_target;
  if (has('scaling_metric')) spec.scaling_metric = oneOf('scaling_metric', ['rps', 'concurrency']) ?? spec.scaling_metric;
  if (has('scaling_target')) spec.scaling_target = int('scaling_target', 1, 10000) ?? spec.scaling_target;
  if (has('timeout_seconds')) spec.timeout_seconds = int('timeout_seconds', 1, 3600) ?? spec.timeout_seconds;
  if (has('progress_deadline_seconds'))
    spec.progress_deadline_seconds = body.progress_deadline_seconds === null ? null : (int('progress_deadline_seconds', 60, 3600) ?? spec.progress_deadline_seconds);
  for (const f of ['initial_scale', 'scale_down_delay_seconds'] as const) {
    if (has(f)) spec[f] = body[f] === null ? null : (int(f, 0, f === 'initial_scale' ? 100 : 86_400) ?? spec[f]);
  }
  if (has('build_cache_enabled')) {
    if (typeof body.build_cache_enabled === 'boolean') spec.build_cache_enabled = body.build_cache_enabled;
    else add('build_cache_enabled', 'The build cache enabled field must be true or false.');
  }
  for (const f of ['health_check_path', 'registry_credential_id', 'cpu_request', 'cpu_limit', 'memory_request', 'memory_limit'] as const) {
    if (has(f)) spec[f] = nullableStr(f) ?? null;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, spec, ...(name === undefined ? {} : { name }), ...(slug === undefined ? {} : { slug }) };
}
