// Shared wording of the registry commands: quotas, tags, and the refusal of a delete of an
// image a container runs (409 image_in_use).
import { CliError } from '../../cli/errors.js';
import type { InUse } from '../../client/registry.js';
import { ExitCode } from '../../shared/exit-codes.js';
import { humanSize } from '../../output/size.js';

/** `3 of 25`, `1.2 GiB of 10 GiB`; a null (or, where the API says so, zero) limit is unlimited. */
export function quotaText(used: number | null | undefined, limit: number | null | undefined, bytes: boolean, zeroIsUnlimited = false): string {
  const fmt = (n: number) => (bytes ? humanSize(n) : String(n));
  const u = used === null || used === undefined ? '?' : fmt(used);
  const unlimited = limit === null || limit === undefined || (zeroIsUnlimited && limit === 0);
  return unlimited ? `${u} (no limit)` : `${u} of ${fmt(limit)}`;
}

/** `sha256:0123456789ab` (the first 12 hex digits, as docker shows image ids). */
export function shortDigest(d: string | null | undefined): string {
  if (!d) return '';
  const [algo, hex] = d.includes(':') ? d.split(':', 2) : ['', d];
  return `${algo ? `${algo}:` : ''}${(hex ?? '').slice(0, 12)}`;
}

/** The error of a delete refused because containers run the image: who runs it, and how to force. */
export function inUseError(what: string, inUse: InUse, forceCommand: string): CliError {
  const n = inUse.users.length;
  const details = inUse.users.map((u) => `  ${[u.type, u.name, u.id ? `(${u.id})` : undefined].filter(Boolean).join(' ') || JSON.stringify(u.raw)}`);
  return new CliError(
    ExitCode.FAILED,
    `${what} is in use${n ? ` by ${n} container${n === 1 ? '' : 's'}` : ''}: not deleted`,
    `deploy another image to ${n === 1 ? 'it' : 'them'} first, or delete anyway (running revisions keep the image they pulled; a new rollout from it fails): ${forceCommand}`,
    details,
  );
}
