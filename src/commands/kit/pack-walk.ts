// The walk of a directory to pack (one packer for `serverless deploy` and `static-sites
// deploy`): what goes in, what is left out and why, and the names refused. Nothing is read
// here but directory entries and their lstat; the files are opened later, without following
// links, and checked against what the walk saw (pack-open.ts). docs/security/uploads.md says
// what is left out and how to put it back.
import { lstat, readdir, readFile } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../cli/errors.js';
import { decidingRule, parseDockerIgnore, parseIgnore, type IgnoreRule } from '../../shared/ignore-rules.js';
import { pathProblem, shownName, utf8Name } from './pack-names.js';
import { secretKind } from './pack-secrets.js';
import { humanSize } from '../../output/size.js';

export interface PlannedFile {
  /** Path inside the archive, `/`-separated. */
  rel: string;
  size: number;
  dev: number;
  ino: number;
  mode: number;
  mtime: Date;
}

export interface LeftOut {
  /** Relative path; a directory ends with `/`. */
  path: string;
  reason: string;
  /** Left out because it looks like a secret (the warning names these). */
  secret?: boolean;
}

export interface PackPlan {
  files: PlannedFile[];
  leftOut: LeftOut[];
  /** Bytes before compression. */
  totalBytes: number;
}

export interface WalkOptions {
  /** Read the root's `.dockerignore` too (a build from a Dockerfile: Docker would). */
  dockerignore: boolean;
  /** Read the root's `.gitignore` (a source tree; a built static site has none that matters). */
  gitignore: boolean;
  includeNodeModules: boolean;
  /** Paths named with --include: packed even when they look like secrets (a directory: all inside). */
  include: readonly string[];
  /** A file bigger than this is refused (exit 2). */
  maxFileBytes?: number;
}

/** Without ZIP64 an archive holds at most this many entries. */
const MAX_ENTRIES = 0xffff;

interface Rule extends IgnoreRule {
  file: string;
}

async function readRules(root: string, opts: WalkOptions): Promise<{ rules: Rule[]; infra: Rule[] }> {
  const read = (f: string) => readFile(join(root, f), 'utf8').catch(() => '');
  const tag = (file: string, rules: IgnoreRule[]): Rule[] => rules.map((r) => ({ ...r, file }));
  const git = opts.gitignore ? tag('.gitignore', parseIgnore(await read('.gitignore'))) : [];
  const docker = opts.dockerignore ? tag('.dockerignore', parseDockerIgnore(await read('.dockerignore'))) : [];
  // Last, so its `!` lines win: the file of this tool, for what the others say otherwise.
  const infra = tag('.infraignore', parseIgnore(await read('.infraignore')));
  return { rules: [...git, ...docker, ...infra], infra };
}

function unreadable(path: string, err: unknown): UsageError {
  const code = (err as NodeJS.ErrnoException).code ?? 'error';
  const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code;
  return new UsageError(`cannot read ${shownName(path)} (${why}); nothing was sent`, 'make it readable, or leave it out with a line in .infraignore');
}

/** Pure: what the walk leaves out of a directory entry, besides the ignore rules. */
export function alwaysSkipped(name: string, isDir: boolean, includeNodeModules: boolean): boolean {
  // .infra/ holds this CLI's own state for the directory (a static site link): never content.
  return isDir && (name === '.git' || name === '.infra' || (name === 'node_modules' && !includeNodeModules));
}

class Walker {
  readonly files: PlannedFile[] = [];
  readonly leftOut: LeftOut[] = [];

  constructor(
    private readonly root: string,
    private readonly opts: WalkOptions,
    private readonly rules: Rule[],
    private readonly infra: Rule[],
  ) {}

  /** Named by --include or re-included by a `!` line of .infraignore: the person asked for it. */
  private explicit(rel: string, isDir: boolean): boolean {
    if (this.opts.include.some((p) => rel === p || rel.startsWith(`${p}/`))) return true;
    const rule = decidingRule(this.infra, rel, isDir);
    return rule !== undefined && rule.negate;
  }

