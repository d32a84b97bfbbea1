// Validation of container create/update bodies (422 with field errors).
import { DEFAULT_SPEC, type ContainerSpec } from '../state/containers.js';

export const PROFILES = ['nano', 'small', 'medium', 'large', 'xlarge'];
const NAME = /^[a-z][a-z0-9-]{0,61}[a-z0-9]$|^[a-z]$/;
// registry[:port]/path/name[:tag][@sha256:digest]
const IMAGE =
  /^(?:[a-zA-Z0-9.-]+(?::[0-9]+)?\/)?[a-z0-9]+(?:[._-][a-z0-9]+)*(?:\/[a-z0-9]+(?:[._-][a-z0-9]+)*)*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$/;

export type SpecResult = { ok: true; name?: string; spec: ContainerSpec } | { ok: false; errors: Record<string, string[]> };

/** With `base` (update) every field is optional; without it name and image_url are required. */
export function parseSpec(body: Record<string, unknown>, base?: ContainerSpec): SpecResult {
  const errors: Record<string, string[]> = {};
  const add = (f: string, m: string) => (errors[f] ??= []).push(m);
  const spec: ContainerSpec = base
    ? { ...base, environment_variables: { ...base.environment_variables } }
    : { ...DEFAULT_SPEC, environment_variables: {}, image_url: '' };
  let name: string | undefined;
  if (!base || body.name !== undefined) {
    if (typeof body.name !== 'string' || body.name === '') add('name', 'The name field is required.');
    else if (!NAME.test(body.name)) add('name', 'The name must be lowercase letters, digits and hyphens, start with a letter, at most 63 characters.');
    else name = body.name;
  }
  if (!base || body.image_url !== undefined) {
    if (typeof body.image_url !== 'string' || body.image_url === '') add('image_url', 'The image url field is required.');
    else if (!IMAGE.test(body.image_url)) add('image_url', `The image reference "${body.image_url}" is malformed.`);
    else spec.image_url = body.image_url;
  }
  const int = (field: 'port' | 'min_instances' | 'max_instances', min: number, max: number) => {
    const v = body[field];
    if (v === undefined) return;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) add(field, `The ${field} must be an integer between ${min} and ${max}.`);
    else spec[field] = v;
  };
  int('port', 1, 65535);
  int('min_instances', 0, 100);
  int('max_instances', 1, 100);
  if (!errors.min_instances && !errors.max_instances && spec.min_instances > spec.max_instances) {
    add('min_instances', 'The min_instances must not be greater than max_instances.');
  }
  const env = body.environment_variables;
  if (env !== undefined) {
    if (typeof env !== 'object' || env === null || Array.isArray(env)) add('environment_variables', 'The environment_variables must be an object of strings.');
    else {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(env)) {
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k)) add('environment_variables', `Invalid variable name "${k}".`);
        else if (typeof v !== 'string') add('environment_variables', `The value of ${k} must be a string.`);
        else out[k] = v;
      }
      spec.environment_variables = out;
    }
  }
  if (body.resource_profile !== undefined) {
    if (typeof body.resource_profile !== 'string' || !PROFILES.includes(body.resource_profile)) add('resource_profile', `The resource_profile must be one of: ${PROFILES.join(', ')}.`);
    else spec.resource_profile = body.resource_profile;
  }
  if (body.deployment_type !== undefined) {
    if (typeof body.deployment_type !== 'string' || body.deployment_type === '') add('deployment_type', 'The deployment_type must be a string.');
    else spec.deployment_type = body.deployment_type;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return name === undefined ? { ok: true, spec } : { ok: true, name, spec };
}
