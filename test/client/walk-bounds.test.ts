// The page cap of every walk, in process (10,000 requests through a MockAgent): the process
// tests in test/hostile/bounds.test.ts reach the item cap, which needs fewer requests.
import { MockAgent } from 'undici';
import * as z from 'zod/mini';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../src/client/http.js';
import { paginate } from '../../src/client/paginate.js';
import { EndlessListError, MAX_PAGES, WalkGuard } from '../../src/client/walk-bounds.js';

let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

describe('page walks', () => {
  it(`stop after ${MAX_PAGES} pages of a server announcing 1e9, with the items read so far yielded first`, async () => {
    agent = new MockAgent();
    agent.disableNetConnect();
    let asked = 0;
    agent
      .get('http://api.test')
      .intercept({ path: () => true, method: 'GET' })
      .reply((req) => {
        asked++;
        const page = Number(new URL(req.path, 'http://x').searchParams.get('page'));
        return { statusCode: 200, data: JSON.stringify({ data: [{ id: `v${page}` }], pagination: { current_page: page, last_page: 1e9, per_page: 1, total: 1e9 } }) };
      })
      .persist();
    const http = new HttpClient({ apiUrl: 'http://api.test', token: 't', dispatcher: agent });
    let items = 0;
    let error: unknown;
    try {
      for await (const page of paginate(http, '/vps', z.unknown(), { all: true })) items += page.raw.length;
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EndlessListError);
    expect((error as Error).message).toBe('stopped reading GET /api/v1/vps after 10000 pages, the most infra reads of one list (the API announces 1000000000 pages); the list is incomplete');
    expect(items).toBe(MAX_PAGES);
    expect(asked).toBe(MAX_PAGES);
  }, 60_000);

  it('a cursor seen before is a circle; the first cursor given counts as seen', () => {
    const guard = new WalkGuard('GET /api/v1/x');
    expect(guard.seenCursor('A')).toBe(false);
    expect(guard.seenCursor('B')).toBe(false);
    expect(guard.seenCursor('A')).toBe(true);
    expect(guard.circle('x'.repeat(100)).message).toContain(`"${'x'.repeat(37)}..."`);
  });

  it('log walks have no item bound, only the page bound', () => {
    const guard = new WalkGuard('GET /api/v1/x/logs', Number.POSITIVE_INFINITY);
    guard.cursorPage(5_000_000);
    expect(() => guard.next()).not.toThrow();
    for (let i = 1; i < MAX_PAGES; i++) guard.cursorPage(1);
    expect(() => guard.next()).toThrow(/after 10000 pages/);
  });
});
