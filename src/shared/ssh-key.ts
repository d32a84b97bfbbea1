// OpenSSH public keys (`ssh-ed25519 AAAA... comment`): read and fingerprinted the way
// `ssh-keygen -l` does (SHA256 of the key blob, base64 without padding). The client checks a
// key with it before sending one, so a private key or a damaged line never leaves the machine;
// the simulator checks what it is sent with the same rules.
import { createHash } from 'node:crypto';

export const KEY_TYPES = ['ssh-ed25519', 'ssh-rsa', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521', 'sk-ssh-ed25519@openssh.com', 'sk-ecdsa-sha2-nistp256@openssh.com'] as const;

export interface PublicKey {
  type: string;
  blob: Buffer;
  comment: string;
  /** `type base64 comment` on one line, as sent. */
  line: string;
}

/** The reason a text is not one OpenSSH public key, or the key. */
export function parsePublicKey(text: string): PublicKey | { error: string } {
  const trimmed = text.trim();
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(trimmed)) return { error: 'this is a PRIVATE key; give the public one (the .pub file)' };
  const lines = trimmed.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) return { error: 'the public key is empty' };
  if (lines.length > 1) return { error: 'give one public key (one line), not several' };
  const [type = '', data = '', ...rest] = lines[0]!.trim().split(/\s+/);
  if (!(KEY_TYPES as readonly string[]).includes(type)) return { error: `"${type.slice(0, 40)}" is not an SSH public key type (${KEY_TYPES.slice(0, 3).join(', ')}...)` };
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data)) return { error: 'the key data is not base64' };
  const blob = Buffer.from(data, 'base64');
  // The blob starts with its own type as a length-prefixed string: a cut or pasted-over key fails here.
  const len = blob.length >= 4 ? blob.readUInt32BE(0) : -1;
  if (len < 0 || blob.subarray(4, 4 + len).toString('latin1') !== type) return { error: `the key data does not hold a ${type} key (cut or damaged?)` };
  const comment = rest.join(' ');
  return { type, blob, comment, line: [type, data, comment].filter(Boolean).join(' ') };
}

/** `SHA256:...` as `ssh-keygen -l` prints it. */
export function fingerprint(blob: Buffer): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

/** An ed25519 public key line from 32 raw bytes (the simulator's seeded keys, tests). */
export function ed25519Line(raw: Uint8Array, comment = ''): string {
  const str = (b: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(b.length);
    return Buffer.concat([len, b]);
  };
  const blob = Buffer.concat([str(Buffer.from('ssh-ed25519')), str(Buffer.from(raw))]);
  return ['ssh-ed25519', blob.toString('base64'), comment].filter(Boolean).join(' ');
}
