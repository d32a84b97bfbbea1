// `--to vps:web-1`: the instance a firewall is attached to or detached from, by type and id
// or name (a name costs one list request of that family).
import { InvalidArgumentError } from 'commander';
import type { App } from '../../cli/app.js';
import type { ResourceKind } from '../../client/resources.js';

export const INSTANCE_TYPES = ['vps', 'cache', 'database', 'queue', 'serverless'] as const;
export type InstanceType = (typeof INSTANCE_TYPES)[number];

const KINDS: Record<InstanceType, ResourceKind> = {
  vps: { path: '/vps', noun: 'VPS', ids: 'uuid', wrapper: 'instance', permission: 'vps' },
  cache: { path: '/cache', noun: 'cache', ids: 'uuid', wrapper: 'instance', permission: 'cache' },
  database: { path: '/database', noun: 'database', ids: 'uuid', wrapper: 'instance', permission: 'database' },
  queue: { path: '/queue', noun: 'queue', ids: 'uuid', wrapper: 'instance', permission: 'queue' },
  serverless: { path: '/serverless', noun: 'container', ids: 'uuid', wrapper: 'container', permission: 'serverless', aliases: ['slug'] },
};

export interface Target {
  type: InstanceType;
  ref: string;
}

/** argParser of `--to` / `--from`: `<type>:<id or name>`. */
export function targetOption(name: string) {
  return (value: string): Target => {
    const i = value.indexOf(':');
    const type = value.slice(0, Math.max(i, 0));
    const ref = value.slice(i + 1).trim();
    if (i < 0 || !(INSTANCE_TYPES as readonly string[]).includes(type) || !ref || /\s/.test(ref))
      throw new InvalidArgumentError(`${name} takes <type>:<id or name> with a type of ${INSTANCE_TYPES.join(', ')} (e.g. vps:web-1), got "${value}".`);
    return { type: type as InstanceType, ref };
  };
}

/** `{instance_type, instance_id}` of the request, the name resolved to its id. */
export async function targetBody(app: App, t: Target): Promise<{ instance_type: InstanceType; instance_id: string }> {
  const client = await app.client();
  const { id } = await client.resources.resolve(KINDS[t.type], t.ref, { signal: app.ctx.signal });
  return { instance_type: t.type, instance_id: id };
}
