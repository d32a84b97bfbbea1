// Fields v1.7.0 added to VPS, database and cache instances (real-api "Changes since
// 2026-08-19"): the network tier, optional on create (absent or null → `standard`), and a
// VPS's CPU platform. One reader, so the three create routes answer a bad value alike.
export const NETWORK_TIERS = ['standard', '10g'] as const;
export type NetworkTier = (typeof NETWORK_TIERS)[number];
export const CPU_PLATFORMS = ['amd', 'intel'] as const;
export type CpuPlatform = (typeof CPU_PLATFORMS)[number];

/** `network_tier` of a create body; a value outside NetworkTier is a field error. */
export function readNetworkTier(body: Record<string, unknown>, errors: Record<string, string[]>): NetworkTier {
  const v = body.network_tier;
  if (v === undefined || v === null) return 'standard';
  if (typeof v === 'string' && (NETWORK_TIERS as readonly string[]).includes(v)) return v as NetworkTier;
  errors.network_tier = ['The selected network tier is invalid.'];
  return 'standard';
}

/**
 * `cpu_platform` of a VPS create body: required since v1.7.0 (StoreVpsInstanceRequest), so a
 * body without it is a field error, as the service answers clients written before it.
 */
export function readCpuPlatform(body: Record<string, unknown>, errors: Record<string, string[]>): CpuPlatform | null {
  const v = body.cpu_platform;
  if (v === undefined || v === null || v === '') {
    errors.cpu_platform = ['The cpu platform field is required.'];
    return null;
  }
  if (typeof v === 'string' && (CPU_PLATFORMS as readonly string[]).includes(v)) return v as CpuPlatform;
  errors.cpu_platform = ['The selected cpu platform is invalid.'];
  return null;
}
