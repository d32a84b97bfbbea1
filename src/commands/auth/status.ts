import { statSync } from 'node:fs';
import type { App } from '../../cli/app.js';
import { configPath } from '../../cli/config.js';
import { missingToken } from '../../cli/app.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { CliError } from '../../cli/errors.js';
import { ApiError, AuthError, UnavailableError } from '../../client/errors.js';
import { maskSecret } from '../../output/mask.js';
import { defineCommand } from '../../cli/command.js';
import { readProjects } from '../kit/projects.js';

interface Check {
  ok: boolean;
  code: ExitCode;
  message: string;
}

export default defineCommand({
  path: ['auth', 'status'],
  description: 'show the context, API URL, token source, project (id and name), and whether the token works',
  examples: ['infra auth status', 'infra auth status --json'],
  run: async (app) => {
    const s = app.settings;
    const tokenSource = s.tokenSource === 'env' ? 'environment (INFRA_TOKEN)' : s.tokenSource === 'config' ? `${configPath(app.ctx.env)} (for ${s.host})` : 'none';
    const check = await probe(app);
    const named = check.ok ? await nameProject(app) : undefined;
    const warnings = permissionWarnings(app.ctx.env);
    if (named?.problem) warnings.push(`the project ${s.project} (${s.projectSource}) is not one this token sees: ${named.problem}`);
    const label = named?.id ? `${named.id}${named.name ? ` ${named.name}` : ''}` : s.project;
    if (app.json) {
      app.printJson({
        context: s.context,
        context_source: s.contextSource,
        api_url: s.apiUrl ?? null,
        api_url_source: s.apiUrlSource,
        host: s.host ?? null,
        stored_hosts: s.storedHosts,
        token_source: s.tokenSource,
        token: s.token ? maskSecret(s.token) : null,
        project: s.project ?? null,
        project_source: s.projectSource,
        project_id: named?.id ?? null,
        project_name: named?.name ?? null,
        ok: check.ok,
        message: check.message,
        warnings,
      });
    } else {
      app.keyValue([
        ['Context', `${s.context} (${s.contextSource})`],
        ['API URL', s.apiUrl ? `${s.apiUrl} (${s.apiUrlSource})` : 'not set'],
        ['Token', s.token ? maskSecret(s.token) : 'none'],
        ['Token source', tokenSource],
        ['Tokens stored for', s.storedHosts.length ? s.storedHosts.join(', ') : 'no host'],
        ['Project', s.project ? `${label} (${s.projectSource})` : `account default${label ? `: ${label}` : ''} (no X-Team-Id sent)`],
        ['Check', check.message],
      ]);
    }
    for (const w of warnings) app.warn(w);
    // The report above is data; a failed check is still an error, said on stderr like any other.
    if (!check.ok) throw new CliError(check.code, check.message);
    return check.code;
  },
});

async function probe(app: App): Promise<Check> {
  const problem = app.settings.apiUrlProblem;
  if (problem) return { ok: false, code: ExitCode.USAGE, message: problem.message };
  if (!app.settings.token) {
    const missing = missingToken(app.settings);
    return { ok: false, code: ExitCode.AUTH, message: `${missing.message}: ${missing.hint}` };
  }
  const client = await app.client();
  try {
    await client.http.get('/vps', { query: { per_page: 1 }, permission: 'vps:read' });
    return { ok: true, code: ExitCode.OK, message: 'token accepted' };
  } catch (err) {
    if (err instanceof AuthError && err.status === 403) return { ok: true, code: ExitCode.OK, message: 'token valid, but it lacks vps:read (used for this check)' };
    if (err instanceof AuthError) return { ok: false, code: ExitCode.AUTH, message: `token rejected (${err.status})` };
    if (err instanceof UnavailableError) return { ok: false, code: ExitCode.UNAVAILABLE, message: `API unreachable: ${err.message}` };
    throw err;
  }
}

/**
 * The project's id and name from GET /user/teams, once the token works. A failure here says
 * nothing about the token, so it leaves the project unnamed instead of failing the status.
 */
async function nameProject(app: App): Promise<{ id?: string; name?: string; problem?: string } | undefined> {
  try {
    const view = await readProjects(app, await app.client());
    const team = view.teams.find((t) => t.id === view.currentId);
    return { id: view.currentId, name: team?.name ?? undefined, problem: view.problem };
  } catch (err) {
    if (err instanceof ApiError) return undefined;
    throw err;
  }
}

/**
 * A token file others can read puts the token at risk: say so. (A file or directory others
 * can change is not used at all: reading the config says that, src/cli/config-trust.ts.)
 */
function permissionWarnings(env: Record<string, string | undefined>): string[] {
  const out: string[] = [];
  if (process.platform === 'win32') return out;
  try {
    const file = statSync(configPath(env));
    if (file.mode & 0o077) out.push(`the config file ${configPath(env)} is readable by others (mode ${(file.mode & 0o777).toString(8)}); run: chmod 600 ${configPath(env)}`);
  } catch {
    // no file yet: nothing to warn about
  }
  return out;
}
