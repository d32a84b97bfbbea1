// Command bodies shared by `database` and `cache`: the two families differ only in the
// path segment, the credentials route and the words used.
import type { App, CommandRun } from '../../cli/app.js';
import { UsageError } from '../../cli/errors.js';
import type { DatastoreKind } from '../../client/databases.js';
import type { Cache, Database } from '../../client/schemas.js';
import { pageQuery, renderList } from '../../output/list.js';
import { credentialsView, currentPair, dnsEnabled, privatePair, publicPair } from './connection.js';

const ROTATION = 'password rotation is not offered by the API';

function idArg(kind: DatastoreKind, args: unknown[]): string {
  const ref = String(args[0] ?? '').trim();
  if (!ref) throw new UsageError(`give the ${kind}'s id or name`);
  return ref;
}

async function resolve(app: App, kind: DatastoreKind, args: unknown[]) {
  const ref = idArg(kind, args);
  const client = await app.client();
  return { client, id: await client.databases.resolveId(kind, ref) };
}

export function listRun(kind: DatastoreKind): CommandRun {
  return async (app, { opts }) => {
    const client = await app.client();
    const q = pageQuery(opts);
    const pages = kind === 'database' ? client.databases.databases(q) : client.databases.caches(q);
    await renderList<Database | Cache>(
      app,
      pages,
      [
        { header: 'ID', value: (d) => String(d.id) },
        { header: 'NAME', value: (d) => d.name },
        { header: 'ENGINE', value: (d) => d.engine },
        { header: 'VERSION', value: (d) => d.version ?? '' },
        { header: 'STATUS', value: (d) => d.status ?? '' },
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
    const { client, id } = await resolve(app, kind, args);
    const { value, raw } = await client.databases.credentials(kind, id);
    // --url is data the user asked for by name (psql "$(infra database credentials 12 --url)").
    if (opts.url) return app.print(value.connection_info);
    if (app.json) return app.printJson(raw);
    app.keyValue(credentialsView(value, opts.showSecrets === true));
  };
}

export function dnsRun(kind: DatastoreKind, enable: boolean): CommandRun {
  return async (app, { args }) => {
    const { client, id } = await resolve(app, kind, args);
    const { value, raw } = await client.databases.setDns(kind, id, enable);
    if (app.json) return app.printJson(raw);
    const current = currentPair(value);
    if (enable) {
      const pub = publicPair(value);
      if (pub) app.print(pub);
      app.warn(
        `connect with connection_host + connection_port${current ? ` (${current})` : ''}, never the DNS name with the engine port${value.port ? ` ${value.port}` : ''}: ` +
          'on the shared load balancer that port belongs to another instance',
      );
      app.info(`the private endpoint${privatePair(value) ? ` ${privatePair(value)}` : ''} stays as it is; read endpoints remain private only`);
      return;
    }
    const priv = privatePair(value) ?? current;
    if (priv) app.print(priv);
    app.info(`public DNS is off: connections now use the private endpoint${priv ? ` ${priv}` : ''}`);
  };
}
