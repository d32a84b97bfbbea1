// Command bodies shared by `database` and `cache`: the two families differ only in the
// path segment, the credentials route and the words used.
import type { App, CommandRun } from '../../cli/app.js';
import { UsageError } from '../../cli/errors.js';
import { ConflictError } from '../../client/errors.js';
import type { DatastoreKind } from '../../client/datastores.js';
import type { Client } from '../../client/index.js';
import { DnsAnswer, type Datastore } from '../../client/schemas.js';
import { need } from '../../client/wire.js';
import { pageQuery, renderList } from '../../output/list.js';
import { credentialsView, currentPair, dnsEnabled, pair, privatePair } from './connection.js';

const ROTATION = 'password rotation is not offered by the API';

function idArg(kind: DatastoreKind, args: unknown[]): string {
  const ref = String(args[0] ?? '').trim();
  if (!ref) throw new UsageError(`give the ${kind}'s id or name`);
  return ref;
}

/** The instance a reference means: the list item name resolution found, or one read when needed. */
async function resolve(app: App, kind: DatastoreKind, args: unknown[]): Promise<{ client: Client; id: string; instance?: Datastore; read: () => Promise<Datastore> }> {
  const ref = idArg(kind, args);
  const client = await app.client();
  const signal = app.ctx.signal;
  const r = await client.datastores.resolve(kind, ref, { signal });
  return { client, id: r.id, instance: r.item, read: async () => r.item ?? (await client.datastores.get(kind, r.id, { signal })).value };
}

/** The engine: `engine.name` on databases; caches have only `provider` (contract 12). */
export function engineName(d: Datastore): string {
  return d.engine?.name ?? d.provider?.name ?? d.provider?.type ?? '';
}

export function listRun(kind: DatastoreKind): CommandRun {
  return async (app, { opts }) => {
    const client = await app.client();
    await renderList<Datastore>(
      app,
      client.datastores.pages(kind, pageQuery(opts)),
      [
        { header: 'ID', value: (d) => d.id },
        { header: 'NAME', value: (d) => d.name ?? '' },
        { header: 'ENGINE', value: engineName },
        { header: 'VERSION', value: (d) => d.version ?? '' },
        { header: 'STATUS', value: (d) => d.status_details?.summary ?? d.status ?? '' },
        { header: 'ENDPOINT', value: (d) => currentPair(d) ?? d.endpoint ?? '' },
        { header: 'DNS', value: (d) => (dnsEnabled(d) ? 'on' : 'off') },
      ],
      { empty: `no ${kind} instances in this project`, all: opts.all === true },
    );
  };
}

export function credentialsRun(kind: DatastoreKind): CommandRun {
  return async (app, { args, opts }) => {
    if (opts.rotate) throw new UsageError(ROTATION, 'rotate the password where the instance is managed; this command only reads it');
    const { client, id, read } = await resolve(app, kind, args);
    const signal = app.ctx.signal;
    // --url is data the user asked for by name (psql "$(infra database credentials db --url)").
    if (opts.url) {
      const { value } = await client.datastores.credentials(kind, id, { signal });
      return app.print(need(value.connection_info, `GET /api/v1${kind === 'database' ? `/database/${id}/credentials` : `/cache/${id}/connection-info`}`, 'connection_info'));
    }
    if (app.json) return app.printJson((await client.datastores.credentials(kind, id, { signal })).raw);
    const [creds, instance] = await Promise.all([client.datastores.credentials(kind, id, { signal }), read()]);
    app.keyValue(credentialsView(creds.value, instance, opts.showSecrets === true));
  };
}

export function dnsRun(kind: DatastoreKind, enable: boolean): CommandRun {
  return async (app, { args }) => {
    const { client, id, read } = await resolve(app, kind, args);
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
  };
}
