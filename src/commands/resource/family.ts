// A product family as the commands see it: the client's ResourceKind, the name of its
// command, how its list and one resource read, a seeded example for help, and the verbs the
// generic commands of this folder make for it (list, get, delete, lifecycle actions, wait,
// diagnose, events, logs, reads); per-family files hold only what is special (create, update...).
import type { ListRoute } from '../../client/resolve.js';
import type { ResourceKind } from '../../client/resources.js';
import type { Resource } from '../../client/resources.js';
import type { Column } from '../../output/table.js';
import { lookWith } from '../kit/wait/operation-words.js';
import type { GenericVerbs } from './verb-specs.js';

export type Item = Resource & Record<string, unknown>;

export interface FamilySpec {
  kind: ResourceKind;
  /** The command word: `vps`, `database`, `storage buckets`. */
  command: string;
  /** `VPS instance`, `bucket`: in descriptions and messages. */
  label: string;
  columns: Column<Item>[];
  /** Key/value lines of `get` (after the status lines every resource shows). */
  details(r: Item, answer: Record<string, unknown>): [string, string | undefined][];
  /** A name and an id `infra sim` seeds, so help examples run there as written. */
  example: { name: string; id: string };
  /**
   * A family whose resources carry no status_details (firewalls) gives its own status in
   * their words, so that one wait serves it too; the read is passed on otherwise unchanged.
   */
  statusOf?: (r: Resource) => Resource;
  /** The web page of one resource (its `url`): `get --web` opens it. Absent: no --web. */
  web?: (r: Item) => string | undefined;
  /** The verbs of this family that say more after a failure (default: diagnose and events). */
  inspect?: readonly string[];
  /**
   * The family's verbs that a generic command makes (list, get, stop...), by their words after
   * the family's: src/commands/index.ts names each and builds it from here (resource/verbs.ts).
   * The verbs of its own (create, update...) are files of the family's folder.
   */
  verbs?: GenericVerbs;
}

/**
 * A read of the family that lists choices by id (`/plans` → `{plans: [{id}]}`, `/images`):
 * what completion offers for --profile and --image, from the route the read command uses.
 */
export function choicesRoute(spec: FamilySpec, sub: 'plans' | 'images'): ListRoute {
  return { path: `${spec.kind.path}/${sub}`, items: sub, names: ['id', 'slug'] };
}

/** Where a failed operation's hint sends the user, when the family's verbs are not the default. */
export function lookOf(spec: FamilySpec, id: string): { look?: string } {
  return spec.inspect ? { look: lookWith(spec.command, spec.inspect, id) } : {};
}

/** A read as the wait sees it: with the family's own status where it has no status_details. */
export function withStatus(spec: FamilySpec, r: Resource): Resource {
  return spec.statusOf && !r.status_details ? spec.statusOf(r) : r;
}

/**
 * The ID column of a resource list whose ids are UUIDs: on a narrow terminal its shortest
 * unique prefix, which every command taking a reference accepts back (name resolution,
 * src/client/resolve.ts). Not for integer ids: they are short, and a run of digits is taken
 * as a whole id, never as a prefix.
 */
export function idColumn<T extends { id: unknown }>(): Column<T> {
  return { header: 'ID', value: (r) => String(r.id), fit: { kind: 'id' } };
}

/** Text of a field that may come in any type. */
export function field(r: Record<string, unknown>, key: string): string | undefined {
  const v = r[key];
  if (v === undefined || v === null || v === '') return undefined;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}
