// Files that hold credentials more often than not. A build context goes to someone else's
// build machine and often into the image: such files are left out unless the person names
// them (docs/security/uploads.md says how, and why these).

/** Secret directories, by name at any depth. */
const SECRET_DIRS = new Set(['.aws', '.ssh', '.gnupg', '.kube', '.azure']);

/** Secret files, by exact name at any depth. */
const SECRET_FILES = new Set(['.npmrc', '.pypirc', '.netrc', '_netrc', '.git-credentials', '.dockercfg', '.pgpass', '.htpasswd', 'credentials.json', 'service-account.json']);

/** `.env` files meant to be shown, not used: they hold names and placeholders. */
const ENV_EXAMPLES = /\.(example|sample|template|dist)$/;

/** Private keys by name (`.pub` halves are public). */
const KEY_NAMES = /^(id_rsa|id_dsa|id_ecdsa|id_ed25519)(?!.*\.pub$)/;
const KEY_SUFFIXES = /\.(pem|key|p12|pfx|jks|keystore)$/i;

/** What kind of secret a path looks like (for the warning), or undefined. */
export function secretKind(path: string, isDir: boolean): string | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (isDir) return SECRET_DIRS.has(name) || path === '.config/gcloud' || path.endsWith('/.config/gcloud') ? 'a directory of credentials' : undefined;
  if (name === '.env' || (name.startsWith('.env.') && !ENV_EXAMPLES.test(name))) return 'environment secrets';
  if (SECRET_FILES.has(name)) return 'credentials';
  if (KEY_NAMES.test(name) || KEY_SUFFIXES.test(name)) return 'a private key';
  return undefined;
}
