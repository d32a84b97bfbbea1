// The condition of a metric alert as flags (create and update share them).
import { InvalidArgumentError } from 'commander';
import { choice, list, option } from '../../../cli/command.js';
import { intOption, textOption } from '../../../cli/options.js';

export const OPERATORS = ['gt', 'gte', 'lt', 'lte'] as const;

/** A threshold: any finite number (percentages, rates, ratios). */
export function numberOption(name: string) {
  return (value: string): number => {
    const n = Number(value.trim());
    if (value.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError(`${name} takes a number, e.g. 80 or 0.5.`);
    return n;
  };
}

export function channelOption(channels: readonly string[]) {
  return (value: string): string => {
    if (!channels.includes(value)) throw new InvalidArgumentError(`--notify takes one of ${channels.join(', ')} (repeat it for more).`);
    return value;
  };
}

export function conditionOptions(channels: readonly string[]) {
  return {
    operator: choice('--operator <op>', 'comparison: gt (>), gte (>=), lt (<), lte (<=)', OPERATORS),
    threshold: option('--threshold <n>', 'the value compared with', numberOption('--threshold')),
    duration: option('--duration <minutes>', 'how long the condition must hold before it fires (1 to 1440)', intOption('--duration', 1, 1440)),
    name: option('--name <name>', 'a name to refer to it by', textOption('--name')),
    description: option('--description <text>', 'what it is for', textOption('--description')),
    notify: list('--notify <channel>', `deliver on this channel: ${channels.join(', ')} (repeatable)`, channelOption(channels)),
  };
}

export function conditionFields(o: { operator?: string; threshold?: number; duration?: number; name?: string; description?: string; notify?: string[] }): Record<string, unknown> {
  const b: Record<string, unknown> = {};
  if (o.operator) b.comparison_operator = o.operator;
  if (o.threshold !== undefined) b.threshold_value = o.threshold;
  if (o.duration !== undefined) b.duration_minutes = o.duration;
  if (o.name) b.name = o.name;
  if (o.description) b.description = o.description;
  if (o.notify?.length) b.notification_channels = [...new Set(o.notify)];
  return b;
}
