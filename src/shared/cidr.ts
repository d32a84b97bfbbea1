// An IP address or a CIDR range (v4 or v6): firewall rule sources.
import { isIP } from 'node:net';

export function isCidr(v: string): boolean {
  const [addr = '', bits, ...more] = v.split('/');
  const kind = isIP(addr);
  if (!kind || more.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (kind === 4 ? 32 : 128);
}
