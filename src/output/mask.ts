// Secrets in human output: enough to recognise which one it is, never enough to use it.
export function maskSecret(secret: string | null | undefined): string {
  if (!secret) return '(none)';
  if (secret.length < 12) return '********';
  return `${secret.slice(0, 4)}${'*'.repeat(8)}`;
}

/** Masks the password part of a URL such as postgresql://user:pass@host:5432/db. */
export function maskUrlPassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)([^@]*)@/i, (_m, head: string) => `${head}********@`);
}
