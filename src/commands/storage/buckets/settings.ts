// The settings a bucket create and update share (UpdateStorageBucketRequest), as flags, and
// the request fields they become. Every value is checked while the flags are parsed, so a
// bad one is refused (exit 2) before any request.
import { InvalidArgumentError } from 'commander';
import { choice, list, option } from '../../../cli/command.js';
import { intOption, textOption } from '../../../cli/options.js';

const UNITS: Record<string, number> = { B: 1, KB: 1024, KIB: 1024, MB: 1024 ** 2, MIB: 1024 ** 2, GB: 1024 ** 3, GIB: 1024 ** 3, TB: 1024 ** 4, TIB: 1024 ** 4 };

/**
 * `100GB`, `512MiB`, `1073741824`: binary units, as the API's `size_human` counts them; `none`
 * removes the limit (a word, not null: commander does not keep a null an argParser returns).
 */
export function sizeOption(name: string) {
  return (value: string): number | 'none' => {
    const v = value.trim();
    if (v.toLowerCase() === 'none') return 'none';
    const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(v);
    const unit = UNITS[(m?.[2] || 'B').toUpperCase()];
    const bytes = m && unit ? Math.round(Number(m[1]) * unit) : NaN;
    if (!Number.isSafeInteger(bytes) || bytes < 1) throw new InvalidArgumentError(`${name} takes a size such as 100GB, 512MiB or a number of bytes (or none).`);
    return bytes;
  };
}

function tagOption(value: string): string {
  if (!value.trim() || /[\s,]/.test(value.trim())) throw new InvalidArgumentError('--tag needs one tag without spaces or commas (repeat --tag for more).');
  return value.trim();
}

export function settingsOptions() {
  return {
    displayName: option('--display-name <text>', 'a name to show instead of the bucket name', textOption('--display-name')),
    versioning: choice('--versioning <on|off>', 'keep every version of each object', ['on', 'off']),
    access: choice('--access <private|public>', 'public: anyone may read objects through the public URL', ['private', 'public']),
    encryption: choice('--encryption <type>', 'server-side encryption', ['none', 'sse-s3', 'sse-kms']),
    kmsKeyId: option('--kms-key-id <id>', 'the KMS key of --encryption sse-kms', textOption('--kms-key-id')),
    sizeLimit: option('--size-limit <size>', 'quota, e.g. 100GB (binary units; none removes it)', sizeOption('--size-limit')),
    retentionMode: choice('--retention-mode <mode>', 'default object-lock retention of new objects (buckets with object lock)', ['governance', 'compliance']),
    retentionDays: option('--retention-days <n>', 'default object-lock retention in days', intOption('--retention-days', 1, 36500)),
    tag: list('--tag <tag>', 'a tag (repeatable; replaces the tags)', tagOption),
  };
}

export interface SettingsValues {
  displayName?: string;
  versioning?: 'on' | 'off';
  access?: 'private' | 'public';
  encryption?: 'none' | 'sse-s3' | 'sse-kms';
  kmsKeyId?: string;
  sizeLimit?: number | 'none';
  retentionMode?: 'governance' | 'compliance';
  retentionDays?: number;
  tag: string[];
}

/** The request fields of the given flags (only those given). */
export function settingsBody(o: SettingsValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (o.displayName !== undefined) body.display_name = o.displayName;
  if (o.versioning) body.versioning_enabled = o.versioning === 'on';
  if (o.access) body.public_access = o.access === 'public';
  if (o.encryption) Object.assign(body, { encryption_enabled: o.encryption !== 'none', encryption_type: o.encryption });
  if (o.kmsKeyId !== undefined) body.encryption_kms_key_id = o.kmsKeyId;
  if (o.sizeLimit !== undefined) body.size_limit_bytes = o.sizeLimit === 'none' ? null : o.sizeLimit;
  if (o.retentionMode) body.object_lock_default_retention_mode = o.retentionMode.toUpperCase();
  if (o.retentionDays !== undefined) body.object_lock_default_retention_days = o.retentionDays;
  if (o.tag.length) body.tags = o.tag;
  return body;
}
