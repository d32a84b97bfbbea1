// Short ids, one rule for both directions: a table on a narrow terminal shows an id as its
// shortest unique prefix of at least SHORT_ID characters (as git shows commits), and name
// resolution (src/client/resolve.ts) accepts such a prefix back, so what is shown can be pasted.

/** The shortest id prefix shown, and the shortest accepted as a reference. */
export const SHORT_ID = 8;

/** Pure: the length at which every distinct id's prefix differs from the others' (at least SHORT_ID). */
export function uniquePrefixLength(ids: Iterable<string>): number {
  const distinct = [...new Set(ids)];
  let longest = 0;
  for (const id of distinct) if (id.length > longest) longest = id.length;
  for (let n = SHORT_ID; n < longest; n++) if (new Set(distinct.map((id) => id.slice(0, n))).size === distinct.length) return n;
  return Math.max(SHORT_ID, longest);
}

/** Pure: whether `ref` may be taken as a prefix of ids (long enough to be one that is shown). */
export function isIdPrefix(ref: string): boolean {
  return ref.length >= SHORT_ID && /^[0-9a-z-]+$/i.test(ref);
}
