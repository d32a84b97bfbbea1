// Every error has a way out, so nobody is left at a dead end: the next command to type, named with the reference
// the user typed. Pure: classify() (exit-codes.ts) calls these with what the error carries.
import type { NoSuchNameError } from '../client/errors.js';
import { closest } from './route.js';

/** The command group of a list path: `/serverless` → `serverless`, `/storage/buckets` → `storage buckets`. */
export function commandOf(path: string): string {
  return path
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .join(' ');
}

/**
 * API list paths whose command is not the path's words followed by `list`: families the CLI
 * groups under another noun (alerts, uptime), and lists below another resource, whose
 * command takes that resource as an argument. Checked against the command tree by
 * test/cli/hints-run.test.ts.
 */
const LIST_COMMANDS: readonly [RegExp, (m: RegExpExecArray) => string | undefined][] = [
  [/^\/metric-alerts$/, () => 'alerts metric list'],
  [/^\/resource-alerts\/(rules|incidents)$/, (m) => `alerts resource ${m[1]} list`],
  [/^\/uptime-checks$/, () => 'uptime list'],
  [/^\/snapshots\/([^/]+)$/, (m) => `snapshots list ${m[1]}`],
  [/^\/vps\/([^/]+)\/volumes$/, (m) => `vps volumes list ${decodeURIComponent(m[1]!)}`],
  [/^\/serverless\/([^/]+)\/(runs|schedules)$/, (m) => `serverless ${m[2]} list ${decodeURIComponent(m[1]!)}`],
  [/^\/storage\/access-keys$/, () => 'storage keys list'],
  [/^\/user\/teams$/, () => 'projects list'],
  // No list command: approvals and operations are read one at a time.
  [/^\/(approvals|operations)$/, () => undefined],
];

/** The command that lists what an API list path holds (`/uptime-checks` → `uptime list`), if there is one. */
export function listCommandOf(path: string): string | undefined {
  for (const [pattern, command] of LIST_COMMANDS) {
    const m = pattern.exec(path);
    if (m) return command(m);
  }
  return `${commandOf(path)} list`;
}

/** A name found nowhere in the list: where it looked (the list, how many), a near name, and the list command. */
export function noSuchName(err: NoSuchNameError): { message: string; hint?: string } {
  const { ref, noun, count, names, path, elsewhere } = err.lookup;
  const looked = count === 0 ? `the project has no ${noun}s` : `looked among the ${count} ${noun}${count === 1 ? '' : 's'} of ${err.endpoint}`;
  if (elsewhere) return { message: `${err.message} (${looked})`, hint: `${elsewhere.name} is ${elsewhere.type.noun}: 'infra ${elsewhere.type.command} get ${elsewhere.name}'` };
  const near = closest(ref, names);
  const command = listCommandOf(path);
  const list = command === undefined ? undefined : `'infra ${command}' shows them`;
  const hint = [near ? `did you mean ${near}?` : undefined, list].filter((part) => part !== undefined).join(' ');
  return { message: `${err.message} (${looked})`, ...(hint ? { hint } : {}) };
}

/**
 * A create refused on its name or slug (422 with those fields): the resource probably
 * exists, so the way out is to change it. Serverless has update and apply; others, get.
 */
export function takenNameHint(endpoint: string, fields: readonly string[], sent: unknown): string | undefined {
  const m = /^POST \/api\/v1(\/[a-z-]+(?:\/[a-z-]+)?)$/.exec(endpoint);
  if (!m || !fields.some((f) => f === 'name' || f === 'slug')) return undefined;
  const body = (sent ?? {}) as { name?: unknown; slug?: unknown };
  const name = typeof body.name === 'string' ? body.name : typeof body.slug === 'string' ? body.slug : 'NAME';
  const group = commandOf(m[1]!);
  if (group === 'serverless')
    return `if ${name} is yours already, 'infra serverless update ${name}' changes it, or 'infra serverless apply --name ${name} ...' creates or updates it; otherwise pick another --name/--slug`;
  return `'infra ${group} get ${name}' shows the one that has it; pick another name`;
}

/** Appended to a 403 about the token's project: where the token's project is shown (it shows no permissions). */
export const SCOPE_HINT = "'infra auth status' shows the token, its project and whether it is accepted";

/**
 * How to get a token with a permission: tokens are made on the provider's site, with their
 * permissions chosen there (the API has no route that makes one), then stored with auth login.
 */
export const NEW_TOKEN_HINT = "create a token with {permission} at https://danubedata.ro/user/api-tokens, then run 'infra auth login' with it";

/**
 * Pure: a hint as lines of at most `width` columns, broken between words only (a terminal
 * would otherwise cut a command or an id in two); later lines are indented under the text.
 */
export function wrapHint(prefix: string, text: string, width: number | undefined): string[] {
  const full = `${prefix}${text}`;
  if (!width || width < 20 || full.length <= width) return [full];
  const indent = ' '.repeat(prefix.length);
  const lines: string[] = [];
  let line = prefix;
  // A quoted command ('infra serverless wait web') is kept whole where it fits a line.
  const units = text.match(/'[^']*'\S*|\S+/g) ?? [];
  const words = units.flatMap((u) => (u.length <= width - indent.length ? [u] : u.split(' ')));
  for (const word of words) {
    const bare = line === prefix || line === indent;
    if (!bare && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else line = bare ? line + word : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}
