// Command bodies shared by `database` and `cache`: the two families differ only in the
// path segment, the credentials route and the words used.
import type { App } from '../../cli/app.js';
import { defineCommand, flag, resourceArg, type CommandDef } from '../../cli/command.js';
import { pageOptions } from '../../cli/options.js';
import { UsageError } from '../../cli/errors.js';
import { ConflictError } from '../../client/errors.js';
import type { DatastoreKind } from '../../client/datastores.js';
import { datastoreFamily } from '../../client/families.js';
import type { Client } from '../../client/index.js';
import { DnsAnswer, type Datastore } from '../../client/schemas.js';
import { need } from '../../client/wire.js';
import { pageQuery, renderList } from '../../output/list.js';
import { credentialsView, currentPair, dnsEnabled, pair, privatePair, urlOutput } from './connection.js';
import { idColumn } from './family.js';

// Ids are opaque UUIDs; these are the seeded ones of `infra sim`, so the examples run there as written.
const EXAMPLE = {
  database: { id: '5ac9f32f-5002-4d08-87c4-b9e6716d0bf9', name: 'orders-pg' },
  cache: { id: '1d6e54d7-5670-462c-8b3a-9e1784ba21b4', name: 'sessions-redis' },
} as const;

function idArg(kind: DatastoreKind, given: string): string {
  const ref = given.trim();
  if (!ref) throw new UsageError(`give the ${kind}'s id or name`);
  return ref;
}

/** The instance a reference means: the list item name resolution found, or one read when needed. */
async function resolve(app: App, kind: DatastoreKind, given: string): Promise<{ client: Client; id: string; instance?: Datastore; read: () => Promise<Datastore> }> {
  const ref = idArg(kind, given);
  const client = await app.client();
  const signal = app.ctx.signal;
  const r = await client.datastores.resolve(kind, ref, { signal });
  return { client, id: r.id, instance: r.item, read: async () => r.item ?? (await client.datastores.get(kind, r.id, { signal })).value };
}

/** The engine: `engine.name` on databases; caches have only `provider` (docs/behaviour.md#wire). */
export function engineName(d: Datastore): string {
  return d.engine?.name ?? d.provider?.name ?? d.provider?.type ?? '';
}

export function listCommand(kind: DatastoreKind): CommandDef {
  return defineCommand({
    path: [kind, 'list'],
    description: `list ${kind} instances: engine, version, status, the endpoint to connect to, public DNS on/off`,
    options: pageOptions(),
    examples: [`infra ${kind} list`, `infra ${kind} list --json | jq -r '.[] | "\\(.name) \\(.connection_host):\\(.connection_port)"'`],
    run: async (app, { opts }) => {
      const client = await app.client();
      await renderList<Datastore>(
        app,
        client.datastores.pages(kind, pageQuery(opts)),
        [
          idColumn(),
          { header: 'NAME', value: (d) => d.name ?? '' },
          { header: 'ENGINE', value: engineName },
          { header: 'VERSION', value: (d) => d.version ?? '', fit: { priority: 2 } },
          { header: 'STATUS', value: (d) => d.status_details?.summary ?? d.status ?? '' },
          { header: 'ENDPOINT', value: (d) => currentPair(d) ?? d.endpoint ?? '', fit: { kind: 'text', min: 20, priority: 3 } },
          { header: 'DNS', value: (d) => (dnsEnabled(d) ? 'on' : 'off'), fit: { priority: 1 } },
        ],
        { empty: `no ${kind} instances in this project`, paging: opts },
      );
    },
  });
}

