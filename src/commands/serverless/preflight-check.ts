// What the registry's preflight says about an image, judged for this platform: it runs
// linux/amd64 only, so an image without amd64 fails; an image that does not exist or that the
// platform cannot pull fails; an external registry the platform cannot read is "cannot tell"
// (a note, not a failure: the rollout itself will find out). Used by `serverless preflight`
// and by `--preflight` of create, update and apply, which stop before the write on a failure.
import type { App } from '../../cli/app.js';
import { CliError } from '../../cli/errors.js';
import type { Client } from '../../client/index.js';
import { RegistryApi, type PreflightData } from '../../client/registry.js';
import { ExitCode } from '../../shared/exit-codes.js';

export type PreflightResult = 'pass' | 'fail' | 'cannot_tell';

export interface PreflightVerdict {
  image: string;
  result: PreflightResult;
  /** Why it fails (one line each). */
  problems: string[];
  /** Remarks that do not fail it (cannot tell, architectures not reported, findings). */
  notes: string[];
  hint?: string;
  data: PreflightData;
  raw: unknown;
}

/** The platform's architecture; a manifest may name it `amd64`, `linux/amd64` or `x86_64`. */
const AMD64 = /(^|\/)(amd64|x86_64)$/i;

/** Pure: the verdict on one preflight answer. */
export function judgePreflight(image: string, data: PreflightData, raw: unknown = data): PreflightVerdict {
  const m = data.manifest ?? undefined;
  const problems: string[] = [];
  const notes: string[] = [];
  let hint: string | undefined;
  for (const f of data.findings ?? []) notes.push(`finding: ${findingText(f)}`);
  const reachable = m?.reachable;
  // Nothing was read from the registry: neither a pass nor a failure.
  if (reachable === false || m === undefined) {
    const why = m?.error ? ` (${m.error})` : '';
    notes.unshift(`cannot tell: the platform could not read ${data.external ? 'this external registry' : 'the registry'}${why}; the rollout itself will show whether the image can be pulled`);
    return { image, result: 'cannot_tell', problems, notes, data, raw };
  }
  if (m.exists === false) {
    problems.push(`${image} does not exist in the registry${m.error ? ` (${m.error})` : ''}`);
    hint = 'push the image first, or fix the repository and tag';
  } else {
    const archs = m.architectures ?? [];
    if (archs.length === 0) notes.push('the registry did not report the architectures; the platform runs linux/amd64 only');
    else if (!archs.some((a) => AMD64.test(a))) {
      problems.push(`${image} has no linux/amd64 image (architectures: ${archs.join(', ')}); the platform runs amd64 only`);
      hint = 'build for amd64, e.g. docker buildx build --platform linux/amd64 (or linux/amd64,linux/arm64) --push ...';
    }
  }
  if (data.can_pull === false) {
    problems.push(`the platform cannot pull ${image}${data.credential?.scope === 'none' ? ' (no pull credential for this registry)' : ''}`);
    hint ??= 'give the container a registry credential that can pull this image, or use the project registry';
  } else if (data.can_pull === null || data.can_pull === undefined) {
    if (problems.length === 0) notes.push('the registry did not say whether a pull can succeed');
  }
  const result: PreflightResult = problems.length ? 'fail' : 'pass';
  return { image, result, problems, notes, ...(hint ? { hint } : {}), data, raw };
}

function findingText(f: unknown): string {
  if (typeof f === 'string') return f;
  if (f && typeof f === 'object') {
    const o = f as Record<string, unknown>;
    const text = [o.summary, o.message, o.remediation].find((x) => typeof x === 'string');
    if (typeof text === 'string') return `${typeof o.code === 'string' ? `${o.code}: ` : ''}${text}`;
  }
  return JSON.stringify(f);
}

export async function runPreflight(app: App, client: Client, image: string): Promise<PreflightVerdict> {
  const { data, raw } = await new RegistryApi(client.http).preflight(image, { signal: app.ctx.signal });
  return judgePreflight(image, data, raw);
}

/**
 * `--preflight`: every image checked (each once, together) before anything is written. A
 * failure stops the command (exit 1) and says that nothing was changed; "cannot tell" is a note.
 */
export async function preflightGate(app: App, client: Client, images: readonly string[]): Promise<PreflightVerdict[]> {
  const unique = [...new Set(images)];
  const verdicts = await Promise.all(unique.map((i) => runPreflight(app, client, i)));
  for (const v of verdicts) {
    if (v.result === 'pass') app.info(`preflight: ${v.image}: ok${archText(v)}`);
    for (const n of v.notes) app.info(`preflight: ${v.image}: ${n}`);
  }
  const failed = verdicts.filter((v) => v.result === 'fail');
  if (failed.length) {
    const details = failed.flatMap((v) => v.problems.map((p) => `  ${p}`));
    throw new CliError(ExitCode.FAILED, `preflight failed for ${failed.map((v) => v.image).join(', ')}: nothing was changed`, failed.find((v) => v.hint)?.hint, details);
  }
  return verdicts;
}

export function archText(v: PreflightVerdict): string {
  const a = v.data.manifest?.architectures ?? [];
  return a.length ? ` (${a.join(', ')})` : '';
}
