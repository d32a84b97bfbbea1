// The generic verbs a family descriptor lists (FamilySpec.verbs), and how one becomes a command.
// The command index routes `infra <family> <verb>` here: it loads the family's module and the
// one builder the verb needs, nothing else, so start-up pays for the command that runs alone.
import type { CommandDef } from '../../cli/command.js';
import type { FamilySpec } from './family.js';

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
    case 'datastore connect':
      return (await import('./datastore-connect.js')).connectCommand(v.store);
    case 'datastore dns':
      return (await import('./datastore.js')).dnsCommand(v.store, v.enable);
    case 'force-stop':
      return (await import('./force-stop.js')).forceStopCommand(spec);
  }
}
