// A firewall's rules as a file says them and as they are compared: the defaults filled in
// (inbound, allow; a single port is a range of one), what the server adds (ids, nulls) left
// out, in their order. An export writes them the same way, so equal rules compare equal.
import type { Value } from './fields.js';

const KEYS = ['name', 'description', 'action', 'direction', 'protocol', 'port_range_start', 'port_range_end', 'source_ips'] as const;
const PROTOCOLS = ['tcp', 'udp', 'icmp', 'any', 'gre', 'esp'];
// What the server adds to a rule: not part of what a file says.
const SERVER_KEYS = ['id', 'order', 'firewall_id', 'created_at', 'updated_at'];

type Rule = { [key: string]: Value };

/**
 * Checks and normalises a list of rules; throws a TypeError naming the rule and field. The
 * server's rules (`live`) may carry fields a file does not: they are left out, not refused.
 */
export function normaliseRules(v: Value, where: string, live = false): Value {
  if (!Array.isArray(v)) throw new TypeError(`${where} must be a list of rules`);
  const rules = v.map((r, i) => ({ r: r as Rule, i }));
  // Rules as read carry their order; a file's are in the order written.
  rules.sort((a, b) => orderOf(a.r, a.i) - orderOf(b.r, b.i));
  return rules.map(({ r, i }) => normaliseRule(r, `${where}[${i}]`, live));
}

function orderOf(r: Rule, i: number): number {
  return typeof r.order === 'number' ? r.order : i + 1;
}

function normaliseRule(r: Rule, where: string, live: boolean): Rule {
  for (const k of Object.keys(r))
    if (!live && !(KEYS as readonly string[]).includes(k) && !SERVER_KEYS.includes(k)) throw new TypeError(`${where}.${k} is not a field of a rule (known: ${KEYS.join(', ')})`);
  const text = (k: string) => {
    const x = r[k];
    if (x === undefined || x === null) return undefined;
    if (typeof x !== 'string') throw new TypeError(`${where}.${k} must be a text`);
    return x;
  };
  const port = (k: string) => {
    const x = r[k];
    if (x === undefined || x === null) return undefined;
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 1 || x > 65535) throw new TypeError(`${where}.${k} must be a port from 1 to 65535`);
    return x;
  };
  const out: Rule = {};
  const name = text('name');
  if (name !== undefined) out.name = name;
  const description = text('description');
  if (description !== undefined) out.description = description;
  const action = text('action') ?? 'allow';
  if (action !== 'allow' && action !== 'deny') throw new TypeError(`${where}.action must be allow or deny`);
  out.action = action;
  const direction = text('direction') ?? 'inbound';
  if (direction !== 'inbound' && direction !== 'outbound') throw new TypeError(`${where}.direction must be inbound or outbound`);
  out.direction = direction;
  const protocol = text('protocol');
  if (protocol === undefined || !PROTOCOLS.includes(protocol)) throw new TypeError(`${where}.protocol must be one of ${PROTOCOLS.join(', ')}`);
  out.protocol = protocol;
  const start = port('port_range_start');
  const end = port('port_range_end') ?? start;
  if (start !== undefined) {
    if (end! < start) throw new TypeError(`${where}.port_range_end must not be below port_range_start`);
    out.port_range_start = start;
    out.port_range_end = end!;
  } else if (end !== undefined) throw new TypeError(`${where}.port_range_end needs port_range_start`);
  const sources = r.source_ips;
  if (sources !== undefined && sources !== null) {
    if (!Array.isArray(sources) || sources.some((s) => typeof s !== 'string')) throw new TypeError(`${where}.source_ips must be a list of addresses or CIDR ranges`);
    if (sources.length) out.source_ips = sources;
  }
  return out;
}
