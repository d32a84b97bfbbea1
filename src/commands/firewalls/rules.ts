// Firewall rules from the command line: `--rule` in a compact form, `--rules` as the API's
// JSON (inline or @file), and the words a rule is shown in. Everything is checked while the
// flags are parsed, so a bad rule is refused (exit 2) before any request.
import { readFileSync } from 'node:fs';
import { InvalidArgumentError } from 'commander';
import { isCidr } from '../../shared/cidr.js';

export type Rule = Record<string, unknown>;

const PROTOCOLS = ['tcp', 'udp', 'icmp', 'any', 'gre', 'esp'];
const DIRECTIONS: Record<string, string> = { in: 'inbound', inbound: 'inbound', out: 'outbound', outbound: 'outbound' };

// With spaces, so that help and the man page can break the line.
export const RULE_SYNTAX = '<protocol>[/<port>[-<port>]], then any of from=<cidr> (repeatable), name=<name>, direction=in|out, action=allow|deny, comma-separated';

function ports(text: string, name: string): [number, number] {
  const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(text);
  const start = Number(m?.[1]);
  const end = m?.[2] === undefined ? start : Number(m[2]);
  if (!m || start < 1 || end > 65535 || end < start) throw new InvalidArgumentError(`${name}: "${text}" is not a port or range from 1 to 65535 (e.g. 443 or 8000-8100).`);
  return [start, end];
}

/** One `--rule`: `tcp/443,from=0.0.0.0/0,name=https` (inbound and allow unless said). */
export function parseRule(value: string, name = '--rule'): Rule {
  const parts = value.split(',').map((p) => p.trim());
  const rule: Rule = { direction: 'inbound', action: 'allow' };
  const sources: string[] = [];
  let range: [number, number] | undefined;
  parts.forEach((part, i) => {
    const eq = part.indexOf('=');
    if (eq < 0 && i === 0) {
      const [proto = '', p] = part.split('/');
      rule.protocol = proto.toLowerCase();
      if (p !== undefined) range = ports(p, name);
      return;
    }
    const key = part.slice(0, eq).toLowerCase();
    const v = part.slice(eq + 1);
    if (eq < 0 || !v) throw new InvalidArgumentError(`${name}: "${part}" is not key=value (${RULE_SYNTAX}).`);
    if (key === 'protocol' || key === 'proto') rule.protocol = v.toLowerCase();
    else if (key === 'port') range = ports(v, name);
    else if (key === 'from' || key === 'source') sources.push(v);
    else if (key === 'name') rule.name = v;
    else if (key === 'description') rule.description = v;
    else if (key === 'direction' && DIRECTIONS[v]) rule.direction = DIRECTIONS[v];
    else if (key === 'action' && (v === 'allow' || v === 'deny')) rule.action = v;
    else throw new InvalidArgumentError(`${name}: "${part}" is not understood (${RULE_SYNTAX}).`);
  });
  if (!PROTOCOLS.includes(String(rule.protocol ?? ''))) throw new InvalidArgumentError(`${name}: a rule starts with its protocol, one of ${PROTOCOLS.join(', ')} (${RULE_SYNTAX}).`);
  if (range && rule.protocol !== 'tcp' && rule.protocol !== 'udp') throw new InvalidArgumentError(`${name}: ports apply to tcp and udp only, not ${String(rule.protocol)}.`);
  const bad = sources.find((s) => !isCidr(s));
  if (bad) throw new InvalidArgumentError(`${name}: "${bad}" is not an IP address or CIDR range.`);
  if (range) Object.assign(rule, { port_range_start: range[0], port_range_end: range[1] });
  if (sources.length) rule.source_ips = sources;
  return rule;
}

/** `--rules`: a JSON array of rules as the API takes them, inline or from `@file`. */
export function parseRulesJson(value: string): Rule[] {
  let text = value;
  if (value.startsWith('@')) {
    try {
      text = readFileSync(value.slice(1), 'utf8');
    } catch (err) {
      throw new InvalidArgumentError(`--rules: cannot read ${value.slice(1)}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}.`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new InvalidArgumentError(`--rules: ${value.startsWith('@') ? value.slice(1) : 'the value'} is not valid JSON.`);
  }
  if (!Array.isArray(parsed) || parsed.some((r) => !r || typeof r !== 'object' || Array.isArray(r)))
    throw new InvalidArgumentError('--rules takes a JSON array of rule objects, e.g. [{"direction":"inbound","protocol":"tcp","port":443}].');
  return parsed as Rule[];
}

/** A rule of a FirewallResource as a request takes it back (an update sends every rule). */
export function asRequestRule(r: Rule): Rule {
  const keep = ['name', 'action', 'direction', 'protocol', 'port_range_start', 'port_range_end', 'source_ips', 'order', 'description'];
  return Object.fromEntries(keep.filter((k) => r[k] !== undefined && r[k] !== null).map((k) => [k, r[k]]));
}

/** `allow inbound tcp 443 from 0.0.0.0/0, ::/0 (https)` */
export function describeRule(r: Rule): string {
  const start = r.port_range_start ?? r.port;
  const end = r.port_range_end ?? start;
  const port = start === undefined || start === null ? '' : start === end ? ` ${String(start)}` : ` ${String(start)}-${String(end)}`;
  const from = Array.isArray(r.source_ips) && r.source_ips.length ? r.source_ips.join(', ') : 'anywhere';
  const dir = String(r.direction ?? '?');
  return `${String(r.action ?? 'allow')} ${dir} ${String(r.protocol ?? '?')}${port} ${dir === 'outbound' ? 'to' : 'from'} ${from}${r.name ? ` (${String(r.name)})` : ''}`;
}
