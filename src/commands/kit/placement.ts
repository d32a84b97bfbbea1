// Where an instance runs, as v1.7.0 lets a create choose it (real-api "Changes since
// 2026-08-19"): the network tier of a VPS, database or cache, and a VPS's CPU platform.
import { choice, type OptionSpec } from '../../cli/command.js';

export const NETWORK_TIERS = ['standard', '10g'] as const;
export const CPU_PLATFORMS = ['amd', 'intel'] as const;

/** `--network-tier`: optional; left out of the body when absent (the platform's default is standard). */
export const networkTierOption = (): OptionSpec<(typeof NETWORK_TIERS)[number] | undefined> => choice('--network-tier <tier>', 'network tier (standard unless given)', NETWORK_TIERS);

/**
 * `--cpu-platform`: the API requires it on a VPS create since v1.7.0. Required here too, so a
 * create without it stops before any request (exit 2) instead of at the API's 422; the CLI
 * picks no hardware for the user.
 */
export const cpuPlatformOption = (): OptionSpec<(typeof CPU_PLATFORMS)[number]> => ({
  flags: '--cpu-platform <platform>',
  description: 'CPU platform of the VPS',
  choices: CPU_PLATFORMS,
  required: true,
});
