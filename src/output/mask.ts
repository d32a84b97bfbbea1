// Secrets in human output: a token shows enough to recognise which one it is (as gh does);
// a password shows nothing, since every character given away weakens it.
export function maskPassword(password: string | null | undefined): string {
  return password ? '********' : '(none)';
}

export function maskSecret(secret: string | null | undefined): string {
  if (!secret) return '(none)';
  if (secret.length < 12) return '********';
  return `${secret.slice(0, 4)}${'*'.repeat(8)}`;
}

/** Masks the password part of a URL such as postgresql://user:pass@host:5432/db. */
export function maskUrlPassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)([^@]*)@/i, (_m, head: string) => `${head}********@`);
}
