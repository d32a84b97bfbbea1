import { CliError } from '../../cli/errors.js';
import { defineCommand, required } from '../../cli/command.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { splitImage } from './flags.js';
import { archText, runPreflight } from './preflight-check.js';
import { nonEmpty } from '../../cli/options.js';

/** `can_pull` as the registry sent it: true, false, or null (it cannot tell). */
export function canPullText(v: boolean | null | undefined): string {
  return v === true ? 'true' : v === false ? 'false' : v === null ? 'null (the registry cannot tell)' : 'not sent';
}

/** The registry's findings as sent, one block each: `  fatal registry.manifest_unknown: summary` then its remediation. */
export function findingLines(findings: readonly unknown[]): string[] {
  return findings.flatMap((f) => {
    if (!f || typeof f !== 'object') return [`  ${JSON.stringify(f)}`];
    const o = f as Record<string, unknown>;
    const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
    const head = [str('severity'), str('code') ? `${str('code')}:` : undefined, str('summary') ?? str('message')].filter(Boolean).join(' ');
    const retry = typeof o.retryable === 'boolean' ? ` (${o.retryable ? 'a retry may help' : 'retrying will not help'})` : '';
    return [`  ${head || JSON.stringify(f)}`, ...(str('remediation') ? [`    fix: ${str('remediation')}${retry}`] : [])];
  });
}

export default defineCommand({
  path: ['serverless', 'preflight'],
  description: 'check an image before deploying it: exists, digest, architectures (linux/amd64 needed), whether the platform can pull it',
  options: {
    image: required('--image <ref>', 'image reference, e.g. registry.sim.local/acme/web:1.3.0 (no tag means latest)', nonEmpty('--image')),
  },
  examples: [
    'infra serverless preflight --image registry.sim.local/acme/web:1.3.0',
    'infra serverless preflight --image registry.sim.local/acme/web:arm64   # exit 1: no linux/amd64 image',
    'infra serverless preflight --image ghcr.io/acme/web:1.3.0 --json | jq .result',
  ],
  help: 'Exit 0 when the image can run (and when the platform cannot tell, for an external registry it cannot read: a note says so), 1 when it cannot: it does not exist, has no linux/amd64 image, or cannot be pulled. create, update and apply run the same check first with --preflight.',
  run: async (app, { opts }) => {
    const { image, image_tag } = splitImage(opts.image);
    const ref = `${image}:${image_tag}`;
    const client = await app.client();
    const v = await runPreflight(app, client, ref);
    const m = v.data.manifest ?? undefined;
    if (app.json) app.printJson({ image: ref, result: v.result, problems: v.problems, notes: v.notes, data: v.raw });
    else {
      const yesNo = (b: boolean | null | undefined, yes: string, no: string) => (b === true ? yes : b === false ? no : 'cannot tell');
      const registry = v.data.registry_host ?? undefined;
      app.keyValue([
        ['Image', ref],
        ['Registry', registry ? `${registry}${v.data.external ? ' (external)' : ' (the platform registry)'}` : undefined],
        ['Namespace', v.data.namespace ? `${v.data.namespace}${v.data.in_namespace === false ? ' (the image is outside it)' : ''}` : undefined],
        ['Exists', m?.reachable === false ? 'cannot tell' : yesNo(m?.exists, 'yes', 'no')],
        ['Digest', m?.digest ?? undefined],
        ['Architectures', m?.architectures?.length ? m.architectures.join(', ') : undefined],
        ['Pull', yesNo(v.data.can_pull, 'the platform can pull it', 'the platform cannot pull it')],
        ['Can pull', canPullText(v.data.can_pull)],
        ['Result', v.result === 'pass' ? `ok${archText(v)}` : v.result === 'fail' ? 'fails' : 'cannot tell'],
      ]);
      const findings = findingLines(v.data.findings ?? []);
      if (findings.length) app.print(['Findings:', ...findings].join('\n'));
    }
    for (const n of v.notes) app.info(`note: ${n}`);
    if (v.result === 'fail') throw new CliError(ExitCode.FAILED, v.problems.join('; '), v.hint);
    return ExitCode.OK;
  },
});
