// Values of the static-site commands, checked before any request (exit 2, the flag named).
import { UsageError } from '../../cli/errors.js';

const DOMAIN = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A host name to serve the site on (`docs.example.com`), lower-cased; no scheme, port or path. */
export function domainArg(raw: string): string {
  const v = raw.trim().toLowerCase().replace(/\.$/, '');
  if (!DOMAIN.test(v)) throw new UsageError(`"${raw}" is not a domain name`, 'give a host name such as docs.example.com, without https:// or a path');
  return v;
}

/** A deployment: its id, or its revision number (`12` or `r12`). */
export function deploymentRef(raw: string): { id: string } | { revision: number } {
  const v = raw.trim();
  const rev = /^r?(\d{1,9})$/i.exec(v);
  if (rev) return { revision: Number(rev[1]) };
  if (/^[0-9a-z-]{20,}$/i.test(v)) return { id: v };
  throw new UsageError(`"${raw}" is not a deployment: give its id or its revision number (12 or r12)`, "'infra static-sites deployments <site>' lists them");
}
