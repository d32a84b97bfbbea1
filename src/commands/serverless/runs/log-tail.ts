// What to print of a run's log on each poll. GET .../runs/{run}/logs answers the WHOLE text
// every time (real-api ServerlessRunLogs), so the client keeps what it has consumed and prints
// only what is new. Pure: one step per answer, tested as a table.
//
// - While the run goes on, only complete lines are printed (a half-written last line waits
//   for its end, or for the run's end): output never splits a line in two.
// - A text that no longer starts with what was consumed (shorter, or changed at its start:
//   the server switched from the live log to the stored one, or keeps only the end) is said
//   once, then: when the end of what was printed is found at a line start of the new text
//   (a log that keeps only its last lines), only what follows it is printed; otherwise the
//   new text is printed whole.
// - An empty answer (source `none`, between the live and the stored log) changes nothing.

export interface TailState {
  /** The text consumed so far: a prefix of the latest answer, ending after a newline (or at its end once final). */
  consumed: string;
  /** The rewrite was said already (it is said once per follow). */
  noticed: boolean;
}

export interface TailStep {
  state: TailState;
  /** Text to write (ends with a newline, or is empty). */
  out: string;
  /** A one-line remark for stderr, at most once per follow. */
  notice?: string;
}

export const INITIAL_TAIL: TailState = { consumed: '', noticed: false };

/** The longest line-aligned overlap: the length of the longest suffix of `old` starting at a line start that `next` starts with. */
function overlap(old: string, next: string): number {
  for (let start = 0; start < old.length; ) {
    const tail = old.slice(start);
    if (next.startsWith(tail)) return tail.length;
    const nl = old.indexOf('\n', start);
    if (nl < 0) break;
    start = nl + 1;
  }
  return 0;
}

/** One answer of the logs route: what to print, given what was consumed; `final` once the run is terminal. */
export function tailStep(state: TailState, text: string, final: boolean): TailStep {
  // No text at all (between the live log and the stored one): nothing to say yet.
  if (text === '') return { state, out: '' };
  let from: number;
  let notice: string | undefined;
  let noticed = state.noticed;
  if (text.startsWith(state.consumed)) from = state.consumed.length;
  else {
    const kept = overlap(state.consumed, text);
    from = kept;
    if (!noticed) {
      notice =
        kept > 0
          ? 'the log now starts later (the server keeps only its end); printing what follows what was shown'
          : 'the log was rewritten by the server (shorter, or changed at its start); printing it again from its start';
      noticed = true;
    }
  }
  const fresh = text.slice(from);
  const cut = final ? fresh.length : fresh.lastIndexOf('\n') + 1;
  let out = fresh.slice(0, cut);
  if (final && out.length > 0 && !out.endsWith('\n')) out += '\n';
  return { state: { consumed: text.slice(0, from + cut), noticed }, out, ...(notice ? { notice } : {}) };
}
