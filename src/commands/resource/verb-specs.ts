// What a family descriptor says of each generic verb it lists (FamilySpec.verbs): data only, so
// the descriptor needs none of the builders (resource/verbs.ts turns a verb into a command).
import type { DatastoreKind } from '../../client/datastores.js';

/** A read of a family that is neither a list nor one resource (resource/read.ts). */
export interface ReadSpec {
  verb: string;
  description: string;
  /** Path below the family's: `/plans`, or `/{id}/metrics` when `perResource`. */
  sub: string;
  perResource: boolean;
  /** Field names holding secrets: masked unless --show-secrets. */
  secrets?: readonly string[];
  examples?: string[];
  /** The answer as a person reads it (key, value lines); unset: every field flattened. */
  view?: (answer: Record<string, unknown>) => [string, string | undefined][];
}

/** Switching a resource on or off (resource/switch.ts). */
export interface SwitchSpec {
  verb: string;
  /** The state wanted: enabled or not. */
  enabled: boolean;
  /** `toggle` flips; `enabled` takes `{enabled}`. */
  route: 'toggle' | 'enabled';
  /** Past tense for messages: `paused`, `enabled`. */
  done: string;
  description: string;
  examples: string[];
}

/** One verb of a family, built by a generic command of this folder from the family's spec. */
export type GenericVerb =
  | { make: 'list'; examples?: string[] }
  | { make: 'get' }
  /** `example`: a resource the delete's examples name, where the family's own would be refused. */
  | { make: 'delete'; example?: { name: string; id: string } }
  /** A lifecycle action (POST <path>/{id}/<verb>), waited for like any operation. */
  | { make: 'action'; description: string; examples?: string[] }
  | ({ make: 'read' } & Omit<ReadSpec, 'verb'>)
  | ({ make: 'switch' } & Omit<SwitchSpec, 'verb'>)
  | { make: 'wait' }
  | { make: 'diagnose' }
  | { make: 'events' }
  | { make: 'logs' }
  /** The datastore verbs (databases and caches): their list, credentials, DNS and force-stop. */
  | { make: 'datastore list'; store: DatastoreKind }
  | { make: 'datastore credentials'; store: DatastoreKind }
  | { make: 'datastore connect'; store: DatastoreKind }
  | { make: 'datastore dns'; store: DatastoreKind; enable: boolean }
  | { make: 'force-stop' };

export type GenericVerbs = Readonly<Record<string, GenericVerb>>;
