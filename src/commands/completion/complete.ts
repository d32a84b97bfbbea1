// `infra __complete <words...>`: the names the shell offers for the word under the cursor
// (the last word, maybe empty), one per line. The completion scripts call it only where a
// value comes from a family's list (an `<id>` argument, `--project`, `--ssh-key`...); every
// other completion is in the script itself.
//
// A Tab must stay quick and quiet: only the one command's definition is loaded (no command
// tree, no commander); the names come from the cache when it has them; otherwise at most one
// request, limited to 1.5 s, and never without a token. Nothing is ever prompted or printed
// but the names: any problem means no names.
import type { ArgSpec, CommandDef } from '../../cli/command.js';
import { readConfig } from '../../cli/config.js';
import { route, type Known } from '../../cli/route.js';
import { resolveSettings } from '../../cli/settings.js';
import type { ListRoute } from '../../client/resolve.js';
import { COMMANDS } from '../index.js';
import { entryFile, isFresh, readEntry, writeEntry } from './cache.js';
import { itemsOf, offer, type Named } from './candidates.js';
import { fillPath, PROJECTS, readWords, sourceOf } from './words.js';
import { sanitize } from '../../output/terminal-text.js';

export interface CompleteContext {
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown };
  /** The user's cache directory for infra (bin/code-cache.cjs's rule, passed by bin/infra); absent: no cache. */
  cacheDir?: string;
  now(): number;
  signal?: AbortSignal;
}

/** Command paths and their aliases, as routing knows them (run.ts has the same lines; importing it would load what a run needs). */
const KNOWN: Known[] = COMMANDS.flatMap((c) => [c.path, ...(c.aliases ?? []).map((a) => [...c.path.split(' ').slice(0, -1), a].join(' '))].map((path) => ({ path })));

async function commandAt(path: readonly string[]): Promise<CommandDef | undefined> {
  const words = path.join(' ');
  const entry = COMMANDS.find((c) => c.path === words || (c.aliases ?? []).some((a) => [...c.path.split(' ').slice(0, -1), a].join(' ') === words));
  return entry?.load();
}

/** Prints the candidates for the last of `words` (the words after `infra`). */
export async function complete(words: readonly string[], ctx: CompleteContext): Promise<void> {
  const typed = words.at(-1) ?? '';
  const before = words.slice(0, -1);
  const where = route(before, KNOWN);
  const def = where.kind === 'command' ? await commandAt(where.path) : undefined;
  const reading = readWords(before, def, where.kind === 'command' || where.kind === 'group' ? where.path.length : 0);
  const from = sourceOf(reading, def);
  if (!from) return;

  let settings;
  try {
    const g = reading.globals;
    // --context on the line chooses the context as it does for the command (handed on as INFRA_CONTEXT).
    const env = g['--context'] ? { ...ctx.env, INFRA_CONTEXT: g['--context'] } : ctx.env;
    settings = resolveSettings({ apiUrl: g['--api-url'], project: g['--project'], team: g['--team'], context: g['--context'] }, env, readConfig(env));
  } catch {
    return; // a broken config file or flag: the command itself will say so, not the Tab
  }
  const { apiUrl, token, project } = settings;
  if (!apiUrl || !token || settings.apiUrlProblem || settings.contextProblem) return;
  const lists = new Lists(ctx, apiUrl, token, project);
  const path = def ? fillPath(from.path, reading, def, (arg, value) => lists.segment(arg, value)) : from.path;
  if (path === undefined) return lists.learnParent();
  const items = await lists.items(from, path);
  // A name the terminal would act on (an escape, a bidi control) is never offered: the shell
  // shows candidates as they are, past the terminal guard, and such a name cannot be typed.
  const names = offer(items, typed).filter((n) => sanitize(n) === n);
  if (names.length) ctx.stdout.write(names.map((n) => `${n}\n`).join(''));
}

