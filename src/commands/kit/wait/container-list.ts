// The container list as the shared read of many waits (src/wait/shared-reads.ts): one walk of
// GET /serverless per cycle, in pages of 200, given up as soon as it would cost more pages
// than the single reads it replaces.
import type { Client } from '../../../client/index.js';
import { ALL_PER_PAGE } from '../../../client/paginate.js';
import type { Container } from '../../../client/schemas.js';
import { SharedReads } from '../../../wait/shared-reads.js';
import type { Clock } from '../../../client/clock.js';
import { UnavailableError } from '../../../client/errors.js';

/** Every container of the project, or undefined when the list has more than `pages` pages (of 200). */
export async function listedContainers(client: Client, pages: number, signal: AbortSignal): Promise<Container[] | undefined> {
  const items: Container[] = [];
  for await (const page of client.serverless.pages({ all: true, perPage: ALL_PER_PAGE, signal })) {
    if (page.pagination.last_page > pages) return undefined;
    items.push(...page.items);
  }
  return items;
}

export function sharedContainerReads(client: Client, clock: Clock, signal: AbortSignal, capMs: number): SharedReads<Container> {
  return new SharedReads<Container>(
    {
      list: async (sig, pages) => {
        try {
          return await listedContainers(client, pages, sig);
        } catch (err) {
          // A passing failure is each wait's failed read (retried); anything else with the list
          // (an item it cannot read, a route refused) is no reason to fail a wait that reads its own container.
          if (sig.aborted || err instanceof UnavailableError) throw err;
          return undefined;
        }
      },
      get: async (id, sig) => (await client.serverless.get(id, { signal: sig })).container,
    },
    { clock, signal, capMs },
  );
}
