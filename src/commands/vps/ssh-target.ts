// Where `vps ssh` and `vps ssh-config` connect: the VPS's public address and the login user,
// both from the server and both checked before they reach ssh's argument vector. A server
// that sends `-oProxyCommand=...` as an address, or a user with a space in it, is refused:
// ssh would read the first as an option, and either could make it run a command locally.
import type { App } from '../../cli/app.js';
import { CliError } from '../../cli/errors.js';
import { VPS_KIND } from '../../client/families.js';
import { ExitCode } from '../../shared/exit-codes.js';

export interface SshTarget {
  id: string;
  name: string;
  host: string;
  user: string;
  /** Where the user came from, said with --debug and in the docs: the image's default user, or root. */
  userFrom: 'flag' | 'image' | 'root';
}

/** An IPv4 address, an IPv6 address or a DNS name: never a leading `-`, no spaces, no `@`. */
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
const IPV6 = /^[0-9a-fA-F:]{2,39}$/;
const DNS = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
/** A login name as useradd takes it (with dots and capitals allowed): never a leading `-`. */
const USER = /^[A-Za-z_][A-Za-z0-9_.-]{0,31}$/;

export function validHost(host: string): boolean {
  return IPV4.test(host) || (host.includes(':') && IPV6.test(host)) || DNS.test(host);
}

export function validUser(user: string): boolean {
  return USER.test(user);
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** Reads the VPS and its image's default user; refuses what cannot be connected to (exit 1, naming what to do). */
export async function sshTarget(app: App, ref: string, userFlag: string | undefined): Promise<SshTarget> {
  if (userFlag !== undefined && !validUser(userFlag)) throw new CliError(ExitCode.USAGE, `--user: '${userFlag}' is not a login name`, 'letters, digits, _ . - (not first)');
  const client = await app.client();
  const signal = app.ctx.signal;
  const id = (await client.resources.resolve(VPS_KIND, ref, { signal })).id;
  const read = await client.resources.get(VPS_KIND, id, { signal });
  const vps = read.raw;
  const name = read.value.name ?? id;
  const conn = (read.answer.connection_info ?? {}) as Record<string, unknown>;
  const running = read.value.status === 'running' || (read.value.status === undefined && read.value.status_details?.summary === 'ready');
  if (!running) {
    const state = read.value.status ?? read.value.status_details?.summary ?? 'unknown';
    throw new CliError(
      ExitCode.FAILED,
      `VPS ${name} is ${state}, not running: there is nothing to connect to`,
      state === 'stopped' ? `start it with 'infra vps start ${name} --wait'` : `wait until it runs: 'infra vps wait ${name}'`,
    );
  }
  const host = text(vps.public_ip) ?? text(conn.public_ip) ?? text(vps.ipv6_address) ?? text(conn.ipv6_address);
  if (!host)
    throw new CliError(
      ExitCode.FAILED,
      `VPS ${name} has no public address`,
      `'infra vps get ${name}' shows its addresses; a VPS without a public IP is reached from another machine of its private network`,
    );
  if (!validHost(host)) throw new CliError(ExitCode.FAILED, `the API gave VPS ${name} an address that is not an IP address or a host name; refusing to pass it to ssh`);
  if (userFlag) return { id, name, host, user: userFlag, userFrom: 'flag' };
  const user = await imageUser(app, text(vps.image));
  if (user !== undefined && !validUser(user))
    throw new CliError(ExitCode.FAILED, `the API gave the image of VPS ${name} a default user that is not a login name; refusing to pass it to ssh`, 'pass --user');
  return user ? { id, name, host, user, userFrom: 'image' } : { id, name, host, user: 'root', userFrom: 'root' };
}

/** The `default_user` of the VPS's image (GET /vps/images); none when the list does not say. */
async function imageUser(app: App, image: string | undefined): Promise<string | undefined> {
  if (!image) return undefined;
  try {
    const client = await app.client();
    const { raw } = await client.resources.read(VPS_KIND, '/images', { signal: app.ctx.signal });
    const images = (raw as { images?: unknown })?.images;
    if (!Array.isArray(images)) return undefined;
    const found = images.find((i) => i && typeof i === 'object' && ((i as Record<string, unknown>).id === image || (i as Record<string, unknown>).image === image)) as
      | Record<string, unknown>
      | undefined;
    return text(found?.default_user);
  } catch (err) {
    // The images list is a nicety: without it the user is root, as the API's own default.
    if (app.ctx.signal.aborted) throw err;
    return undefined;
  }
}

/** A name for a `Host` line of ssh_config: no spaces, quotes, `#`, wildcards or controls. */
export function sshConfigName(name: string): string {
  const clean = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return clean || 'vps';
}