/** The lists of one API, token and project: from the cache, else at most one request per Tab. */
class Lists {
  private requested = false;
  /** The family of an earlier argument whose name the cache could not turn into an id. */
  private unknownParent?: ListRoute;

  constructor(
    private readonly ctx: CompleteContext,
    private readonly apiUrl: string,
    private readonly token: string,
    /** As given (a name or an id): the cache key; only an id is ever sent. */
    private readonly project: string | undefined,
  ) {}

  private file(route: ListRoute, path: string): string | undefined {
    return this.ctx.cacheDir === undefined ? undefined : entryFile(this.ctx.cacheDir, { apiUrl: this.apiUrl, project: route.account ? undefined : this.project, path });
  }

  /** What the cache holds for a list, however old (for turning a name into an id). */
  private stored(route: ListRoute, path: string): Named[] {
    const file = this.file(route, path);
    return (file && readEntry(file, this.ctx.now())?.items) || [];
  }

  /**
   * The value of an earlier argument as a path segment: an argument naming a resource (a
   * VPS, for its volumes) becomes its id through the cached list of that family. A name the
   * cache does not know gives nothing this Tab (finding it and then the list would be two
   * requests): learnParent() fetches that family's list for the next Tab.
   */
  segment(arg: ArgSpec<unknown>, value: string): string | undefined {
    const parent = arg.completeFrom;
    if (!parent || parent.path.includes('{')) return value;
    const hit = this.stored(parent, parent.path).find((i) => i.id === value || i.names.includes(value));
    if (hit) return hit.id;
    // Shaped like an id (as resolve.ts's looksLikeId, which would load the client): used as it is.
    if (/^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.test(value)) return value;
    this.unknownParent = parent;
    return undefined;
  }

  /** A parent's name the cache did not know: its list is this Tab's one request, for the next Tab. */
  async learnParent(): Promise<void> {
    const parent = this.unknownParent;
    const team = parent && (await this.teamIdOrNull());
    if (parent && team !== null) await this.refresh(parent, parent.path, team);
  }

  /** The items of a list: cached when fresh, else one request (stored, a failure too). */
  async items(route: ListRoute, path: string): Promise<Named[]> {
    const file = this.file(route, path);
    const entry = file ? readEntry(file, this.ctx.now()) : undefined;
    if (entry && isFresh(entry)) return entry.items;
    const team = route.account ? undefined : await this.teamIdOrNull();
    if (team === null) return [];
    return this.fetch(route, path, file, team);
  }

  /**
   * The project as an id for X-Team-Id: as given when it is one, else from the cached project
   * list. A name the cache does not know costs this Tab its one request (the project list, kept
   * for the next Tab): null then, and no names this time.
   */
  private async teamIdOrNull(): Promise<string | undefined | null> {
    const project = this.project;
    if (project === undefined || /^\d+$/.test(project)) return project;
    const known = this.stored(PROJECTS, PROJECTS.path).find((t) => t.names.includes(project) || t.id === project);
    if (known) return known.id;
    await this.refresh(PROJECTS, PROJECTS.path, undefined);
    return null;
  }

  /** Asks for a list the cache does not know a name in, unless asking failed a moment ago. */
  private async refresh(route: ListRoute, path: string, team: string | undefined): Promise<void> {
    const file = this.file(route, path);
    const entry = file ? readEntry(file, this.ctx.now()) : undefined;
    if (!(entry?.failed && isFresh(entry))) await this.fetch(route, path, file, team);
  }

  private async fetch(route: ListRoute, path: string, file: string | undefined, team: string | undefined): Promise<Named[]> {
    if (this.requested) return [];
    this.requested = true;
    try {
      const { fetchList } = await import('./fetch.js');
      const items = itemsOf(await fetchList({ apiUrl: this.apiUrl, token: this.token, team, path, route, env: this.ctx.env, signal: this.ctx.signal }), route);
      if (file) writeEntry(file, items);
      return items;
    } catch {
      if (file) writeEntry(file, 'failed');
      return [];
    }
  }
}
