// The default branch of a switch over a union (an outcome, a phase, a kind): tsc refuses the
// call while a member has no case, because only then is the value `never`. The linter sees
// exhaustiveness only where a type is written out; tsc sees it everywhere.

/** `default: return exhaustive(x)`: a compile error when a member of x's union has no case; throws if reached anyway. */
export function exhaustive(value: never): never {
  throw new Error(`unhandled case: ${JSON.stringify(value)}`);
}
