// The generic verbs a family descriptor lists (FamilySpec.verbs), and how one becomes a command.
// The command index routes `infra <family> <verb>` here: it loads the family's module and the
// one builder the verb needs, nothing else, so start-up pays for the command that runs alone.
import type { CommandDef } from '../../cli/command.js';
import type { DatastoreKind } from '../../client/datastores.js';
import type { FamilySpec } from './family.js';
import type { ReadSpec } from './read.js';
import type { SwitchSpec } from './switch.js';

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
  | { make: 'datastore dns'; store: DatastoreKind; enable: boolean }
  | { make: 'force-stop' };

export type GenericVerbs = Readonly<Record<string, GenericVerb>>;

/** The command of `word` (`list`, `dns enable`) as the family's descriptor describes it. */
export async function makeVerb(spec: FamilySpec, word: string): Promise<CommandDef> {
  const v = spec.verbs?.[word];
  if (!v) throw new Error(`${spec.command}: the family lists no verb '${word}' (src/commands/index.ts names one)`);
  switch (v.make) {
    case 'list':
      return (await import('./list.js')).listCommand(spec, v.examples);
    case 'get':
      return (await import('./get.js')).getCommand(spec);
    case 'delete':
      return (await import('./delete.js')).deleteCommand(v.example ? { ...spec, example: v.example } : spec);
    case 'action':
      return (await import('./action.js')).actionCommand(spec, { verb: word, description: v.description, examples: v.examples });
    case 'read': {
      const { make: _, ...read } = v;
      return (await import('./read.js')).readCommand(spec, { verb: word, ...read });
    }
    case 'switch': {
      const { make: _, ...s } = v;
      return (await import('./switch.js')).switchCommand(spec, { verb: word, ...s });
    }
    case 'wait':
      return (await import('./wait-command.js')).waitCommand(spec);
    case 'diagnose':
      return (await import('./diagnose.js')).diagnoseCommand(spec);
    case 'events':
      return (await import('./events.js')).eventsCommand(spec);
    case 'logs':
      return (await import('./logs.js')).logsCommand(spec);
    case 'datastore list':
      return (await import('./datastore.js')).listCommand(v.store);
    case 'datastore credentials':
      return (await import('./datastore.js')).credentialsCommand(v.store);
    case 'datastore dns':
      return (await import('./datastore.js')).dnsCommand(v.store, v.enable);
    case 'force-stop':
      return (await import('./force-stop.js')).forceStopCommand(spec);
  }
}
