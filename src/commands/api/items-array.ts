// `api --paginate` output: one JSON array of every item, the very text that
// JSON.stringify(items, null, 2) gives (the contract's format), but written page by page as
// the pages come, so memory stays flat however many pages the list has (an `api --paginate`
// that gathered every page first died of V8's heap limit on a server announcing 1e9 pages).
// When the walk stops with an error, the array is left open: a truncated list must not read
// as a complete JSON document.
import type { OutStream } from '../../output/stream.js';
import { jsonText } from '../../shared/json-text.js';

export async function writeItemsArray(out: OutStream, pages: AsyncIterable<{ raw: unknown[] }>): Promise<number> {
  let count = 0;
  for await (const page of pages) {
    let text = '';
    // Each item indented one level: JSON strings hold no raw newlines, so every newline is structure.
    for (const item of page.raw) text += (count++ === 0 ? '[\n  ' : ',\n  ') + jsonText(item, 2).replaceAll('\n', '\n  ');
    if (text === '') continue;
    out.write(text);
    await drained(out);
  }
  out.write(count ? '\n]\n' : '[]\n');
  return count;
}

/** Resolves once a stream that asked for it has drained (a pipe to a slower reader), so pages do not queue up in memory. */
function drained(out: OutStream): Promise<void> | undefined {
  const s = out as OutStream & { writableNeedDrain?: boolean; once?: (event: 'drain', listener: () => void) => unknown };
  if (!s.writableNeedDrain || typeof s.once !== 'function') return undefined;
  return new Promise((resolve) => s.once?.('drain', resolve));
}
