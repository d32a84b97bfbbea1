// JSON text for output. JSON.parse reads any depth without recursion, but JSON.stringify
// recurses once per level: an answer nested some thousands of levels deep (a hostile or
// broken server, `[[[[...]]]]`) overflows the stack, which surfaced as "unexpected error:
// Maximum call stack size exceeded". Printing goes through here so that case is one
// sentence (TooDeepError, exit 1) instead.

/** A value that cannot be written as JSON text because it nests too deeply. */
export class TooDeepError extends Error {
  override name = 'TooDeepError';
}

/** JSON.stringify(value, null, indent), or a TooDeepError when the value nests too deeply to be written. */
export function jsonText(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent);
  } catch (err) {
    // A stack overflow is a RangeError; anything else (a BigInt, a cycle) is not ours to reword.
    if (err instanceof RangeError)
      throw new TooDeepError('the answer nests too deeply (thousands of levels of arrays or objects) to be printed as JSON; the server sent something no command can show');
    throw err;
  }
}
