// The rules and attachments of a firewall as StoreFirewallRequest / UpdateFirewallRequest
// take them, checked with Laravel's wording (`rules.0.protocol`), and as FirewallResource
// shows them.
import { isCidr } from '../../shared/cidr.js';

export const INSTANCE_TYPES = ['vps', 'cache', 'database', 'queue', 'serverless'] as const;
const DIRECTIONS = ['inbound', 'outbound'];
const PROTOCOLS = ['tcp', 'udp', 'icmp', 'any', 'gre', 'esp'];
const ACTIONS = ['allow', 'deny'];

export interface RuleRecord {
  id: string;
  name: string | null;
  action: string;
  direction: string;
  protocol: string;
  port_range_start: number | null;
  port_range_end: number | null;
  source_ips: string[] | null;
  order: number;
}

export interface Attachment {
  type: string;
  id: string;
}

type Errors = Record<string, string[]>;

const port = (v: unknown) => v === undefined || v === null || (Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 65535);

/** The rules of a request body, or its field errors. `newId` names each stored rule. */
export function readRules(raw: unknown, newId: () => string, errors: Errors): RuleRecord[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    errors.rules = ['The rules field must be an array.'];
    return [];
  }
  return raw.map((item: unknown, i) => {
    const r = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const at = (k: string) => `rules.${i}.${k}`;
    const oneOf = (k: string, allowed: string[], requiredField: boolean) => {
      if (r[k] === undefined || r[k] === null) {
        if (requiredField) errors[at(k)] = [`The ${at(k)} field is required.`];
      } else if (!allowed.includes(String(r[k]))) errors[at(k)] = [`The selected ${at(k)} is invalid.`];
    };
    oneOf('direction', DIRECTIONS, true);
    oneOf('protocol', PROTOCOLS, true);
    oneOf('action', ACTIONS, false);
    for (const k of ['port', 'port_range_start', 'port_range_end']) if (!port(r[k])) errors[at(k)] = [`The ${at(k)} field must be between 1 and 65535.`];
    const start = (r.port_range_start ?? r.port ?? null) as number | null;
    const end = (r.port_range_end ?? r.port ?? start) as number | null;
    if (start !== null && end !== null && end < start) errors[at('port_range_end')] = [`The ${at('port_range_end')} field must be greater than or equal to ${at('port_range_start')}.`];
    let sources: string[] | null = null;
    if (r.source_ips !== undefined && r.source_ips !== null) {
      if (!Array.isArray(r.source_ips)) errors[at('source_ips')] = [`The ${at('source_ips')} field must be an array.`];
      else {
        r.source_ips.forEach((s: unknown, j) => {
          if (typeof s !== 'string' || !isCidr(s)) errors[`${at('source_ips')}.${j}`] = [`The ${at('source_ips')}.${j} field must be a valid IP address or CIDR range.`];
        });
        sources = r.source_ips.map(String);
      }
    }
    return {
      id: newId(),
      name: typeof r.name === 'string' ? r.name : null,
      action: typeof r.action === 'string' ? r.action : 'allow',
      direction: String(r.direction ?? ''),
      protocol: String(r.protocol ?? ''),
      port_range_start: start,
      port_range_end: start === null ? null : end,
      source_ips: sources,
      order: Number.isInteger(r.order) ? (r.order as number) : i + 1,
    };
  });
}

/** `attached_instances` of a request body (ids checked by `exists`), or its field errors. */
export function readAttachments(raw: unknown, exists: (type: string, id: string) => boolean, errors: Errors): Attachment[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    errors.attached_instances = ['The attached instances field must be an array.'];
    return [];
  }
  return raw.flatMap((item: unknown, i) => {
    const { id, type } = (item ?? {}) as Record<string, unknown>;
    if (typeof type !== 'string' || !(INSTANCE_TYPES as readonly string[]).includes(type)) {
      errors[`attached_instances.${i}.type`] = [`The selected attached_instances.${i}.type is invalid.`];
      return [];
    }
    if (typeof id !== 'string' || !exists(type, id)) {
      errors[`attached_instances.${i}.id`] = [`The selected attached_instances.${i}.id is invalid.`];
      return [];
    }
    return [{ type, id }];
  });
}
