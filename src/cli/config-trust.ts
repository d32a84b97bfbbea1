// Whether the config file may be believed. It holds tokens and the API URL they go to: a
// file that someone else can change (another user owns it or its directory, or either is
// writable by group or others) could send a token, or INFRA_TOKEN, to a server of theirs.
// Such a file is never used, and never written; the warning says which chmod fixes it
// (docs/security/hosts-and-tokens.md).
import { statSync, type Stats } from 'node:fs';

export interface TrustProblem {
  /** One sentence: what is wrong and with which path. */
  message: string;
  /** The command that fixes it. */
  fix: string;
}

function problemWith(path: string, what: 'directory' | 'file', st: Stats, uid: number): TrustProblem | undefined {
  const mode = (st.mode & 0o777).toString(8);
  if (st.uid !== uid) return { message: `the config ${what} ${path} belongs to another user (uid ${st.uid})`, fix: `chown ${uid} ${path}` };
  if (st.mode & 0o022) {
    const who = st.mode & 0o002 ? 'anyone' : 'its group';
    return { message: `the config ${what} ${path} can be changed by ${who} (mode ${mode})`, fix: `chmod ${what === 'directory' ? '700' : '600'} ${path}` };
  }
  return undefined;
}

/**
 * The reason the config in `dir`/`file` must not be trusted, or undefined. Paths that do not
 * exist yet are fine (they will be made 0700/0600). Windows has no such modes: not checked.
 */
export function configTrustProblem(dir: string, file: string, platform = process.platform): TrustProblem | undefined {
  if (platform === 'win32' || typeof process.getuid !== 'function') return undefined;
  const uid = process.getuid();
  for (const [path, what] of [
    [dir, 'directory'],
    [file, 'file'],
  ] as const) {
    let st: Stats | undefined;
    try {
      // stat, not lstat: a link is judged by what it points to, which is what gets read.
      st = statSync(path, { throwIfNoEntry: false });
    } catch {
      continue; // unreadable: reading it fails later with its own sentence
    }
    if (!st) continue;
    const problem = problemWith(path, what, st, uid);
    if (problem) return problem;
  }
  return undefined;
}