  async walk(dir: string, explicitAbove: boolean): Promise<void> {
    let entries: Dirent<Buffer>[];
    try {
      entries = await readdir(join(this.root, dir), { withFileTypes: true, encoding: 'buffer' });
    } catch (err) {
      throw unreadable(dir || '.', err);
    }
    entries.sort((a, b) => Buffer.compare(a.name, b.name));
    for (const e of entries) await this.entry(dir, e, explicitAbove);
  }

  private async entry(dir: string, e: Dirent<Buffer>, explicitAbove: boolean): Promise<void> {
    const text = utf8Name(e.name);
    const lossy = text ?? e.name.toString('utf8');
    const rel = dir ? `${dir}/${lossy}` : lossy;
    const isDir = e.isDirectory();
    const shown = isDir ? `${rel}/` : rel;
    if (alwaysSkipped(lossy, isDir, this.opts.includeNodeModules))
      return void this.leftOut.push({
        path: shown,
        reason: lossy === '.git' ? 'version control' : lossy === '.infra' ? "infra's own files (a directory link)" : 'installed by the build (--include-node-modules packs it)',
      });
    const rule = decidingRule(this.rules, rel, isDir);
    if (rule && !rule.negate) return void this.leftOut.push({ path: shown, reason: `${rule.file}: ${rule.source}` });
    // Only a name that would go into the archive is refused: a left-out one harms nobody.
    const problem = text === undefined ? 'is not valid UTF-8' : pathProblem(rel);
    if (problem) {
      const full = dir ? Buffer.concat([Buffer.from(`${dir}/`), e.name]) : e.name;
      throw new UsageError(`cannot pack "${shownName(full)}": its name ${problem}; nothing was sent`, 'rename it, or leave it out with a line in .infraignore');
    }
    const explicit = explicitAbove || this.explicit(rel, isDir);
    const secret = secretKind(rel, isDir);
    if (secret && !explicit) {
      return void this.leftOut.push({ path: shown, reason: `may hold ${secret} (--include ${rel} packs it)`, secret: true });
    }
    if (isDir) return this.walk(rel, explicit);
    if (!e.isFile()) return void this.leftOut.push({ path: rel, reason: e.isSymbolicLink() ? 'a symbolic link (it may point outside the directory)' : 'not a regular file' });
    let st: Awaited<ReturnType<typeof lstat>>;
    try {
      st = await lstat(join(this.root, rel));
    } catch (err) {
      throw unreadable(rel, err);
    }
    // Replaced between readdir and lstat: the next look decides, never a link.
    if (!st.isFile()) return void this.leftOut.push({ path: rel, reason: 'not a regular file' });
    const max = this.opts.maxFileBytes;
    if (max !== undefined && st.size > max) {
      throw new UsageError(`${rel} is ${humanSize(st.size)}, over the ${humanSize(max)} limit of one file; nothing was sent`, `leave it out with a line in .infraignore (e.g. /${rel})`);
    }
    this.files.push({ rel, size: st.size, dev: st.dev, ino: st.ino, mode: st.mode & 0o777, mtime: st.mtime });
  }
}

/** What packing `root` would put in the archive and leave out; refuses (exit 2) names that cannot go in. */
export async function planDirectory(root: string, opts: WalkOptions): Promise<PackPlan> {
  const { rules, infra } = await readRules(root, opts);
  const walker = new Walker(root, opts, rules, infra);
  await walker.walk('', false);
  if (walker.files.length > MAX_ENTRIES)
    throw new UsageError(`${walker.files.length} files are more than one archive holds (${MAX_ENTRIES}); nothing was sent`, 'leave out what is not needed with .infraignore');
  return { files: walker.files, leftOut: walker.leftOut, totalBytes: walker.files.reduce((n, f) => n + f.size, 0) };
}

/** The warning for the secrets left out, or undefined when there were none. */
export function secretsWarning(plan: PackPlan): string | undefined {
  const secrets = plan.leftOut.filter((l) => l.secret);
  if (secrets.length === 0) return undefined;
  const names = secrets.slice(0, 5).map((l) => shownName(l.path));
  const more = secrets.length > 5 ? `, and ${secrets.length - 5} more` : '';
  return `left out ${secrets.length} file${secrets.length > 1 ? 's' : ''} that may hold secrets: ${names.join(', ')}${more} (pack one with --include PATH or a !PATH line in .infraignore)`;
}
