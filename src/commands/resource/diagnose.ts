// `infra <family> diagnose <id>`: the API's findings for the resource, in the same envelope and
// words as `serverless diagnose` (docs/behaviour.md#diagnose); --exit-status exits 1 on a fatal finding.
import type { App } from '../../cli/app.js';
import type { Client } from '../../client/index.js';
import { resourceArg, defineCommand, flag, type CommandDef } from '../../cli/command.js';
import { CliError } from '../../cli/errors.js';
import { renderFindings } from '../../output/findings.js';
import { ExitCode } from '../../shared/exit-codes.js';
import type { FamilySpec } from './family.js';

export function diagnoseCommand(spec: FamilySpec): CommandDef {
  return defineCommand({
    path: [...spec.command.split(' '), 'diagnose'],
    description: `ranked findings about what is wrong with a ${spec.label}`,
    args: [resourceArg('<id>', `${spec.label} id or name`, spec.kind)],
    options: { exitStatus: flag('--exit-status', 'exit 1 when a finding is fatal (findings are data: exit 0 otherwise)') },
    examples: [`infra ${spec.command} diagnose ${spec.example.name}`, `infra ${spec.command} diagnose ${spec.example.name} --json | jq '.data.findings[].code'`],
    run: async (app, { args: [ref], opts }) => {
      const client = await app.client();
      const id = (await client.resources.resolve(spec.kind, ref, { signal: app.ctx.signal })).id;
      await showDiagnosis(app, client, spec, `${spec.kind.path}/${encodeURIComponent(id)}`, ref === id ? `${spec.label} ${id}` : `${ref} (${id})`, ref, opts.exitStatus);
    },
  });
}

/** The findings for the resource at `path` (its API path without /api/v1), printed; `--exit-status` exits 1 on a fatal one. */
export async function showDiagnosis(app: App, client: Client, spec: FamilySpec, path: string, title: string, ref: string, exitStatus: boolean): Promise<void> {
  const env = await client.diagnostics.diagnose(path, { signal: app.ctx.signal, permission: `${spec.kind.permission}:read` });
  const data = { ...((env.raw as { data?: Record<string, unknown> })?.data ?? {}), findings: env.data.findings };
  if (app.json) app.printJson({ success: true, data, error: null, meta: { ...env.meta, source: 'api' } });
  else {
    app.print(`${app.style.bold(`Diagnosis of ${title}`)}${env.data.verdict ? `  verdict: ${env.data.verdict}` : ''}`);
    app.ctx.stdout.write(renderFindings(env.data.findings, app.style, ref));
  }
  const fatal = env.data.findings.filter((f) => f.severity === 'fatal');
  if (exitStatus && fatal.length) throw new CliError(ExitCode.FAILED, `${fatal.length} fatal finding${fatal.length > 1 ? 's' : ''}: ${fatal.map((f) => f.code).join(', ')}`);
}
