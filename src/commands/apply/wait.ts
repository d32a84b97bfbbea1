// `apply --wait`: every resource apply created or updated whose change rolls out is waited for
// at once through the one runner, each as its own command's --wait would: a container's
// rollout (its generation, or the evidence of a server without generations), a database's,
// cache's or queue's operation from the read before the write. Uptime checks, metric alerts and
// firewalls are done when the write answers: nothing to wait for.
import type { App } from '../../cli/app.js';
import type { Client } from '../../client/index.js';
import type { Resource } from '../../client/resources.js';
import type { Container } from '../../client/schemas.js';
import type { ContainerRead, CreateResult } from '../../client/serverless.js';
import type { WaitFlags } from '../kit/wait/flags.js';
import { readSubject } from '../kit/wait/operation.js';
import type { WaitSubject } from '../kit/wait/runner.js';
import { baselineOf } from '../../wait/decide.js';
import { datastoreKind, QUEUE_KIND } from '../../client/families.js';
import type { ResourceKind } from '../../client/resources.js';
import { sharedContainerReads } from '../kit/wait/container-list.js';
import { createTarget, type Prepared, prepareKnown, rolloutSubject, sendChange } from '../kit/wait/container-flow.js';
import type { BeforeWrite, Done, Planned } from './engine.js';

interface Watcher {
  /** Before an update is sent: the read a wait compares with, or a running rollout settled. */
  prepare(p: Planned): Promise<unknown>;
  /** The wait of a change; undefined when the change rolls nothing out. */
  subject(d: Done): Promise<WaitSubject | undefined>;
}

/** The watchers of one apply run, by the family word of each adapter. */
export function watchers(app: App, client: Client, flags: WaitFlags): BeforeWrite & { subjects(done: readonly Done[]): Promise<WaitSubject[]> } {
  const signal = app.ctx.signal;
  // A datastore's or a queue's operation, as `infra <command> update --wait` follows it.
  const operation = (command: string, kind: ResourceKind): Watcher => {
    const read = async (id: string, sig: AbortSignal) => (await client.resources.get(kind, id, { signal: sig })).value;
    return {
      // The list item is the baseline when it carries a status; a queue's does not: read it then.
      prepare: async (p) => ((p.live!.raw as Resource).status_details ? (p.live!.raw as Resource) : read(p.live!.id, signal)),
      subject: async (d) => {
        const before = d.action === 'created' ? null : (d.prepared as Resource);
        const initial = d.answer && typeof d.answer === 'object' && 'id' in d.answer ? (d.answer as Resource) : undefined;
        const subject = {
          command,
          noun: kind.noun,
          id: d.id,
          name: d.planned.entry.name,
          verb: d.action === 'created' ? 'create' : 'update',
          target: { baseline: before === null ? null : baselineOf(before) },
        };
        return readSubject(app, subject, { fetch: (sig) => read(d.id, sig), endpoint: `GET /api/v1${kind.path}/${d.id}`, ...(initial ? { initial } : {}) });
      },
    };
  };
  // Several containers share one list read per cycle, as `serverless wait a b c` does.
  let shared: ReturnType<typeof sharedContainerReads> | undefined;
  let containersChanged = 0;
  const sharedReads = () => {
    if (containersChanged < 2) return undefined;
    shared ??= sharedContainerReads(client, app.ctx.clock, signal, flags.intervalMs);
    return shared;
  };
  const containers: Watcher = {
    prepare: (p) => prepareKnown(app, client, { id: p.live!.id, name: p.entry.name, item: p.live!.raw as unknown as Container, ref: p.entry.name }, flags),
    subject: async (d) => {
      if (d.action === 'created') {
        const created = d.answer as CreateResult;
        const c = created.container;
        const pollAfterMs = created.operation?.poll_after_ms ?? undefined;
        return rolloutSubject(
          app,
          client,
          { subject: { id: c.id, name: c.name ?? d.planned.entry.name, target: createTarget(c) }, start: { initial: c, ...(pollAfterMs ? { pollAfterMs } : {}) } },
          sharedReads(),
        );
      }
      // The write was sent already: its answer goes through the same checks as any update's.
      const sent = await sendChange(client, d.prepared as Prepared, async () => d.answer as ContainerRead, signal);
      if (!sent.rollout) {
        app.info(`${d.planned.entry.name}: the server started no new generation for this change, so no rollout follows and there is none to wait for`);
        return undefined;
      }
      return rolloutSubject(app, client, { subject: { id: d.id, name: sent.name, target: sent.target }, start: sent.start }, sharedReads());
    },
  };
  const byFamily: Record<string, Watcher> = {
    serverless: containers,
    database: operation('database', datastoreKind('database')),
    cache: operation('cache', datastoreKind('cache')),
    queue: operation('queue', QUEUE_KIND),
  };
  return {
    prepare: async (p) => byFamily[p.adapter.family]?.prepare(p),
    async subjects(done) {
      containersChanged = done.filter((d) => d.planned.adapter.family === 'serverless' && d.action !== 'unchanged').length;
      const out: WaitSubject[] = [];
      for (const d of done) {
        const w = d.action === 'unchanged' ? undefined : byFamily[d.planned.adapter.family];
        const s = w && (d.action === 'created' || d.answer !== undefined || d.planned.adapter.family !== 'serverless') ? await w.subject(d) : undefined;
        if (s) out.push(s);
      }
      return out;
    },
  };
}