export function credentialsCommand(kind: DatastoreKind): CommandDef {
  const ex = EXAMPLE[kind];
  return defineCommand({
    path: [kind, kind === 'database' ? 'credentials' : 'connection-info'],
    aliases: kind === 'cache' ? ['credentials'] : [],
    description:
      kind === 'database'
        ? 'show how to connect: the current endpoint, both planes, user, password (masked), database and URL'
        : 'show how to connect: the current endpoint, both planes, password (masked) and URL (alias: credentials)',
    args: [resourceArg('<id>', '', datastoreFamily(kind))],
    options: {
      showSecrets: flag('--show-secrets', 'show the password and the URL unmasked'),
      url: flag('--url', 'print only the connection URL: whole when piped (for scripts), password masked on a terminal unless --show-secrets'),
      rotate: flag('--rotate', '', { hidden: true }),
    },
    examples:
      kind === 'database'
        ? [
            `infra database credentials ${ex.name}`,
            `infra database credentials ${ex.id} --show-secrets`,
            `psql "$(infra database credentials ${ex.name} --url)"`,
            `infra database credentials ${ex.name} --json`,
          ]
        : [`infra cache connection-info ${ex.name}`, `infra cache credentials ${ex.id}`, `redis-cli -u "$(infra cache connection-info ${ex.name} --url)"`],
    help: kind === 'database' ? 'Rotate the password with the rotate subcommand (there is no --rotate).' : 'Password rotation is not offered by the API for caches (there is no --rotate).',
    run: async (app, { args, opts }) => {
      if (opts.rotate) {
        if (kind === 'database') throw new UsageError('--rotate is not a flag of this command', `rotate with 'infra database credentials rotate ${args[0]}'`);
        throw new UsageError('password rotation is not offered by the API for caches', 'rotate the password where the instance is managed; this command only reads it');
      }
      const { client, id, read } = await resolve(app, kind, args[0]);
      const signal = app.ctx.signal;
      // --url is data the user asked for by name (psql "$(infra database credentials db --url)"):
      // whole when piped, masked on a terminal unless --show-secrets (urlOutput).
      if (opts.url) {
        const { value } = await client.datastores.credentials(kind, id, { signal });
        return urlOutput(app, need(value.connection_info, `GET /api/v1${kind === 'database' ? `/database/${id}/credentials` : `/cache/${id}/connection-info`}`, 'connection_info'), opts.showSecrets);
      }
      if (app.json) return app.printJson((await client.datastores.credentials(kind, id, { signal })).raw);
      const [creds, instance] = await Promise.all([client.datastores.credentials(kind, id, { signal }), read()]);
      app.keyValue(credentialsView(creds.value, instance, opts.showSecrets));
    },
  });
}

export function dnsCommand(kind: DatastoreKind, enable: boolean): CommandDef {
  const ex = EXAMPLE[kind];
  return defineCommand({
    path: [kind, 'dns', enable ? 'enable' : 'disable'],
    description: enable ? 'enable public DNS; prints dns_hostname:dns_port' : 'disable public DNS; connections use the private endpoint again',
    args: [resourceArg('<id>', '', datastoreFamily(kind))],
    examples: enable ? [`infra ${kind} dns enable ${ex.name}`, `infra ${kind} dns enable ${ex.id} --json`] : [`infra ${kind} dns disable ${ex.name}`],
    run: async (app, { args }) => {
      const { client, id, read } = await resolve(app, kind, args[0]);
      const signal = app.ctx.signal;
      if (!enable) {
        const [answer, instance] = await Promise.all([client.datastores.disableDns(kind, id, { signal }), read()]);
        if (app.json) return app.printJson(answer.raw);
        const priv = privatePair(instance);
        if (priv) app.print(priv);
        app.info(`public DNS is off: connections now use the private endpoint${priv ? ` ${priv}` : ''}`);
        return;
      }
      let raw: unknown;
      let already = false;
      let answer;
      try {
        const res = await client.datastores.enableDns(kind, id, { signal });
        answer = res.value;
        raw = res.raw;
      } catch (err) {
        // 409: public DNS is already on, and the answer carries the pair: the state asked for holds.
        if (!(err instanceof ConflictError && err.status === 409)) throw err;
        const parsed = DnsAnswer.safeParse(err.body);
        if (!parsed.success) throw err;
        answer = parsed.data;
        raw = err.body;
        already = true;
      }
      if (app.json) return app.printJson(raw);
      const pub = pair(answer.dns_hostname, answer.dns_port);
      if (pub) app.print(pub);
      if (already) app.info(`public DNS was already enabled for this ${kind}`);
      const instance = await read().catch(() => undefined);
      const engine = instance?.internal_port ?? instance?.port;
      app.warn(
        `connect with connection_host + connection_port${pub ? ` (${pub})` : ''}, never the DNS name with the engine port${engine ? ` ${engine}` : ''}: ` +
          'on the shared load balancer that port belongs to another instance',
      );
      const priv = instance ? privatePair(instance) : undefined;
      app.info(`the private endpoint${priv ? ` ${priv}` : ''} stays as it is; read endpoints remain private only`);
    },
  });
}
